import { useCallback } from 'react';
import { useSnackbar } from '@/components/ui/snackbar';
import { authErrorText } from '@/lib/errors';

/** Provider errors: the §8 catalogue message in the snackbar, the error itself in the console. */
export function useAuthErrorHandler(): (error: unknown) => void {
  const snackbar = useSnackbar();
  return useCallback(
    (error: unknown) => {
      console.error(error);
      snackbar.show(authErrorText(error));
    },
    [snackbar],
  );
}
