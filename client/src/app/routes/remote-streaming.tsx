/**
 * Remote Cam (/remote-streaming and /remote-streaming/:sessionId, open routes). With a session
 * id, or signed out, this is the phone's page; signed in without one, a phone is asked first
 * whether it is the camera (it leads) or the screen, and the desktop opens a session and shows
 * the phone's video; once the phone is live, it leads to practice or analysis
 * with that camera (the session stays open above the routes, and those screens offer its stream).
 */
import { BREAKPOINTS } from '@movelab/shared';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { PageTitle } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { parseJoinLink, PhoneCamera, RemoteSessionPanel, useLivePhoneStream } from '@/features/remote-camera';
import { useAppStore } from '@/stores/app-store';

/** A narrow touch screen: a phone, more likely the camera than the screen that watches it. */
export function isPhoneScreen(): boolean {
  if (typeof window.matchMedia !== 'function') return false;
  return window.matchMedia('(pointer: coarse)').matches && window.innerWidth < BREAKPOINTS.md;
}

/**
 * On a phone, its role comes first: the camera, typing the computer's code (or scanning its QR
 * code); showing a code for another phone is the second choice.
 */
function PhoneRoles({ onCamera, onScreen }: { onCamera: () => void; onScreen: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>Remote Cam</PageTitle>
      <section aria-labelledby="phone-role-title" className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
        <h2 id="phone-role-title" className="text-xl font-semibold">
          This device is the phone
        </h2>
        <p>Film yourself with this phone for Movelab open on a computer: type the code the computer shows, or scan its QR code with this phone.</p>
        <Button className="self-start" onClick={onCamera}>
          Use this phone as the camera
        </Button>
      </section>
      <section aria-labelledby="screen-role-title" className="flex flex-col gap-3">
        <h2 id="screen-role-title" className="text-lg font-semibold">
          This device is the screen
        </h2>
        <p className="text-muted">Watch here and film with another phone: this device shows a code and a QR code for it.</p>
        <Button variant="secondary" className="self-start" onClick={onScreen}>
          Show a code for another phone
        </Button>
      </section>
    </div>
  );
}

export function RemoteStreamingRoute() {
  const { sessionId } = useParams();
  const { hash } = useLocation();
  const isSignedIn = useAppStore((state) => state.currentUser !== null);
  const [role, setRole] = useState<'camera' | 'screen' | null>(null);
  const [isOnPhone] = useState(isPhoneScreen);
  const isLive = useLivePhoneStream() !== null;

  if (sessionId || !isSignedIn || role === 'camera') {
    return <PhoneCamera key={sessionId ?? 'code'} link={parseJoinLink(sessionId, hash)} sessionId={sessionId} />;
  }
  if (isOnPhone && role === null) return <PhoneRoles onCamera={() => setRole('camera')} onScreen={() => setRole('screen')} />;
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
      <Button variant="ghost" className="self-start" onClick={() => setRole('camera')}>
        This device is the phone: enter a code
      </Button>
    </div>
  );
}
