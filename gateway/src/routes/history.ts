import {
  analysisStatSessionId,
  COLLECTIONS,
  decodeHistoryCursor,
  historyDetailsFromAnalysis,
  historyDetailsFromPractice,
  historyItemFromAnalysis,
  historyItemFromPractice,
  historySources,
  mergeHistoryPage,
  practiceCompletionId,
  type TRoutineCompletion,
  type TUserStatSession,
  type TVideoAnalysis,
  ZRoutineCompletion,
  ZUserStatSession,
  ZHistoryItemKind,
  ZVideoAnalysis,
} from '@movelab/shared';
import { Collection } from '../db/collection.js';
import type { DocumentStore } from '../db/documents.js';
import type { THandlers } from './api.js';
import { notFound } from '../errors.js';

/** The caller's own history: analyses and practice sessions merged newest first (shared/src/history.ts). */
export function historyHandlers(docs: DocumentStore): THandlers {
  const statSessions = new Collection<TUserStatSession>(docs, COLLECTIONS.userStatSessions, '', 'Session', ZUserStatSession);
  const analyses = (uid: string) =>
    new Collection<TVideoAnalysis>(docs, COLLECTIONS.videoAnalysis, `${COLLECTIONS.users}/${uid}`, 'Analysis', ZVideoAnalysis);
  const completions = new Collection<TRoutineCompletion>(docs, COLLECTIONS.routineCompletion, '', 'Routine completion', ZRoutineCompletion);
  const ownSession = (uid: string, id: string | null) => {
    const session = id === null ? null : statSessions.get(id);
    return session?.userId === uid ? session : null;
  };
  const ownCompletion = (uid: string, id: string | null) => {
    const completion = id === null ? null : completions.get(id);
    return completion?.userId === uid ? completion : null;
  };

  return {
    listHistory: ({ caller, query }) => {
      // The schema has already refused a cursor that does not decode.
      const before = query.cursor ? (decodeHistoryCursor(query.cursor) ?? undefined) : undefined;
      const { hasAnalyses, hasPractice } = historySources(query);
      const page = { orderBy: 'createdAt', isDescending: true, before, limit: query.limit + 1 } as const;
      const analysisFilter = { ...(query.groupId && { groupId: query.groupId }), ...(query.movementId && { movementId: query.movementId }) };
      return mergeHistoryPage(
        [
          hasAnalyses
            ? analyses(caller.uid)
                .list({ ...page, where: analysisFilter })
                .map(historyItemFromAnalysis)
            : [],
          hasPractice ? statSessions.list({ ...page, where: { userId: caller.uid, kind: 'practice' } }).map(historyItemFromPractice) : [],
        ],
        query.limit,
      );
    },

    // Only the owner's own items are found: another user's id answers 404 like a missing one.
    getHistoryItem: ({ caller, params }) => {
      const kind = ZHistoryItemKind.safeParse(params.kind);
      if (!kind.success) throw notFound('History item');
      if (kind.data === 'analysis') {
        const analysis = analyses(caller.uid).get(params.id);
        if (!analysis) throw notFound('Analysis');
        return historyDetailsFromAnalysis(analysis);
      }
      const session = ownSession(caller.uid, params.id);
      if (session?.kind !== 'practice') throw notFound('Session');
      return historyDetailsFromPractice(session, ownCompletion(caller.uid, practiceCompletionId(session.id)));
    },

    deleteHistoryItem: ({ caller, params }) => {
      const kind = ZHistoryItemKind.safeParse(params.kind);
      if (!kind.success) throw notFound('History item');
      if (kind.data === 'practice') {
        const session = ownSession(caller.uid, params.id);
        if (session?.kind !== 'practice') throw notFound('Session');
        statSessions.remove(session.id);
        return;
      }
      analyses(caller.uid).remove(params.id);
      const companion = ownSession(caller.uid, analysisStatSessionId(params.id));
      if (companion) statSessions.remove(companion.id);
    },
  };
}
