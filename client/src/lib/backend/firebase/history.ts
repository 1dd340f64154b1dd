import { collection, doc, documentId, limit, orderBy, query, startAfter, where, writeBatch, type Firestore, type QueryConstraint } from 'firebase/firestore';
import {
  analysisStatSessionId,
  APP_ERRORS,
  COLLECTIONS,
  MovelabError,
  decodeHistoryCursor,
  historyDetailsFromAnalysis,
  historyDetailsFromPractice,
  historyItemFromAnalysis,
  historyItemFromPractice,
  historySources,
  mergeHistoryPage,
  practiceCompletionId,
  type THistoryDetails,
  type THistoryItemKind,
  type THistoryPage,
  type THistoryQuery,
  ZHistoryQuery,
  ZRoutineCompletion,
  ZUserStatSession,
  ZVideoAnalysis,
} from '@movelab/shared';
import type { z } from 'zod';
import { exists, readAll, readDoc, toServer, validInput } from './firestore';

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

/**
 * The user's own document of a top-level collection by id, or null. Firestore answers a query by
 * document id as a read of that document, so another user's is refused (permission-denied): for
 * this user it does not exist, as the gateway answers.
 */
async function ownDocument<S extends z.ZodType>(db: Firestore, schema: S, collectionName: string, uid: string, id: string | null) {
  if (id === null) return null;
  try {
    const rows = await readAll(schema, query(collection(db, collectionName), where('userId', '==', uid), where(documentId(), '==', id)));
    return rows[0] ?? null;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'permission-denied') return null;
    throw error;
  }
}

const ownStatSession = (db: Firestore, uid: string, id: string | null) => ownDocument(db, ZUserStatSession, COLLECTIONS.userStatSessions, uid, id);

const missingItem = (kind: THistoryItemKind) => new MovelabError(APP_ERRORS.notFound, `${kind === 'analysis' ? 'Analysis' : 'Session'} not found`, 404);

/** One of the user's history items with what was saved, as the gateway answers it; another user's or a missing one is `app/not-found`. */
export async function getFirebaseHistoryItem(db: Firestore, uid: string, kind: THistoryItemKind, id: string): Promise<THistoryDetails> {
  if (kind === 'analysis') {
    const analysis = await readDoc(ZVideoAnalysis, doc(db, COLLECTIONS.users, uid, COLLECTIONS.videoAnalysis, id));
    if (!analysis) throw missingItem(kind);
    return historyDetailsFromAnalysis(analysis);
  }
  const session = await ownStatSession(db, uid, id);
  if (session?.kind !== 'practice') throw missingItem(kind);
  const completion = await ownDocument(db, ZRoutineCompletion, COLLECTIONS.routineCompletion, uid, practiceCompletionId(session.id));
  return historyDetailsFromPractice(session, completion);
}

/**
 * Deletes one of the user's history items as the gateway does: an analysis with the stat session
 * saved beside it, a practice session only if it is the user's own; a missing one is `app/not-found`.
 */
export async function deleteFirebaseHistoryItem(db: Firestore, uid: string, kind: THistoryItemKind, id: string, writeTimeoutMs: number): Promise<void> {
  const missing = () => missingItem(kind);
  const batch = writeBatch(db);
  if (kind === 'practice') {
    const session = await ownStatSession(db, uid, id);
    if (session?.kind !== 'practice') throw missing();
    batch.delete(doc(db, COLLECTIONS.userStatSessions, id));
  } else {
    const analysis = doc(db, COLLECTIONS.users, uid, COLLECTIONS.videoAnalysis, id);
    if (!(await exists(analysis))) throw missing();
    batch.delete(analysis);
    const companion = await ownStatSession(db, uid, analysisStatSessionId(id));
    if (companion) batch.delete(doc(db, COLLECTIONS.userStatSessions, companion.id));
  }
  await toServer(() => batch.commit(), writeTimeoutMs);
}
