/**
 * An invitation to practise together (`group:invited`) reaching the signed-in user live: a notice
 * "Ann invites you to practise Full-body starter" with Join, in the app's snackbar (its live region).
 */
import { ZGroupInvitation, type TGroupInvitation } from '@movelab/shared';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnackbar } from '@/components/ui/snackbar';
import { paths } from '@/config/paths';
import { useUserSocket } from '@/lib/socket/socket-context';
import { usePlanNameReader } from '../api/get-plan-name';

/** Long enough to read, reach and press Join; the link the friend sent still works afterwards. */
export const INVITATION_NOTICE_MS = 30_000;

/** Where Join leads: the session's page with its join token in the fragment (never sent to a server). */
export const invitationHref = (invitation: Pick<TGroupInvitation, 'groupId' | 'joinToken'>) =>
  `${paths.togetherSession({ groupId: invitation.groupId })}#${invitation.joinToken}`;

export function invitationText(fromName: string, planName: string | null): string {
  return `${fromName.trim() || 'A friend'} invites you to practise ${planName ?? 'together'}`;
}

/** Listens on the user's socket while signed in; renders nothing itself. */
export function InvitationNotices() {
  const { socket } = useUserSocket();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const readPlanName = usePlanNameReader();

  useEffect(() => {
    if (!socket) return;
    const onInvited = (payload: unknown) => {
      const invitation = ZGroupInvitation.safeParse(payload);
      if (!invitation.success) return;
      const { data } = invitation;
      // Already in that session: nothing to join.
      if (pathname === paths.togetherSession({ groupId: data.groupId })) return;
      void readPlanName(data.plan).then((planName) =>
        snackbar.show(invitationText(data.fromName, planName), INVITATION_NOTICE_MS, `invitation-${data.groupId}`, {
          label: 'Join',
          onSelect: () => navigate(invitationHref(data)),
        }),
      );
    };
    socket.on('group:invited', onInvited);
    return () => {
      socket.off('group:invited', onInvited);
    };
  }, [socket, snackbar, navigate, pathname, readPlanName]);

  return null;
}
