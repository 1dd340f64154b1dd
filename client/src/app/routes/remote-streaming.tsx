/**
 * Remote Cam (/remote-streaming and /remote-streaming/:sessionId, open routes). With a session
 * id, or signed out, this is the phone's page; signed in without one, the desktop opens a
 * session and shows the phone's video; once the phone is live, it leads to practice or analysis
 * with that camera (the session stays open above the routes, and those screens offer its stream).
 */
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { PageTitle } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { parseJoinLink, PhoneCamera, RemoteSessionPanel, useLivePhoneStream } from '@/features/remote-camera';
import { useAppStore } from '@/stores/app-store';

export function RemoteStreamingRoute() {
  const { sessionId } = useParams();
  const { hash } = useLocation();
  const isSignedIn = useAppStore((state) => state.currentUser !== null);
  const [isPhone, setPhone] = useState(false);
  const isLive = useLivePhoneStream() !== null;

  if (sessionId || !isSignedIn || isPhone) {
    return <PhoneCamera key={sessionId ?? 'code'} link={parseJoinLink(sessionId, hash)} sessionId={sessionId} />;
  }
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>Use your phone as a camera</PageTitle>
      <RemoteSessionPanel />
      {isLive ? (
        <section aria-labelledby="use-camera-title" className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
          <h2 id="use-camera-title" className="text-lg font-semibold">
            Use this camera
          </h2>
          <p className="text-muted">Choose what to do: the phone stays connected, and its camera is offered when you start.</p>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.discover()} className={buttonClasses('primary')}>
              Practise with this camera
            </Link>
            <Link to={paths.movescoreSelectGroup()} className={buttonClasses('secondary')}>
              Analyse with this camera
            </Link>
          </div>
        </section>
      ) : null}
      <Button variant="ghost" className="self-start" onClick={() => setPhone(true)}>
        This device is the phone: enter a code
      </Button>
    </div>
  );
}
