/**
 * The history screen's contract: one list of a user's analyses (users/{uid}/video_analysis) and
 * practice sessions (user_stat_sessions of kind `practice`), newest first, in cursor pages.
 *
 * Both sources are read in (createdAt, id) descending order from the cursor on, `limit + 1` rows
 * each, and merged: the first `limit` merged rows are the page. The same merge serves the
 * embedded gateway (SQLite) and the firebase adapter (two Firestore queries), so one cursor
 * means the same thing on both backends.
 */
import { z } from 'zod';
import { decodePairCursor, encodePairCursor } from './cursor.js';
import { median } from './movescore/numbers.js';
import { ZRoutineCompletionInput, ZTogetherRecord, type TRoutineCompletion, type TUserStatSession, type TVideoAnalysis } from './entities.js';

export const HISTORY_PAGE_MAX = 200;

/** Opaque to callers: JSON [createdAt, id] of the last item of the previous page, as hex UTF-16 code units. */
export type THistoryCursor = [createdAt: string, id: string];

const CURSOR_MAX = 1024;

export function encodeHistoryCursor(cursor: THistoryCursor): string {
  return encodePairCursor(cursor);
}

/** null when the text is not a cursor this module made. */
export function decodeHistoryCursor(text: string): THistoryCursor | null {
  const pair = decodePairCursor(text, CURSOR_MAX);
  if (!pair) return null;
  const [createdAt, id] = pair;
  if (id.length === 0 || id.length > 128) return null;
  if (!z.iso.datetime({ offset: true }).safeParse(createdAt).success) return null;
  return [createdAt, id];
}

export const ZHistoryKind = z.enum(['all', 'analysis', 'practice']);
export type THistoryKind = z.infer<typeof ZHistoryKind>;

export const ZHistoryQuery = z
  .object({
    /** Group and movement filters apply to analyses: practice sessions have no movescore group. */
    kind: ZHistoryKind.default('all'),
    groupId: z.string().min(1).max(128).optional(),
    movementId: z.string().min(1).max(128).optional(),
    cursor: z
      .string()
      .max(CURSOR_MAX)
      .refine((text) => decodeHistoryCursor(text) !== null, 'is not a valid page cursor')
      .optional(),
    limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(20),
  })
  .strict()
  // A movement id is unique only within its group (and Firestore has no index for it alone).
  .refine((query) => query.movementId === undefined || query.groupId !== undefined, 'movementId needs groupId');
export type THistoryQuery = z.input<typeof ZHistoryQuery>;
export type THistoryQueryParsed = z.output<typeof ZHistoryQuery>;

export const ZHistoryItemKind = z.enum(['analysis', 'practice']);
export type THistoryItemKind = z.infer<typeof ZHistoryItemKind>;

export const ZHistoryItem = z.object({
  id: z.string(),
  kind: ZHistoryItemKind,
  createdAt: z.string(),
  /** 0..1; null for a practice without a score. */
  score: z.number().nullable(),
  reps: z.number().int().min(0),
  durationMs: z.number().min(0),
  groupId: z.string().nullable(),
  movementId: z.string().nullable(),
  perspectiveId: z.string().nullable(),
  activityId: z.string().nullable(),
  routineId: z.string().nullable(),
  /** Median range of motion of the reps as a fraction of the reference's (1 = as deep). */
  rangeOfMotion: z.number().nullable(),
  /** Mean counting-joint angle at the bottom of the reps, in degrees. */
  depthDeg: z.number().nullable(),
  source: z.string().nullable(),
  /** A practice done together: the group session and who else practised (absent otherwise). */
  together: ZTogetherRecord.optional(),
});
export type THistoryItem = z.infer<typeof ZHistoryItem>;

export const ZHistoryPage = z.object({
  items: z.array(ZHistoryItem),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type THistoryPage = z.infer<typeof ZHistoryPage>;

/** Whether a query reads analyses, practice sessions, or both. */
export function historySources(query: Pick<THistoryQueryParsed, 'kind' | 'groupId' | 'movementId'>) {
  const hasAnalysisFilter = query.groupId !== undefined || query.movementId !== undefined;
  return {
    hasAnalyses: query.kind !== 'practice',
    hasPractice: query.kind !== 'analysis' && !hasAnalysisFilter,
  };
}

const numbersOf = (rows: unknown[] | undefined, field: string): number[] =>
  (rows ?? [])
    .map((row) => (row && typeof row === 'object' ? (row as Record<string, unknown>)[field] : undefined))
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value));

