import { ROOMS, type TLiveAnalysis, type TLivePractice } from '@movelab/shared';
import type { TIo } from './types.js';

/** A new analysis goes to the user's other devices and to the admins watching live. */
export function publishAnalysis(io: TIo, live: TLiveAnalysis): void {
  io.to([ROOMS.user(live.userId), ROOMS.admins]).emit('analysis:created', live);
}

/** A finished practice goes the same way. */
export function publishPractice(io: TIo, live: TLivePractice): void {
  io.to([ROOMS.user(live.userId), ROOMS.admins]).emit('practice:created', live);
}
