import { useCallback, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/dialogs';
import { useLogout } from './use-logout';

/** Logout behind a confirmation, wherever it is offered: one stray tap must not sign a user out. */
export function useConfirmedLogout(): { requestLogout: () => void; dialog: ReactNode } {
  const logout = useLogout();
  const [isOpen, setIsOpen] = useState(false);
  // Opened after the click that asked for it has finished: the dialog's outside-click check
  // would otherwise see that same click (on the drawer's Logout) and close it at once.
  const requestLogout = useCallback(() => void setTimeout(() => setIsOpen(true), 0), []);
  const dialog = (
    <ConfirmDialog
      isOpen={isOpen}
      title="Log out of Movelab?"
      message="You will need your e-mail and password to sign in again on this device."
      confirmLabel="Log out"
      onClose={() => setIsOpen(false)}
      onConfirm={() => {
        setIsOpen(false);
        logout();
      }}
    />
  );
  return { requestLogout, dialog };
}
