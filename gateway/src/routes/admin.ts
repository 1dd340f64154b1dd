import { COLLECTIONS, type TAdminAnalysis, type TVideoAnalysis } from '@movelab/shared';
import type { DocumentStore } from '../db/documents.js';
import type { THandlers } from './api.js';

/**
 * Administration reads across users: every users/{uid}/video_analysis at once, like
 * Firestore's collectionGroup('video_analysis'). The parent path names the owner.
 */
export function adminHandlers(docs: DocumentStore): THandlers {
  const ownerOf = (parentPath: string) => parentPath.slice(`${COLLECTIONS.users}/`.length);
  return {
    countAllVideoAnalyses: () => ({
      count: (docs.db.prepare('SELECT COUNT(*) AS n FROM documents WHERE collection = ?').get(COLLECTIONS.videoAnalysis) as { n: number }).n,
    }),
    latestVideoAnalyses: ({ query }): TAdminAnalysis[] =>
      docs
        .latestInGroup<TVideoAnalysis>(COLLECTIONS.videoAnalysis, query.limit)
        .map(({ parentPath, document }) => ({ ...document, userId: ownerOf(parentPath) })),
  };
}
