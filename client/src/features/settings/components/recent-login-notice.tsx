import { AUTH_ERRORS } from '@movelab/shared';
import { Button } from '@/components/ui/button';
import { authErrorText, errorCode } from '@/lib/errors';

export const isRecentLoginError = (error: unknown) => errorCode(error) === AUTH_ERRORS.requiresRecentLogin;

/** The catalogue message for auth/requires-recent-login, with the way out: sign in again. */
export function RecentLoginNotice({ error, onSignInAgain }: { error: unknown; onSignInAgain: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm">
      <span className="flex-1">{authErrorText(error)}</span>
      <Button variant="secondary" className="min-h-9" onClick={onSignInAgain}>
        Sign in again
      </Button>
    </div>
  );
}
