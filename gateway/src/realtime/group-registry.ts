/**
 * Where group sessions ("Practise together") live: in memory for one gateway, in Redis when
 * several share them (both behind this one interface). The link's token is stored hashed; a code
 * maps to its group until its expiry or the next code, each joiner using it once. Seats, flags
 * and counts are kept apart, and counts per step, so that a member's own writes never race the host's moves or another member's.
 */
import type { TGroupEnded, TGroupPlan, TGroupRole, TGroupStatus } from '@movelab/shared';

/** The stored phase: `countdown` is `running` before `startsAt`. */
export type TGroupStoredPhase = 'lobby' | 'running' | 'rest';

export type TGroupRecord = {
  id: string;
  hostUid: string;
  joinTokenHash: string;
  /** The live code, if not yet used (the code key itself carries the expiry). */
  code: string | null;
  plan: TGroupPlan;
  stepCount: number;
  phase: TGroupStoredPhase;
  step: number;
  startsAt: number | null;
  createdAt: number;
  expiresAt: number;
};

export type TGroupSeat = { uid: string; name: string; avatarUrl: string | null; role: TGroupRole; joinedAt: number };

/** sharing: the member shares their camera (camera tiles); absent until they first do. */
export type TGroupFlags = { ready: boolean; connected: boolean; sharing?: boolean };

/** One member's count in one step; `scoreSum`/`scored` give the step's mean rep score in the summary. */
export type TGroupTally = { reps: number; score: number | null; status: TGroupStatus; scoreSum: number; scored: number };

/** Where the group is: a move applies only if it is still there (two host tabs, two gateways). */
export type TGroupPosition = Pick<TGroupRecord, 'phase' | 'step'>;

export type TGroupRegistry = {
  /** Stores a new group with its code; false (nothing stored) when the code belongs to another live group. */
  create(group: TGroupRecord, codeTtlMs: number): Promise<boolean>;
  get(groupId: string): Promise<TGroupRecord | null>;
  /** Every live group (on any gateway sharing the registry): the admins' live page. */
  list(): Promise<TGroupRecord[]>;
  /** The live group the account hosts, if any (one at a time). */
  hostGroup(uid: string): Promise<string | null>;
  /** Replaces the code (expired, or the host wants another); false when the new one is taken. */
  renewCode(groupId: string, code: string, codeTtlMs: number): Promise<boolean>;
  /**
   * Single use per joiner: the group id the first time `uid` uses the live code, null when the
   * code is wrong or expired or `uid` has used it already. Everyone in a class types the same code.
   */
  useCode(code: string, uid: string): Promise<string | null>;
  /** Applies `patch` only while the group is at `expected`; false otherwise (someone moved first). */
  move(groupId: string, expected: TGroupPosition, patch: Pick<TGroupRecord, 'phase' | 'step' | 'startsAt'>): Promise<boolean>;
  /** Hands the group from `fromUid` to `toUid`; false when the host is no longer `fromUid`. */
  setHost(groupId: string, fromUid: string, toUid: string): Promise<boolean>;
  seats(groupId: string): Promise<TGroupSeat[]>;
  seat(groupId: string, uid: string): Promise<TGroupSeat | null>;
  /** Seats a member unless their role is full: `seated` when the uid already has a seat (kept as it was). */
  addSeat(groupId: string, seat: TGroupSeat, max: Record<TGroupRole, number>): Promise<'added' | 'full' | 'seated'>;
  removeSeat(groupId: string, uid: string): Promise<boolean>;
  setFlag(groupId: string, uid: string, flag: keyof TGroupFlags, value: boolean): Promise<void>;
  /** Turns the member's `sharing` flag on unless `max` other members share already (checked and set in one step); false then. */
  share(groupId: string, uid: string, max: number): Promise<boolean>;
  /** Every member's flags by uid (absent: not ready, not connected). */
  flags(groupId: string): Promise<Map<string, TGroupFlags>>;
  setTally(groupId: string, step: number, uid: string, tally: TGroupTally): Promise<void>;
  tally(groupId: string, step: number, uid: string): Promise<TGroupTally | null>;
  /** Every member's count in `step` by uid. */
  tallies(groupId: string, step: number): Promise<Map<string, TGroupTally>>;
  /** Forgets the group; true only for the one caller that removed it, so `group:ended` goes out once. */
  end(groupId: string): Promise<boolean>;
  /** Keeps an ended group's results for its members (`uids`) for `keepMs`. */
  keepEnded(ended: TGroupEnded, uids: string[], keepMs: number): Promise<void>;
  /** The results kept of an ended group, with who may read them; null once they are gone. */
  ended(groupId: string): Promise<{ ended: TGroupEnded; uids: string[] } | null>;
  close(): Promise<void>;
};
