import { authErrorMessage, isMovelabError } from '@movelab/shared';
import { Button } from '@/components/ui/button';
import { useIsEmailVerified, useSendEmailVerification } from '../api/email-verification';

/** The e-mail's verification status, and a way to ask for a new link (ADMIN_EMAILS needs it). */
export function EmailVerification() {
  const send = useSendEmailVerification();
  const isVerified = useIsEmailVerified();
  const error = send.error
    ? isMovelabError(send.error)
      ? authErrorMessage(send.error.code, send.error.message)
      : 'The link could not be sent.'
    : null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <p role="status" className="text-sm">
        {isVerified
          ? 'Your e-mail address is verified.'
          : send.isSuccess
            ? 'A verification link is on its way: open it to verify your e-mail.'
            : 'Your e-mail address is not verified yet.'}
      </p>
      {isVerified ? null : (
        <Button variant="secondary" isLoading={send.isPending} onClick={() => send.mutate()}>
          Verify e-mail
        </Button>
      )}
      {error ? (
        <p role="alert" className="w-full text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
