/**
 * The admin home's latest analyses across every user (a collection-group read, which the rules
 * allow admins). A stored row its schema refuses is counted and said, never silently dropped,
 * and further rows fill its place: ten such rows dated ahead can no longer empty the list.
 */
import { getDocs, limit, orderBy, query, startAfter, type Query, type QueryDocumentSnapshot } from 'firebase/firestore';
import { ZAdminAnalysis } from '@movelab/shared';
import type { TLatestAnalyses } from '../port';
import { fromServer } from './firestore';

/** Reads at most this many batches: rows that cannot be read do not make one list read without end. */
const MAX_BATCHES = 4;

function analysisOf(snap: QueryDocumentSnapshot) {
  // The owner is the parent document of the sub-collection: users/{uid}.
  return ZAdminAnalysis.safeParse({ ...snap.data(), userId: snap.ref.parent.parent?.id, id: snap.id });
}

/** The newest `count` readable analyses of `group` (newest first), and how many rows before them could not be read. */
export async function latestAnalyses(group: Query, count: number): Promise<TLatestAnalyses> {
  const found: TLatestAnalyses = { items: [], unreadable: 0 };
  let last: QueryDocumentSnapshot | undefined;
  for (let batch = 0; batch < MAX_BATCHES && found.items.length < count; batch += 1) {
    const wanted = count - found.items.length;
    const page = query(group, orderBy('createdAt', 'desc'), ...(last ? [startAfter(last)] : []), limit(wanted));
    const rows = await fromServer(async () => (await getDocs(page)).docs);
    for (const row of rows) {
      const parsed = analysisOf(row);
      if (parsed.success) found.items.push(parsed.data);
      else found.unreadable += 1;
    }
    if (rows.length < wanted) break;
    last = rows.at(-1);
  }
  return found;
}
