/** Joins a group session by the 6-digit code on the host's screen; answers the group's id, or the refusal. */
import type { TGroupRole } from '@movelab/shared';
import { useCallback } from 'react';
import { emitWithAck } from '@/lib/socket/socket';
import { useUserSocket } from '@/lib/socket/socket-context';
import type { TGroupError } from '../lib/messages';
import { noteSeat } from '../lib/seat-store';

const NOT_CONNECTED: TGroupError = { code: 'socket/timeout', message: 'Not connected to the server yet. Check your connection and try again.' };

export function useJoinByCode() {
  const { socket, status } = useUserSocket();
  const join = useCallback(
    async (code: string, role: TGroupRole): Promise<{ groupId: string } | { error: TGroupError }> => {
      if (!socket || status !== 'connected') return { error: NOT_CONNECTED };
      const result = await emitWithAck(socket, 'group:join', { code, role });
      if (!result.ok) return { error: result.error };
      // The session's page finds this tab in the group: it rejoins, no link needed.
      noteSeat(result.data.groupId, { isMember: true });
      return { groupId: result.data.groupId };
    },
    [socket, status],
  );
  return { join, isConnected: status === 'connected' };
}
