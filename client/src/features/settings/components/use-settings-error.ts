import { useCallback } from 'react';
import { useSnackbar } from '@/components/ui/snackbar';
import { authErrorText } from '@/lib/errors';
import { isRecentLoginError } from './recent-login-notice';

/**
 * Errors of a settings save: a stale sign-in is shown beside the form (it needs an action),
 * anything else as the §8 catalogue message in the snackbar. Both are logged.
 */
export function useSettingsErrorHandler(): (error: unknown) => void {
  const snackbar = useSnackbar();
  return useCallback(
    (error: unknown) => {
      console.error(error);
      if (!isRecentLoginError(error)) snackbar.show(authErrorText(error));
    },
    [snackbar],
  );
}
