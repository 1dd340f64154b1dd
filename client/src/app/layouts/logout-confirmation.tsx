import { useCallback, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/dialogs';
import { useLogout } from './use-logout';

/** Logout behind a confirmation, wherever it is offered: one stray tap must not sign a user out. */
export function useConfirmedLogout(): { requestLogout: () => void; dialog: ReactNode } {
  const logout = useLogout();
  const [isOpen, setIsOpen] = useState(false);
  const requestLogout = useCallback(() => setIsOpen(true), []);
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
