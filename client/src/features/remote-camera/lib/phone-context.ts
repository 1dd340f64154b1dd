/** The parts of the phone's camera controller (phone-camera.ts), handed to the steps that use several of them. */
import type { TSessionJoined } from '@movelab/shared/remote-session';
import type { TClientSocket } from '@/lib/socket/socket';
import type { TCameraError, TEndReason } from './camera-state';
import type { TCameraChoice, TPhoneMedia } from './phone-media';
import type { TPhoneRefs } from './phone-refs';
import type { TPhoneStore } from './phone-store';
import type { TTimers } from './timers';

export type TPhoneContext = {
  refs: TPhoneRefs;
  store: TPhoneStore;
  timers: TTimers;
  media: TPhoneMedia;
  /** The socket, connected as early as possible (page open): joining then costs one round trip. */
  socketOf: () => TClientSocket;
  /** This connection is in the session: remembered for a reload (which streams again by itself only once Start was tapped). */
  accept: (joined: TSessionJoined, choice: TCameraChoice) => void;
  end: (reason: TEndReason) => void;
  /** `isFinal`: the stored place is forgotten too (it cannot be rejoined). */
  fail: (error: TCameraError, options: { isFinal: boolean }) => void;
};
