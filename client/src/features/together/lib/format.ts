/** How the board says things: a score, a step, a member's state. */
import type { TGroupMember } from '@movelab/shared';

/** The latest rep's score as a percentage, or "not judged" (no reference to judge it by). */
export const scoreText = (score: number | null) => (score === null ? 'not judged' : `${Math.round(score * 100)}%`);

/** "Step 2 of 4" (step is 0-based). */
export const stepText = (step: number, stepCount: number) => `Step ${step + 1} of ${stepCount}`;

export const statusText = (member: Pick<TGroupMember, 'status'>) => (member.status === 'resting' ? 'Resting' : 'Active');

export const connectionText = (member: Pick<TGroupMember, 'connection'>) => (member.connection === 'connected' ? 'Connected' : 'Reconnecting…');

export const roleText = (member: Pick<TGroupMember, 'role'>) => (member.role === 'practising' ? 'Practising' : 'Watching');

export const repsText = (reps: number) => (reps === 1 ? '1 rep' : `${reps} reps`);
