/** The REST endpoints of a user's practice record: routine completions, stat sessions and the history that lists them. */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { ZRoutineCompletion, ZRoutineCompletionInput, ZUserStatSession, ZUserStatSessionInput } from '../entities.js';
import { ZHistoryDetails, ZHistoryPage, ZHistoryQuery } from '../history.js';
import { endpoint, limitParam } from './contract.js';

export const PRACTICE_ENDPOINTS = {
  createRoutineCompletion: endpoint({
    method: 'POST',
    path: '/api/routine_completion',
    access: 'user',
    body: ZRoutineCompletionInput,
    response: ZRoutineCompletion,
  }),
  listRoutineCompletions: endpoint({
    method: 'GET',
    path: '/api/routine_completion',
    access: 'user',
    query: z.object({ limit: limitParam(LIMITS.videoAnalysisLoadMax, 20) }),
    response: z.array(ZRoutineCompletion),
  }),
  createUserStatSession: endpoint({
    method: 'POST',
    path: '/api/user_stat_sessions',
    access: 'user',
    body: ZUserStatSessionInput,
    response: ZUserStatSession,
  }),
  listUserStatSessions: endpoint({
    method: 'GET',
    path: '/api/user_stat_sessions',
    access: 'user',
    query: z.object({ limit: limitParam(LIMITS.videoAnalysisLoadMax, 50) }),
    response: z.array(ZUserStatSession),
  }),
  /** The caller's own analyses and practice sessions, newest first, in cursor pages (history.ts). */
  listHistory: endpoint({ method: 'GET', path: '/api/history', access: 'user', query: ZHistoryQuery, response: ZHistoryPage }),
  /** One of the caller's own history items with what was saved (`:kind` analysis or practice); another user's answers 404. */
  getHistoryItem: endpoint({ method: 'GET', path: '/api/history/:kind/:id', access: 'user', response: ZHistoryDetails }),
  /** Deletes one of the caller's own history items (`:kind` analysis or practice); another user's answers 404. */
  deleteHistoryItem: endpoint({ method: 'DELETE', path: '/api/history/:kind/:id', access: 'user', response: null }),
} as const;
