import { AUTH_ERRORS } from '@movelab/shared';
import { useCallback } from 'react';
import { useSnackbar } from '@/components/ui/snackbar';
import { authErrorText, errorCode } from '@/lib/errors';
import { isRecentLoginError } from './recent-login-notice';

/**
 * What a signed-in user reads where the §8 catalogue speaks to someone signing up: a new
 * e-mail another account already has is not theirs to sign in with or reset.
 */
const SIGNED_IN_MESSAGES: Readonly<Record<string, string>> = {
  [AUTH_ERRORS.emailAlreadyInUse]: 'This e-mail address belongs to another account. Choose another one.',
};

/**
 * Errors of a settings save: a stale sign-in is shown beside the form (it needs an action),
 * anything else as the §8 catalogue message in the snackbar. Both are logged.
 */
export function useSettingsErrorHandler(): (error: unknown) => void {
  const snackbar = useSnackbar();
  return useCallback(
    (error: unknown) => {
      console.error(error);
      if (isRecentLoginError(error)) return;
      snackbar.show(SIGNED_IN_MESSAGES[errorCode(error) ?? ''] ?? authErrorText(error));
    },
    [snackbar],
  );
}
