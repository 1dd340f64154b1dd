import { useNavigate } from 'react-router-dom';
import { useSnackbar } from '@/components/ui/snackbar';
import { InlineError, InlineLoading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { SettingsScreen } from '@/features/settings';
import { useUser } from '@/features/users';
import { errorText } from '@/lib/errors';
import { useAppStore } from '@/stores/app-store';
import { useConfirmedLogout } from '../layouts/logout-confirmation';
import { useLogout } from '../layouts/use-logout';

function Settings({ uid }: { uid: string }) {
  const user = useUser(uid);
  const { requestLogout, dialog: logoutDialog } = useConfirmedLogout();
  const logout = useLogout();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  // A stale sign-in cannot change e-mail or password: sign in again, then come back here.
  const signInAgain = () => logout(paths.auth(paths.settings()));

  const accountDeleted = () => {
    snackbar.show('Your account was deleted');
    void navigate(paths.auth(), { replace: true });
  };

  if (user.isPending) return <InlineLoading label="Loading your profile…" />;
  if (user.isError) return <InlineError message={`Your profile could not be loaded: ${errorText(user.error)}`} onRetry={() => void user.refetch()} />;
  if (!user.data) return <InlineError message="Your profile could not be found." onRetry={() => void user.refetch()} />;
  return (
    <>
      <SettingsScreen uid={uid} user={user.data} onLogout={requestLogout} onSignInAgain={signInAgain} onAccountDeleted={accountDeleted} />
      {logoutDialog}
    </>
  );
}

export default function SettingsRoute() {
  const uid = useAppStore((state) => state.currentUser?.uid);
  // The guard only lets signed-in users here; this keeps the types honest.
  if (!uid) return null;
  return <Settings uid={uid} />;
}
