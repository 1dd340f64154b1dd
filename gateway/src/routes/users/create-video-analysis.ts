import { COLLECTIONS, DEFAULT_DISPLAY_NAME, type TLiveAnalysis, type TVideoAnalysis, ZVideoAnalysis } from '@movelab/shared';
import { Collection } from '../../db/collection.js';
import type { THandler } from '../api.js';
import { requireSelf, type TUserRoutes } from './records.js';

/** The analyses under users/{uid}. */
export const analysesOf = ({ docs, users }: TUserRoutes, uid: string) =>
  new Collection<TVideoAnalysis>(docs, COLLECTIONS.videoAnalysis, users.pathOf(uid), 'Analysis', ZVideoAnalysis);

/**
 * Stores one's own analysis once per client id, within the save budget. `onAnalysis` hears each
 * new one once, with its owner's name, for the live feed.
 */
export function createVideoAnalysis(routes: TUserRoutes, onAnalysis: (live: TLiveAnalysis) => void): THandler<'createVideoAnalysis'> {
  const { users, limitSave } = routes;
  return async ({ caller, params, body }) => {
    const uid = requireSelf(caller, params.uid);
    const { id: clientId, ...fields } = body;
    // Under users/{uid}: a taken id there is the caller's own, so the same create answers the stored analysis.
    const { document: analysis, isNew } = await analysesOf(routes, uid).createOnceGated(
      clientId,
      { ...fields, createdAt: new Date().toISOString() },
      () => true,
      () => limitSave(uid),
    );
    const user = users.get(uid);
    if (!isNew) return analysis;
    onAnalysis({
      userId: uid,
      userName: user?.displayName ?? DEFAULT_DISPLAY_NAME,
      analysis,
    });
    return analysis;
  };
}
