/**
 * The desktop's remote session itself: the session opened (or resumed), whether it ended, the
 * last refusal and whether the shown pairing code still works. Another account signed in on this
 * desktop (or none) starts from nothing: the last one's session and cameras are not its own.
 */
import type { TSessionOpened } from '@movelab/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TCameraError } from '../lib/camera-state';
import type { THostCameras } from './use-host-cameras';

/** Why the pairing code shown no longer works: a code ends only by its use (the camera joins) or its expiry. */
export type TCodeLapse = 'expired';

export type THostSession = ReturnType<typeof useHostSession>;

export function useHostSession(uid: string | null, { setCameras, dropAll }: Pick<THostCameras, 'setCameras' | 'dropAll'>) {
  const [session, setSession] = useState<TSessionOpened | null>(null);
  const [isEnded, setEnded] = useState(false);
  const [error, setError] = useState<TCameraError | null>(null);
  const [isOpening, setOpening] = useState(false);
  /** Why the shown pairing code no longer works, if it does not: wrong codes tried it out, or it expired. */
  const [codeLapse, setCodeLapse] = useState<TCodeLapse | null>(null);
  const sessionRef = useRef<TSessionOpened | null>(null);

  const [owner, setOwner] = useState(uid);
  if (owner !== uid) {
    setOwner(uid);
    setSession(null);
    setCameras([]);
    setEnded(false);
    setError(null);
    setCodeLapse(null);
  }
  useEffect(() => {
    dropAll();
    sessionRef.current = null;
  }, [dropAll, uid]);

  /** The session as the gateway has it now (resumed, or with a new code): its code works again. */
  const adopt = useCallback((opened: TSessionOpened) => {
    sessionRef.current = opened;
    setSession(opened);
    setCodeLapse(null);
  }, []);

  // The code's own end: after it the panel offers a new one.
  const codeExpiresAt = session?.codeExpiresAt;
  useEffect(() => {
    if (codeExpiresAt === undefined) return;
    const timer = setTimeout(() => setCodeLapse((lapse) => lapse ?? 'expired'), Math.max(0, codeExpiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [codeExpiresAt]);

  return { session, sessionRef, isEnded, setEnded, error, setError, isOpening, setOpening, codeLapse, adopt };
}
