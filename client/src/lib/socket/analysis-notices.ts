/**
 * Firebase mode: the client writes an analysis to Firestore itself, so the gateway learns of it
 * from `analysis:created { analysisId }` on the user's socket; it checks the document exists
 * with firebase-admin and pushes it to the user's other devices and to admins. The embedded
 * gateway publishes from its own REST route and needs no notice.
 */
import { emitWithAck, type TClientSocket } from './socket';

let current: TClientSocket | null = null;

/** The signed-in user's socket (null on sign-out): set by the socket provider. */
export function setNoticeSocket(socket: TClientSocket | null): void {
  current = socket;
}

/**
 * Tells the gateway about a stored analysis. Live delivery is best effort, as in embedded mode:
 * without a connection the notice is dropped (the record is stored and lists show it on their
 * next load), and it never fails the save. Sent again for a retried save, it is shown once
 * (the live feed keys analyses by id).
 */
export async function announceAnalysis(analysisId: string): Promise<boolean> {
  const socket = current;
  if (!socket?.connected) return false;
  const result = await emitWithAck(socket, 'analysis:created', { analysisId });
  return result.ok;
}
