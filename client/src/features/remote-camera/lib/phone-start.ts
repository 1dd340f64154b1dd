/**
 * Joining the session before Start (a join link: the peer connects while nothing is sent yet) and
 * Start itself, which opens the camera (the preview's when it is the same) and joins (the early
 * join when there was one) together, then puts the camera into the connection.
 */
import { emitWithAck } from '@/lib/socket/socket';
import { constraintsFor } from './camera-constraints';
import type { TCameraError } from './camera-state';
import { markRemote } from './marks';
import { isLinkRefused } from './messages';
import { hasPeerModule } from './peer-loader';
import type { TPhoneContext } from './phone-context';
import { stopTracks } from './phone-media';
import { buildPeer } from './phone-peer-link';
import type { TStartOptions } from './phone-refs';
import { joinSession } from './phone-signalling';

const PEER_UNAVAILABLE: TCameraError = {
  code: 'remote/peer-unavailable',
  message: 'Part of this page did not load. Check your connection and try again.',
};
const NO_SESSION: TCameraError = { code: 'remote/no-session', message: 'Scan the QR code or type the code again.' };

/** Before Start: join and connect the peer without sending anything, so Start only sends the camera. */
export function joinEarly(context: TPhoneContext, options: TStartOptions) {
  const { refs, store, socketOf, accept, fail } = context;
  const socket = socketOf();
  const attempt = joinSession(socket, options.join);
  refs.earlyJoin = attempt;
  // WebRTC's code loads while the session is joined: the peer is built the moment both are there.
  const peerLoaded = hasPeerModule();
  void attempt.then(async (result) => {
    // A link the gateway refuses (wrong, used, expired, its session gone) is said at once, not
    // after Start; another failed early join says nothing yet: Start joins again and shows it then.
    // Start tapped before the join came back ('joining', waiting for the camera) takes this join
    // as its own: the peer connects while the camera is still opening, not after it.
    const phase = store.phase();
    if (refs.earlyJoin !== attempt || refs.socket !== socket) return;
    if (result && !result.ok && phase === 'idle' && isLinkRefused(result.error)) return fail(result.error, { isFinal: true });
    if (!result?.ok || (phase !== 'idle' && phase !== 'joining')) return;
    accept(result.data, options);
    const hasPeer = await peerLoaded;
    if (hasPeer && refs.socket === socket && !refs.peer) buildPeer(context);
  });
}

export async function startStreaming(context: TPhoneContext, { join, facing, quality }: TStartOptions) {
  const { refs, store, media, fail } = context;
  const { dispatch } = store;
  const phase = store.phase();
  if (phase !== 'idle' && phase !== 'ended' && phase !== 'failed') return;
  markRemote('phone:start');
  dispatch({ type: 'join' });
  const socket = context.socketOf();
  const constraints = constraintsFor(facing, quality);
  // The camera (the preview's when it is the same) and the join (the early one when there was
  // one) run together; a refused camera leaves the session it joined.
  const camera = media.open(constraints);
  const pending = refs.earlyJoin;
  const joining = (async () => {
    const early = refs.joined && refs.socket === socket ? ({ ok: true, data: refs.joined } as const) : pending ? await pending : null;
    return early?.ok ? early : joinSession(socket, join);
  })();
  const [stream, result, hasPeer] = await Promise.all([camera, joining, hasPeerModule()]);
  if (refs.socket !== socket) {
    if (stream instanceof MediaStream) stopTracks(stream);
    return;
  }
  if (!(stream instanceof MediaStream) || !hasPeer) {
    if (result?.ok) void emitWithAck(socket, 'session:leave', { sessionId: result.data.sessionId }, 2_000);
    media.release();
    return fail(stream instanceof MediaStream ? PEER_UNAVAILABLE : stream, { isFinal: false });
  }
  media.take(stream, constraints);
  if (!result) return fail(NO_SESSION, { isFinal: true });
  if (!result.ok) return fail(result.error, { isFinal: true });

  refs.isSending = true;
  context.accept(result.data, { facing, quality });
  dispatch({ type: 'joined' });
  const peer = refs.peer;
  if (!peer) return buildPeer(context);
  // The connection made before Start: the camera goes into it, and it is live if it is up.
  void peer.setTrack(stream.getVideoTracks()[0] ?? null);
  if (peer.isConnected()) dispatch({ type: 'peer-connected' });
}
