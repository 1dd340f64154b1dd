import { authErrorMessage, isMovelabError } from '@movelab/shared';
import { useEffect, useRef } from 'react';
import { useConfirmEmailVerification } from '../api/confirm-email-verification';

/** The page the verification link opens: `/auth?mode=verifyEmail&oobCode=...`; confirms once. */
export function VerifyEmailNotice({ oobCode }: { oobCode: string }) {
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
      <p role="alert" className="text-sm text-danger">
        {message}
      </p>
    );
  }
  return (
    <p role="status" className="text-sm">
      {confirm.isSuccess ? 'Your e-mail address is verified. You can sign in.' : 'Checking your verification link…'}
    </p>
  );
}
