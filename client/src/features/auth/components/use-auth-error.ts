import { useCallback } from 'react';
import { useSnackbar } from '@/components/ui/snackbar';
import { authErrorText } from '@/lib/errors';

/** The snackbar group of the auth screen's errors. */
const AUTH_ERRORS_GROUP = 'auth';

/**
 * Provider errors of the reset forms: the §8 catalogue message in the snackbar, the error itself in
 * the console. Sign-in and sign-up show theirs inside the form (`AuthFormError`).
 */
export function useAuthErrorHandler(): (error: unknown) => void {
  const snackbar = useSnackbar();
  return useCallback(
    (error: unknown) => {
      console.error(error);
      snackbar.show(authErrorText(error), undefined, AUTH_ERRORS_GROUP);
    },
    [snackbar],
  );
}

/** Takes an auth error toast away once it is stale: another tab is open. */
export function useDismissAuthError(): () => void {
  const { dismiss } = useSnackbar();
  return useCallback(() => dismiss(AUTH_ERRORS_GROUP), [dismiss]);
}
