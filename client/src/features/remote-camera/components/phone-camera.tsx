/**
 * The phone's page: choose the camera and the quality, then stream to the desktop. Opened from
 * the QR code (session id in the path, join token in the fragment) or with a typed code. After
 * a reload it rejoins by itself with the rejoin token kept for this tab.
 */
import type { TSessionJoin } from '@movelab/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useIsOnline } from '@/lib/offline/online';
import type { TClientSocket } from '@/lib/socket/socket';
import { usePhoneCamera } from '../hooks/use-phone-camera';
import { DEFAULT_FACING, DEFAULT_QUALITY } from '../lib/camera-constraints';
import { normalizeCode } from '../lib/join-url';
import { markRemote } from '../lib/marks';
import { endedText, socketErrorText } from '../lib/messages';
import {
  CODE_ERROR_TEXT,
  FACING_OPTIONS,
  isStreaming,
  hasUsableLink,
  needsCode as needsCodeFor,
  OFFLINE_TEXT,
  QUALITY_OPTIONS,
  statusText,
} from '../lib/phone-view';
import { readStoredCamera, type TFacing, type TQuality } from '../lib/rejoin-store';
import { Choice, CodeField, PlacementAdvice } from './phone-camera-parts';
import { StreamVideo } from './remote-video';

/** `socket`: a camera socket the page opened before rendering (the phone page does). */
export function PhoneCamera({ link, sessionId, socket }: { link: TSessionJoin | null; sessionId?: string; socket?: TClientSocket }) {
  const { state, preview, joined, placement, start, stop, prepare } = usePhoneCamera({ socket });
  const [stored] = useState(() => readStoredCamera(sessionStorage, sessionId));
  const [facing, setFacing] = useState<TFacing>(stored?.facing ?? DEFAULT_FACING);
  const [quality, setQuality] = useState<TQuality>(stored?.quality ?? DEFAULT_QUALITY);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const isOnline = useIsOnline();
  const isRunning = isStreaming(state.phase);
  const needsCode = needsCodeFor(hasUsableLink(!!link, state), !!stored, state.phase);

  // The socket connects while the person reads the page: Start then only joins.
  useEffect(() => {
    markRemote('phone:page-ready');
    prepare();
  }, [prepare]);

  // A reload of a streaming tab picks up where it was, without a new scan.
  const hasResumed = useRef(false);
  useEffect(() => {
    if (hasResumed.current || !stored?.isStreaming) return;
    hasResumed.current = true;
    void start({ join: link, facing: stored.facing, quality: stored.quality });
  }, [link, start, stored]);

  // Joined with a code: put the session in the address so a reload finds its rejoin token.
  // The router is not told on purpose: a route change would remount the page and stop the camera.
  useEffect(() => {
    if (joined && !sessionId) window.history.replaceState(window.history.state, '', paths.customRemoteStreaming({ sessionId: joined.sessionId }));
  }, [joined, sessionId]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!needsCode) return void start({ join: link, facing, quality });
    const normalized = normalizeCode(code);
    if (!normalized) return setCodeError(CODE_ERROR_TEXT);
    setCodeError('');
    void start({ join: { code: normalized }, facing, quality });
  };

  return (
    <div className="mx-auto flex max-w-md flex-col gap-4">
      <h1 className="text-2xl font-bold">Phone camera</h1>
      {/* One line, however long the desktop's name: a status growing to two would move Start down. */}
      <p role="status" aria-label="Camera state" data-phase={state.phase} className="truncate font-semibold">
        {statusText(state, joined?.hostName)}
      </p>
      {state.phase === 'failed' && state.error ? (
        <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm">
          {socketErrorText(state.error)}
        </p>
      ) : null}
      {state.phase === 'ended' && state.endReason ? <p className="text-muted">{endedText[state.endReason]}</p> : null}
      {/* Its place is kept from Start on, before the camera opens: Stop below it does not move. */}
      {preview || isRunning ? <StreamVideo stream={preview} label="Your camera" isMirrored={facing === 'user'} /> : null}
      {isRunning ? (
        <Button variant="secondary" onClick={stop}>
          Stop
        </Button>
      ) : (
        <form className="flex flex-col gap-3" onSubmit={onSubmit} noValidate>
          {needsCode ? <CodeField code={code} error={codeError} onChange={setCode} /> : null}
          <Choice label="Camera" options={FACING_OPTIONS} value={facing} onChange={setFacing} />
          <Choice label="Quality" options={QUALITY_OPTIONS} value={quality} onChange={setQuality} />
          <Button type="submit">Start streaming</Button>
        </form>
      )}
      {/* Below Start and Stop, so that appearing once paired (or offline) they move nothing a finger may be about to tap. */}
      {isRunning && !isOnline ? (
        <p role="note" aria-label="Network" className="text-sm text-muted">
          {OFFLINE_TEXT}
        </p>
      ) : null}
      {joined && state.phase !== 'ended' && state.phase !== 'failed' ? <PlacementAdvice view={placement} /> : null}
    </div>
  );
}
