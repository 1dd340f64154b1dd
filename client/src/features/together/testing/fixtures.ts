/** Boards, members and summaries for the tests of Practise together. */
import type { TGroupBoard, TGroupEnded, TGroupMember, TGroupResult, TRoutine } from '@movelab/shared';

export const GROUP = 'g'.repeat(22);

export const member = (uid: string, extra: Partial<TGroupMember> = {}): TGroupMember => ({
  uid,
  name: uid.charAt(0).toUpperCase() + uid.slice(1),
  avatarUrl: null,
  role: 'practising',
  ready: false,
  reps: 0,
  score: null,
  status: 'active',
  connection: 'connected',
  sharing: false,
  ...extra,
});

export const boardOf = (extra: Partial<TGroupBoard> = {}): TGroupBoard => ({
  groupId: GROUP,
  plan: { routineId: 'r1', stepCount: 3 },
  hostUid: 'ann',
  step: 1,
  stepCount: 3,
  phase: 'running',
  startsAt: 1_000,
  now: 2_000,
  expiresAt: 99_000,
  members: [member('ann'), member('bob')],
  ...extra,
});

export const resultOf = (uid: string, steps: TGroupResult['steps']): TGroupResult => ({
  uid,
  name: uid.charAt(0).toUpperCase() + uid.slice(1),
  avatarUrl: null,
  totalReps: steps.reduce((sum, step) => sum + step.reps, 0),
  steps,
});

export const endedOf = (results: TGroupResult[], extra: Partial<TGroupEnded> = {}): TGroupEnded => ({
  groupId: GROUP,
  reason: 'ended',
  plan: { routineId: 'r1', stepCount: 3 },
  results,
  ...extra,
});

/** A routine of three steps of squats, for plan `{ routineId: 'r1', stepCount: 3 }`. */
export const routine: TRoutine = {
  id: 'r1',
  activityId: 'a1',
  name: 'Starter',
  description: '',
  steps: [1, 2, 3].map(() => ({ movementId: 'squat', reps: 10, restSeconds: 30 })),
};
