import {
  COLLECTIONS,
  decodeHistoryCursor,
  historyItemFromAnalysis,
  historyItemFromPractice,
  historySources,
  mergeHistoryPage,
  type TUserStatSession,
  type TVideoAnalysis,
  ZUserStatSession,
  ZVideoAnalysis,
} from '@movelab/shared';
import { Collection } from '../db/collection.js';
import type { DocumentStore } from '../db/documents.js';
import type { THandlers } from './api.js';

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
  };
}