const medianOrNull = (values: number[]): number | null => (values.length ? median(values) : null);
const mean = (values: number[]): number | null => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null);
const round = (value: number | null, digits: number) => (value === null ? null : Number(value.toFixed(digits)));

export function historyItemFromAnalysis(analysis: TVideoAnalysis): THistoryItem {
  const reps = analysis.reps as unknown[] | undefined;
  return {
    id: analysis.id,
    kind: 'analysis',
    createdAt: analysis.createdAt,
    score: analysis.score,
    reps: analysis.repCount ?? reps?.length ?? 0,
    durationMs: analysis.durationMs ?? 0,
    groupId: analysis.groupId,
    movementId: analysis.movementId,
    perspectiveId: analysis.perspectiveId,
    activityId: null,
    routineId: null,
    rangeOfMotion: round(medianOrNull(numbersOf(reps, 'rangeRatio')), 3),
    depthDeg: round(mean(numbersOf(reps, 'depthDeg')), 1),
    source: analysis.source ?? null,
  };
}

export function historyItemFromPractice(session: TUserStatSession): THistoryItem {
  return {
    id: session.id,
    kind: 'practice',
    createdAt: session.createdAt,
    score: session.score,
    reps: session.reps,
    durationMs: session.durationMs,
    groupId: null,
    movementId: null,
    perspectiveId: null,
    activityId: session.activityId,
    routineId: session.routineId,
    rangeOfMotion: null,
    depthDeg: null,
    source: session.source ?? null,
    ...(session.together && { together: session.together }),
  };
}

/** Newest first: createdAt descending, then id descending (the order both backends read in). */
export function compareHistoryItems(a: Pick<THistoryItem, 'createdAt' | 'id'>, b: Pick<THistoryItem, 'createdAt' | 'id'>): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? 1 : -1;
}

/**
 * One page from the rows each source returned after the cursor (each read with `limit + 1`):
 * any of the newest `limit` items overall is among its own source's newest `limit`.
 */
export function mergeHistoryPage(sources: THistoryItem[][], limit: number): THistoryPage {
  const merged = sources.flat().sort(compareHistoryItems);
  const items = merged.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: merged.length > limit && last ? encodeHistoryCursor([last.createdAt, last.id]) : null };
}

/**
 * The user_stat_sessions entry saved with an analysis (`<result>-analysis` beside
 * `<result>-session`), deleted with it so the home page's figures agree with the history.
 */
export function analysisStatSessionId(analysisId: string): string | null {
  return analysisId.endsWith('-analysis') ? `${analysisId.slice(0, -'-analysis'.length)}-session` : null;
}

/** The routine_completion saved with a practice session (`<result>-completion` beside `<result>-session`). */
export function practiceCompletionId(sessionId: string): string | null {
  return sessionId.endsWith('-session') ? `${sessionId.slice(0, -'-session'.length)}-completion` : null;
}

export const ZHistoryDetails = z.object({
  item: ZHistoryItem,
  /**
   * An analysis's reps in order, each with its score 0..1 and, where the result saved them, its
   * time (ms) and depth (the counting joint's deepest angle, degrees) (empty for a practice).
   */
  reps: z.array(z.object({ score: z.number().min(0).max(1), durationMs: z.number().min(0).optional(), depthDeg: z.number().optional() })),
  feedback: z.array(z.string()),
  /** A practice's steps, from the routine completion saved with it (empty for an analysis, or when it is gone). */
  steps: ZRoutineCompletionInput.shape.steps,
});
export type THistoryDetails = z.infer<typeof ZHistoryDetails>;

/** What an analysis saved, as the details screen shows it. */
export function historyDetailsFromAnalysis(analysis: TVideoAnalysis): THistoryDetails {
  return {
    item: historyItemFromAnalysis(analysis),
    reps: (analysis.reps ?? []).map((rep) => {
      const { durationMs, depthDeg } = rep as { durationMs?: unknown; depthDeg?: unknown };
      return {
        score: rep.score,
        ...(typeof durationMs === 'number' && Number.isFinite(durationMs) && durationMs >= 0 ? { durationMs } : {}),
        ...(typeof depthDeg === 'number' && Number.isFinite(depthDeg) ? { depthDeg } : {}),
      };
    }),
    feedback: analysis.feedback ?? [],
    steps: [],
  };
}

/** What a practice saved: its stat session and, when found, its routine completion's steps. */
export function historyDetailsFromPractice(session: TUserStatSession, completion: TRoutineCompletion | null): THistoryDetails {
  return { item: historyItemFromPractice(session), reps: [], feedback: [], steps: completion?.steps ?? [] };
}
