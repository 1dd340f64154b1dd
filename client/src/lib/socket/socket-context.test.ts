import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { invalidateAnalyses } from './socket-context';

describe('invalidateAnalyses', () => {
  it("marks the user's Recent Sessions, recap and history stale, and nothing of another user or their profile", async () => {
    const client = new QueryClient();
    const mine = {
      recent: queryKeys.users.recentSessions('u1', 6),
      recap: queryKeys.users.videoAnalyses('u1', 50),
      history: queryKeys.users.history('u1', { kind: 'all' }),
      profile: queryKeys.users.detail('u1'),
    };
    const theirs = queryKeys.users.history('u2', { kind: 'all' });
    for (const key of [...Object.values(mine), theirs]) client.setQueryData(key, []);

    await invalidateAnalyses(client, 'u1');

    const isStale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect([mine.recent, mine.recap, mine.history].map(isStale)).toEqual([true, true, true]);
    expect(isStale(mine.profile)).toBe(false);
    expect(isStale(theirs)).toBe(false);
  });
});
