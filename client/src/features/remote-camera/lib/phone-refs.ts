/** The phone's connections and session, shared by the parts of its camera controller (phone-camera.ts). */
import type { TSessionJoin, TSessionJoined } from '@movelab/shared/remote-session';
import type { emitWithAck, TClientSocket } from '@/lib/socket/socket';
import type { TPeer } from './peer';
import type { TCameraChoice } from './phone-media';
import type { TTimer } from './timers';

export type TStartOptions = TCameraChoice & { join: TSessionJoin | null };
export type TJoinResult = Awaited<ReturnType<typeof emitWithAck<'session:join'>>>;

export type TPhoneRefs = {
  /** A camera socket already connecting, handed in before the first use. */
  earlySocket: TClientSocket | null;
  socket: TClientSocket | null;
  peer: TPeer | null;
  joined: TSessionJoined | null;
  /** The join made before Start (a join link), which Start then waits for instead of joining again. */
  earlyJoin: Promise<TJoinResult | null> | null;
  /** Whether this socket connection has (re)joined the session: signals sent before that are refused. */
  isJoinedOnSocket: boolean;
  /** Whether the camera's track goes out (after Start): never before. */
  isSending: boolean;
  /** The ICE restart under way, given up if it has not reconnected when this fires. */
  restartTimer?: TTimer | undefined;
};

/** The phone in no session: where it starts, and what a teardown goes back to. */
export const outOfSession = (): Omit<TPhoneRefs, 'earlySocket'> => ({
  socket: null,
  peer: null,
  joined: null,
  earlyJoin: null,
  isJoinedOnSocket: false,
  isSending: false,
  restartTimer: undefined,
});
