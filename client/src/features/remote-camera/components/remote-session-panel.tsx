/**
 * "Use your phone as a camera" on the desktop: the QR code of the join link, the 6-digit
 * code, the expiry, the session state and each camera's video (up to two), its stream's figures
 * (size, frame rate, round trip, relayed or direct) behind "Connection details".
 */
import type { TPerspectiveView, TSessionState } from '@movelab/shared';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { clockTimeOf as timeOf, JoinQrCode } from '@/components/ui/join-qr-code';
import { InlineError, InlineLoading } from '@/components/ui/status';
import { useRemoteSession } from '../hooks/remote-session-context';
import type { TCodeLapse, TRemoteCamera } from '../hooks/use-remote-session';
import { buildJoinUrl } from '../lib/join-url';
import { markRemote } from '../lib/marks';
import { receiveStatsText } from '../lib/receive-stats';
import { socketErrorText } from '../lib/messages';
import { StreamVideo } from './remote-video';

const stateText: Record<TSessionState, string> = {
  waiting: 'Waiting for your phone…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  ended: 'Session ended',
};

const cameraText = ({ state, stream }: TRemoteCamera) => {
  if (state.phase === 'live') return 'Live';
  if (state.phase === 'reconnecting') return 'Reconnecting…';
  // Connected, no picture yet: the phone shows its preview and waits for its Start tap.
  return stream ? 'Phone ready: tap Start streaming on it' : 'Connecting…';
};

const codeLapseText: Record<TCodeLapse, string> = {
  expired: 'This code has expired.',
};

const markFirstFrame = () => markRemote('desktop:first-frame');

type TPanelProps = {
  onStream?: (stream: MediaStream | null) => void;
  /** The view of the movement about to be filmed, for the phone's placement advice (left as it is when absent). */
  view?: TPerspectiveView | null;
};

/** Each camera's video and state; its stream's figures behind "Connection details". */
export function CameraList({ cameras }: { cameras: readonly TRemoteCamera[] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {cameras.map((camera, index) => (
        <li key={camera.cameraId} className="flex flex-col gap-1">
          <StreamVideo stream={camera.stream} label={`Phone camera ${index + 1}`} onFirstFrame={markFirstFrame} />
          <span className="text-sm text-muted" aria-label={`Phone camera ${index + 1} state`}>
            {cameraText(camera)}
          </span>
          {camera.stats ? (
            // The stream's figures are for whoever looks into a bad picture, not shown by default.
            <details className="text-sm text-muted">
              <summary className="inline-flex min-h-11 cursor-pointer items-center">Connection details</summary>
              <span aria-label={`Phone camera ${index + 1} quality`}>{receiveStatsText(camera.stats)}</span>
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function RemoteSessionPanel({ onStream, view }: TPanelProps) {
  const { session, cameras, state, error, isOpening, isSocketReady, codeLapse, open, newCode, end, setPlacement } = useRemoteSession();

  useEffect(() => {
    if (view !== undefined) setPlacement(view);
  }, [setPlacement, view]);

  useEffect(() => {
    if (isSocketReady && !session && !isOpening && !error && state === null) void open();
  }, [error, isOpening, isSocketReady, open, session, state]);

  const firstStream = cameras.find((camera) => camera.hasPicture)?.stream ?? null;
  useEffect(() => onStream?.(firstStream), [firstStream, onStream]);

  if (!isSocketReady) return <InlineLoading label="Connecting to the server…" />;
  if (error) return <InlineError message={socketErrorText(error)} onRetry={() => void open()} />;
  if (state === 'ended') {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="status" aria-label="Session state">
          {stateText.ended}
        </p>
        <Button onClick={() => void open()}>Open a new session</Button>
      </div>
    );
  }
  if (!session) return <InlineLoading label="Opening a session…" />;

  const joinUrl = buildJoinUrl(window.location.origin, session.sessionId, session.joinToken);
  const hasVideo = cameras.some((camera) => camera.hasPicture);
  return (
    <div className="flex flex-col gap-4" data-session-id={session.sessionId}>
      <p role="status" aria-label="Session state" className="font-semibold" data-state={state}>
        {stateText[state ?? 'waiting']}
      </p>
      {hasVideo ? null : (
        <div className="flex flex-wrap items-center gap-6 rounded-xl bg-surface p-4">
          <JoinQrCode url={joinUrl} />
          <div className="flex flex-col gap-2">
            {codeLapse ? (
              <>
                <p role="status" aria-label="Pairing code state">
                  {codeLapseText[codeLapse]} The QR code still works; for a code to type, ask for a new one.
                </p>
                <Button variant="secondary" className="self-start" onClick={() => void newCode()}>
                  New code
                </Button>
              </>
            ) : (
              <>
                <p>Scan the QR code with your phone, or open Remote Cam on the phone and type this code:</p>
                <p aria-label="Pairing code" className="font-mono text-4xl tracking-[0.3em]">
                  {session.code}
                </p>
                <p className="text-sm text-muted">The code works once, until {timeOf(session.codeExpiresAt)}.</p>
              </>
            )}
            <p className="text-sm text-muted">The session stays open until {timeOf(session.expiresAt)}.</p>
          </div>
        </div>
      )}
      <CameraList cameras={cameras} />
      <Button variant="secondary" className="self-start" onClick={() => void end()}>
        End session
      </Button>
    </div>
  );
}
