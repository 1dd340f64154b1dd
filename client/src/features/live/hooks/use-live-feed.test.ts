import { act, renderHook } from '@testing-library/react';
import type { TLiveGroup } from '@movelab/shared';
import { describe, expect, it, vi } from 'vitest';
import type { TLatestPresence } from '@/lib/socket/socket-context';
import { createFakeSocket } from '@/testing/fake-socket';
import { useLiveFeed } from './use-live-feed';

const fake = createFakeSocket();
const latest: TLatestPresence = {};
vi.mock('@/lib/socket/socket-context', () => ({ useUserSocket: () => ({ socket: fake.socket, status: 'connected', latest }) }));

const group = (hostName: string, phase: TLiveGroup['phase']): TLiveGroup => ({
  key: `${hostName}-key`,
  hostName,
  members: [{ name: hostName, role: 'practising', connection: 'connected' }],
  plan: { movementId: 'squat' },
  step: 0,
  stepCount: 1,
  phase,
});

describe('useLiveFeed: group sessions', () => {
  it('starts from the groups the socket kept before the page subscribed, then follows presence:groups', () => {
    latest.groups = [group('Hana', 'lobby')];
    const { result } = renderHook(() => useLiveFeed());
    expect(result.current.groups.map((one) => one.hostName)).toEqual(['Hana']);
    act(() => fake.receive('presence:groups', { groups: [group('Hana', 'running'), group('Iris', 'lobby')] }));
    expect(result.current.groups.map((one) => [one.hostName, one.phase])).toEqual([
      ['Hana', 'running'],
      ['Iris', 'lobby'],
    ]);
    act(() => fake.receive('presence:groups', { groups: [] }));
    expect(result.current.groups).toEqual([]);
  });
});
