import { collection, documentId, limit, orderBy, query, startAfter, where, type Firestore, type QueryConstraint } from 'firebase/firestore';
import {
  COLLECTIONS,
  decodeHistoryCursor,
  historyItemFromAnalysis,
  historyItemFromPractice,
  historySources,
  mergeHistoryPage,
  type THistoryPage,
  type THistoryQuery,
  ZHistoryQuery,
  ZUserStatSession,
  ZVideoAnalysis,
} from '@movelab/shared';
import { readAll, validInput } from './firestore';

/**
 * The user's history page from two Firestore queries, (createdAt, id) descending from the cursor,
 * `limit + 1` each, merged as the gateway does (indexes in firestore.indexes.json).
 */
export async function listFirebaseHistory(db: Firestore, uid: string, input: THistoryQuery): Promise<THistoryPage> {
  const request = validInput(ZHistoryQuery, input);
  const cursor = request.cursor ? decodeHistoryCursor(request.cursor) : null;
  const { hasAnalyses, hasPractice } = historySources(request);
  const page: QueryConstraint[] = [
    orderBy('createdAt', 'desc'),
    orderBy(documentId(), 'desc'),
    ...(cursor ? [startAfter(...cursor)] : []),
    limit(request.limit + 1),
  ];
  const analysisFilter = [
    ...(request.groupId ? [where('groupId', '==', request.groupId)] : []),
    ...(request.movementId ? [where('movementId', '==', request.movementId)] : []),
  ];
  const [analyses, practice] = await Promise.all([
    hasAnalyses ? readAll(ZVideoAnalysis, query(collection(db, COLLECTIONS.users, uid, COLLECTIONS.videoAnalysis), ...analysisFilter, ...page)) : [],
    hasPractice
      ? readAll(
          ZUserStatSession,
          query(collection(db, COLLECTIONS.userStatSessions), where('userId', '==', uid), where('kind', '==', 'practice'), ...page),
        )
      : [],
  ]);
  return mergeHistoryPage([analyses.map(historyItemFromAnalysis), practice.map(historyItemFromPractice)], request.limit);
}
