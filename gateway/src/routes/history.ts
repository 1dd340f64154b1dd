import {
  analysisStatSessionId,
  COLLECTIONS,
  decodeHistoryCursor,
  historyItemFromAnalysis,
  historyItemFromPractice,
  historySources,
  mergeHistoryPage,
  type TUserStatSession,
  type TVideoAnalysis,
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
    deleteHistoryItem: ({ caller, params }) => {
      const kind = ZHistoryItemKind.safeParse(params.kind);
      if (!kind.success) throw notFound('History item');
      const ownSession = (id: string | null) => {
        const session = id === null ? null : statSessions.get(id);
        return session?.userId === caller.uid ? session : null;
      };
      if (kind.data === 'practice') {
        const session = ownSession(params.id!);
        if (session?.kind !== 'practice') throw notFound('Session');
        statSessions.remove(session.id);
        return;
      }
      analyses(caller.uid).remove(params.id!);
      const companion = ownSession(analysisStatSessionId(params.id!));
      if (companion) statSessions.remove(companion.id);
    },
  };
}
