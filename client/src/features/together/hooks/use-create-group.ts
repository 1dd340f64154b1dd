/**
 * Opens a group session for a plan (or re-attaches the host to the one it hosts for that plan),
 * once, as soon as the plan is read and the connection is up; then, if asked, invites a friend.
 * Answers the group's id and link token (null when re-attached and this tab never had it).
 */
import type { TGroupPlan } from '@movelab/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnackbar } from '@/components/ui/snackbar';
import { emitWithAck } from '@/lib/socket/socket';
import { useUserSocket } from '@/lib/socket/socket-context';
import { groupErrorText, type TGroupError } from '../lib/messages';
import { noteSeat, readSeatNote } from '../lib/seat-store';

export type TCreated = { groupId: string; joinToken: string | null };

export function useCreateGroup(plan: TGroupPlan | null, inviteUid: string | null, onCreated: (created: TCreated) => void) {
  const { socket, status } = useUserSocket();
  const snackbar = useSnackbar();
  const [error, setError] = useState<TGroupError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const tried = useRef(-1);
  const onCreatedRef = useRef(onCreated);
  useEffect(() => {
    onCreatedRef.current = onCreated;
  });

  const invite = useCallback(
    async (groupId: string, joinToken: string, uid: string) => {
      if (!socket) return;
      const sent = await emitWithAck(socket, 'group:invite', { groupId, joinToken, uid });
      if (!sent.ok) return snackbar.show(`The invitation was not sent: ${groupErrorText(sent.error)}`);
      snackbar.show(sent.data.delivered ? 'Invitation sent.' : 'Your friend is not online now: send them the link.');
    },
    [snackbar, socket],
  );

  useEffect(() => {
    if (!plan || !socket || status !== 'connected' || tried.current === attempt) return;
    tried.current = attempt;
    void emitWithAck(socket, 'group:create', { plan }).then((result) => {
      if (!result.ok) return setError(result.error);
      const { groupId, joinToken, code, codeExpiresAt } = result.data;
      const note = noteSeat(groupId, {
        isMember: true,
        code: { groupId, code, codeExpiresAt },
        joinToken: joinToken ?? readSeatNote(groupId).joinToken,
      });
      if (inviteUid && note.joinToken) void invite(groupId, note.joinToken, inviteUid);
      onCreatedRef.current({ groupId, joinToken: note.joinToken });
    });
  }, [attempt, invite, inviteUid, plan, socket, status]);

  const retry = () => {
    setError(null);
    setAttempt((count) => count + 1);
  };
  return { error, retry, isConnected: status === 'connected' };
}
