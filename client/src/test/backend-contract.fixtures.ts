/// <reference types="node" />
/**
 * What the backend contract's cases share with the suites that run it: the password, the
 * harness each backend fills in, and the results the cases save.
 */
import type { TVideoAnalysisInput } from '@movelab/shared';
import type { TSavePracticeInput } from '@/features/practice/api/save-practice';
import type { TBackend } from '@/lib/backend/port';
import { newClientId } from '@/lib/offline/outbox-entry';

export const CONTRACT_PASSWORD = 'secret-1';

export type TContractUser = { backend: TBackend; uid: string; email: string };

export type TContractHarness = {
  /** A new account, signed in as the app does it, with its user record, password CONTRACT_PASSWORD. */
  newUser(name: string, email?: string): Promise<TContractUser>;
  /** An address in ADMIN_EMAILS that no account has yet. */
  listedEmail: string;
  /** Proves the user's address (as its verification link does), then the user signs in to the gateway again. */
  verifyEmail(user: TContractUser): Promise<void>;
  /** The backend's only admin (the last-admin cases count on it). */
  admin(): TContractUser;
  /** A new adapter, signed out. */
  newBackend(): TBackend;
};

export const analysisEntry = (score: number, id?: string): TVideoAnalysisInput => ({
  ...(id ? { id } : {}),
  score,
  groupId: 'g1',
  movementId: 'm1',
  perspectiveId: 'p1',
  repCount: 3,
  durationMs: 9000,
});

export const practiceInput = (uid: string, resultId = newClientId()): TSavePracticeInput => ({
  uid,
  resultId,
  label: 'Flow',
  activityId: 'a1',
  routineId: null,
  startedAt: new Date().toISOString(),
  durationMs: 60_000,
  steps: [],
  reps: 10,
  score: null,
});
