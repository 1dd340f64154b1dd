/**
 * What the desktop does with its remote session: open it (or resume the one saved on the user
 * after a reload), ask for a new pairing code, and end it.
 */
import { useCallback } from 'react';
import { emitWithAck, type TClientSocket } from '@/lib/socket/socket';
import { useAppStore } from '@/stores/app-store';
import { useSaveConversationId } from '../api/save-conversation-id';
import { loadPeerModule } from '../lib/peer-loader';
import { joinedCamera, type THostCameras } from './use-host-cameras';
import type { THostSession } from './use-host-session';

const PEER_SIDE_MISSING = { code: 'app/network-request-failed', message: 'Part of the app could not be loaded: check the network and try again' };

/** The session id saved on the user, so that a reload resumes the session. */
function useSaveConversation(uid: string | null) {
  const saveConversationId = useSaveConversationId();
  const setConversationId = useAppStore((state) => state.setCurrentConversationId);
  return useCallback(
    async (sessionId: string | null): Promise<void> => {
      setConversationId(sessionId);
      if (uid) await saveConversationId(uid, sessionId).catch((failure: unknown) => console.warn('Saving the session id failed', failure));
    },
    [saveConversationId, setConversationId, uid],
  );
}

export function useHostActions(
  socket: TClientSocket | null,
  uid: string | null,
  host: THostSession,
  { setCameras, dropAll }: Pick<THostCameras, 'setCameras' | 'dropAll'>,
) {
  const savedSessionId = useAppStore((state) => state.currentConversationId ?? state.currentUser?.apiRtcConversationId ?? null);
  const saveConversation = useSaveConversation(uid);
  const { sessionRef, setEnded, setError, setOpening, adopt } = host;

  /** The session is over (ended here or by the gateway): forget it and its cameras; resolves once the user record forgets it too. */
  const closeLocally = useCallback(() => {
    dropAll();
    sessionRef.current = null;
    setEnded(true);
    setCameras([]);
    return saveConversation(null);
  }, [dropAll, saveConversation, sessionRef, setCameras, setEnded]);

  const open = useCallback(async () => {
    if (!socket) return;
    setOpening(true);
    setError(null);
    const resumed = savedSessionId ? await emitWithAck(socket, 'session:resume', { sessionId: savedSessionId }) : null;
    const result = resumed?.ok ? resumed : await emitWithAck(socket, 'session:create', {});
    // Signals are answered only once the session is set: by then the WebRTC side is here.
    const peerSide = await loadPeerModule().catch(() => null);
    setOpening(false);
    if (!result.ok) return setError(result.error);
    if (!peerSide) return setError(PEER_SIDE_MISSING);
    dropAll();
    adopt(result.data);
    setEnded(false);
    // Cameras already there (desktop reload) re-offer after `session:host-returned`.
    setCameras((result.data.cameras ?? []).map(joinedCamera));
    void saveConversation(result.data.sessionId);
    // While the QR code is scanned: the phone's offer then meets a warm WebRTC stack.
    peerSide.warmUpWebRtc();
  }, [adopt, dropAll, saveConversation, savedSessionId, setCameras, setEnded, setError, setOpening, socket]);

  /** A new pairing code for the open session; the QR code's join link and the cameras stay. */
  const newCode = useCallback(async () => {
    const current = sessionRef.current;
    if (!socket || !current) return;
    const result = await emitWithAck(socket, 'session:new-code', { sessionId: current.sessionId });
    if (!result.ok) return setError(result.error);
    adopt({ ...current, code: result.data.code, codeExpiresAt: result.data.codeExpiresAt });
  }, [adopt, sessionRef, setError, socket]);

  /**
   * Ends the session for its cameras too. Without a connection nothing is sent: the gateway
   * already counts this desktop away and ends the session after its grace, and nothing here
   * resumes it any more.
   */
  const end = useCallback(async () => {
    const current = sessionRef.current;
    if (!socket || !current) return;
    if (socket.connected) await emitWithAck(socket, 'session:leave', { sessionId: current.sessionId });
    await closeLocally();
  }, [closeLocally, sessionRef, socket]);

  return { open, newCode, end, closeLocally };
}
