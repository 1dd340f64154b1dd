/**
 * Remote Cam (/remote-streaming and /remote-streaming/:sessionId, open routes). With a session
 * id, or signed out, this is the phone's page; signed in without one, the desktop opens a
 * session and shows the phone's video.
 */
import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { PhoneCamera } from '@/features/remote-camera/components/phone-camera';
import { RemoteSessionPanel } from '@/features/remote-camera/components/remote-session-panel';
import { parseJoinLink } from '@/features/remote-camera/lib/join-url';
import { useAppStore } from '@/stores/app-store';

export function RemoteStreamingRoute() {
  const { sessionId } = useParams();
  const { hash } = useLocation();
  const isSignedIn = useAppStore((state) => state.currentUser !== null);
  const [isPhone, setPhone] = useState(false);

  if (sessionId || !isSignedIn || isPhone) {
    return <PhoneCamera key={sessionId ?? 'code'} link={parseJoinLink(sessionId, hash)} sessionId={sessionId} />;
  }
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>Use your phone as a camera</PageTitle>
      <RemoteSessionPanel />
      <Button variant="ghost" className="self-start" onClick={() => setPhone(true)}>
        This device is the phone: enter a code
      </Button>
    </div>
  );
}
