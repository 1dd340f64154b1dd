/**
 * Firebase mode: the client writes analyses and finished practices to Firestore itself, so the
 * gateway learns of them from `analysis:created { analysisId }` and `practice:created { sessionId }`
 * on the user's socket; it checks the document exists with firebase-admin and pushes it to the
 * user's other devices and to admins. The embedded gateway publishes from its own REST routes and
 * needs no notice.
 */
import type { TClientToServerEvents } from '@movelab/shared';
import { emitWithAck, type TClientSocket } from './socket';

let current: TClientSocket | null = null;

/** The signed-in user's socket (null on sign-out): set by the socket provider. */
export function setNoticeSocket(socket: TClientSocket | null): void {
  current = socket;
}

/**
 * Tells the gateway about a stored result. Live delivery is best effort, as in embedded mode:
 * without a connection the notice is dropped (the record is stored and lists show it on their
 * next load), and it never fails the save. Sent again for a retried save, it is shown once
 * (the live feed keys results by id).
 */
async function announce<E extends 'analysis:created' | 'practice:created'>(
  event: E,
  payload: Parameters<TClientToServerEvents[E]>[0],
): Promise<boolean> {
  const socket = current;
  if (!socket?.connected) return false;
  const result = await emitWithAck(socket, event, payload);
  return result.ok;
}

export function announceAnalysis(analysisId: string): Promise<boolean> {
  return announce('analysis:created', { analysisId });
}

/** A finished practice: its user_stat_sessions entry (kind 'practice'). */
export function announcePractice(sessionId: string): Promise<boolean> {
  return announce('practice:created', { sessionId });
}
