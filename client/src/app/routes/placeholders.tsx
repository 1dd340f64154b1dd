/** Screens of this release's navigation whose content comes next. */
import { Link, useParams } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { PlaceholderPage } from '@/components/ui/page';
import { paths } from '@/config/paths';

export function DiscoverRoute() {
  return <PlaceholderPage title="Discover" description="Browse categories and activities to practise. The catalogue opens here soon." />;
}

export function DiscoverActivityRoute() {
  const { id = '' } = useParams();
  return (
    <div className="flex flex-col gap-4">
      <PlaceholderPage title="Activity" description="The details of this activity, its movements and routines open here soon." />
      <Link to={paths.discover()} className={buttonClasses('secondary', 'self-start')}>
        Back to Discover
      </Link>
      <p className="sr-only">Activity {id}</p>
    </div>
  );
}

export function RemoteStreamingRoute() {
  const { sessionId } = useParams();
  return (
    <PlaceholderPage
      title="Remote Cam"
      description={
        sessionId
          ? 'Your phone will stream its camera to the desktop session from this page.'
          : 'Use your phone as a camera: open a session on the desktop and scan its QR code, or type its pairing code here.'
      }
    />
  );
}
