import { Link, useParams } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { PlaceholderPage } from '@/components/ui/page';
import { paths } from '@/config/paths';

/** The camera practice screen (loaded on demand: it will carry the pose model). */
export default function PracticeRoute() {
  const { mode = '' } = useParams();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 p-4">
      <PlaceholderPage title="Practice" description={`Practise this ${mode || 'activity'} in front of your camera; the movement is analysed on this device.`} />
      <Link to={paths.home()} className={buttonClasses('secondary', 'self-start')}>
        Back home
      </Link>
    </div>
  );
}
