import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialogs';
import { authErrorText } from '@/lib/errors';
import { useIsOnline } from '@/lib/offline/online';
import { useDeleteAccount } from '../api/delete-account';
import { isRecentLoginError, RecentLoginNotice } from './recent-login-notice';

export type TDeleteAccountProps = {
  /** After the account is gone (the user is already signed out). */
  onDeleted: () => void;
  onSignInAgain: () => void;
};

/** Deleting one's own account, after a confirmation that says what goes with it. */
export function DeleteAccount({ onDeleted, onSignInAgain }: TDeleteAccountProps) {
  const [isAsking, setIsAsking] = useState(false);
  const remove = useDeleteAccount(onDeleted);
  const isOnline = useIsOnline();
  const isStale = remove.isError && isRecentLoginError(remove.error);
  const close = () => {
    setIsAsking(false);
    if (!isStale) remove.reset();
  };
  const confirm = () =>
    remove.mutate(undefined, {
      // A stale sign-in needs an action beside the section: the dialog closes to show it.
      onError: (error) => (isRecentLoginError(error) ? setIsAsking(false) : console.error(error)),
    });

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Deleting your account removes your profile, avatar, analyses and practice history from Movelab for good. It cannot be undone.
      </p>
      {isStale ? <RecentLoginNotice error={remove.error} onSignInAgain={onSignInAgain} /> : null}
      {isOnline ? null : (
        <p role="status" className="text-sm">
          Deleting an account needs a connection to the Movelab server.
        </p>
      )}
      <Button variant="secondary" className="self-start border-danger/60 text-danger" disabled={!isOnline} onClick={() => setIsAsking(true)}>
        Delete account
      </Button>
      <ConfirmDialog
        isOpen={isAsking}
        title="Delete your account?"
        message="Your profile, avatar, analyses and practice history will be deleted, and you will be signed out. This cannot be undone."
        confirmLabel="Delete my account"
        onConfirm={confirm}
        onClose={close}
        isBusy={remove.isPending}
        error={remove.isError && !isStale ? authErrorText(remove.error) : null}
      />
    </div>
  );
}
