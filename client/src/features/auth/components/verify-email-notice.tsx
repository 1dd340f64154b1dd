import { authErrorMessage, isMovelabError } from '@movelab/shared';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirmEmailVerification } from '../api/confirm-email-verification';
import { LinkCheckStatus } from './link-check-status';

/**
 * The page the verification link opens: `/auth?mode=verifyEmail&oobCode=...`; confirms once,
 * then leads to the sign-in form (`onSignIn` with the notice the form shows).
 */
export function VerifyEmailNotice({ oobCode, onSignIn }: { oobCode: string; onSignIn: (notice: string | null) => void }) {
  const confirm = useConfirmEmailVerification();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate(oobCode);
  }, [confirm, oobCode]);

  if (confirm.isError) {
    const message = isMovelabError(confirm.error) ? authErrorMessage(confirm.error.code, confirm.error.message) : 'The link could not be checked.';
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
        <Button variant="ghost" onClick={() => onSignIn(null)}>
          Back to sign in
        </Button>
      </div>
    );
  }
  if (!confirm.isSuccess) {
    return <LinkCheckStatus link="verification" />;
  }
  const isAlready = confirm.data.alreadyVerified;
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm">
        {isAlready
          ? 'Your e-mail address is already verified: this link was used before. You can sign in.'
          : 'Your e-mail address is verified. You can sign in.'}
      </p>
      <Button onClick={() => onSignIn('Your e-mail address is verified. Sign in to continue.')}>Sign in</Button>
    </div>
  );
}
