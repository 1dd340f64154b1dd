/**
 * What a practising member keeps of a group session in their own history: their reps and mean
 * score from the shared summary, how long each step ran by the gateway's clock, and who else
 * practised (the `together` record).
 */
import { GROUP_MAX_PRACTISING, type TGroupBoard, type TGroupEnded, type TGroupResult, type TTogetherRecord } from '@movelab/shared';
import type { TSavePracticeInput } from '@/lib/api/save-practice';

/** The plan as read from the catalogue (api/get-plan.ts). */
export type TPlanView = {
  name: string;
  activityId: string;
  routineId: string | null;
  steps: readonly { movementId: string; name: string }[];
};

/** When each step's counting began and ended, in the gateway's clock. */
export type TStepTimes = Readonly<Record<number, { start: number; end?: number }>>;

const isUnderway = (phase: TGroupBoard['phase']) => phase === 'countdown' || phase === 'running' || phase === 'rest';

/** The step times after a board: its step starts at `startsAt`; earlier steps, and this one once resting, end now. */
export function nextStepTimes(times: TStepTimes, board: Pick<TGroupBoard, 'phase' | 'step' | 'startsAt'>, gatewayNow: number): TStepTimes {
  const next: Record<number, { start: number; end?: number }> = { ...times };
  for (const [key, time] of Object.entries(next)) {
    const step = Number(key);
    const isOver = step < board.step || (step === board.step && (board.phase === 'rest' || board.phase === 'ended'));
    if (isOver && time.end === undefined) next[step] = { ...time, end: Math.max(time.start, gatewayNow) };
  }
  if (isUnderway(board.phase) && board.startsAt !== null && next[board.step] === undefined) {
    next[board.step] = board.phase === 'rest' ? { start: board.startsAt, end: Math.max(board.startsAt, gatewayNow) } : { start: board.startsAt };
  }
  return next;
}

/** Seconds a step ran (0 for one not seen; a step still open runs until `endedAt`). */
export function stepSeconds(times: TStepTimes, step: number, endedAt: number): number {
  const time = times[step];
  if (!time) return 0;
  return Math.min(36_000, Math.max(0, ((time.end ?? endedAt) - time.start) / 1000));
}

/** The mean of the judged reps' scores: each step's mean weighted by its reps; null when nothing was judged. */
export function meanScore(result: Pick<TGroupResult, 'steps'>): number | null {
  const judged = result.steps.filter((step) => step.score !== null);
  const weight = judged.reduce((sum, step) => sum + Math.max(1, step.reps), 0);
  if (weight === 0) return null;
  return Math.min(1, judged.reduce((sum, step) => sum + (step.score ?? 0) * Math.max(1, step.reps), 0) / weight);
}

/** The others who practised, as the history names them. */
export function practisedWith(ended: TGroupEnded, uid: string): TTogetherRecord {
  const people = ended.results
    .filter((result) => result.uid !== uid)
    .slice(0, GROUP_MAX_PRACTISING - 1)
    .map((result) => ({ uid: result.uid, name: result.name.slice(0, 100) }));
  return { groupId: ended.groupId, people };
}

export type TEntryInput = {
  ended: TGroupEnded;
  uid: string;
  plan: TPlanView;
  times: TStepTimes;
  /** Gateway clock at the end, and the offset to this device's clock. */
  endedAt: number;
  offset: number;
  resultId: string;
};

/** The member's history entry, or null when they practised nothing in it (a watcher, a session ended in the lobby). */
export function historyEntry({ ended, uid, plan, times, endedAt, offset, resultId }: TEntryInput): TSavePracticeInput | null {
  const own = ended.results.find((result) => result.uid === uid);
  if (!own || own.steps.length === 0) return null;
  const startedAt = times[0]?.start ?? endedAt;
  return {
    uid,
    resultId,
    label: `${plan.name}, practised together`,
    activityId: plan.activityId,
    routineId: plan.routineId,
    startedAt: new Date(startedAt - offset).toISOString(),
    durationMs: Math.max(0, Math.min(24 * 3600_000, endedAt - startedAt)),
    steps: own.steps.map((step, index) => ({
      movementId: plan.steps[index]?.movementId ?? plan.steps[0]?.movementId ?? '',
      reps: step.reps,
      seconds: Math.round(stepSeconds(times, index, endedAt)),
      ...(step.score !== null ? { score: step.score } : {}),
    })),
    reps: own.totalReps,
    score: meanScore(own),
    together: practisedWith(ended, uid),
  };
}
