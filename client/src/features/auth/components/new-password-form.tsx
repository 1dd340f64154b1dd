import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_ERRORS } from '@movelab/shared';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { Button } from '@/components/ui/button';
import { authErrorText, errorCode } from '@/lib/errors';
import { useCheckPasswordReset, useConfirmPasswordReset } from '../api/confirm-password-reset';
import { ZNewPasswordForm, type TNewPasswordForm } from '../schemas';
import { LinkCheckStatus } from './link-check-status';
import { useAuthErrorHandler } from './use-auth-error';

/** What a reset link that cannot be used says, whichever backend refused it. */
const VOID_LINK_MESSAGES: Readonly<Record<string, string>> = {
  [AUTH_ERRORS.invalidActionCode]: 'This reset link is not valid or was already used.',
  [AUTH_ERRORS.expiredActionCode]: 'This reset link has expired.',
};
const voidLinkMessage = (error: unknown): string | undefined => VOID_LINK_MESSAGES[errorCode(error) ?? ''];

/**
 * The page the reset link opens: `/auth?mode=resetPassword&oobCode=...`. The link is checked
 * first: a used, expired or made-up one says so at once, with a way to ask for a new one
 * (`onNewLink`), instead of a form that cannot succeed.
 */
export function NewPasswordForm({ oobCode, onDone, onNewLink }: { oobCode: string; onDone: () => void; onNewLink: () => void }) {
  const check = useCheckPasswordReset();
  const confirmReset = useConfirmPasswordReset();
  const onError = useAuthErrorHandler();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    check.mutate(oobCode, { onError: (error) => console.error(error) });
  }, [check, oobCode]);
  const { register, handleSubmit, formState } = useForm<TNewPasswordForm>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  // A link spent meanwhile (in another tab) fails the save the same way.
  const onSaveError = (error: unknown) => (voidLinkMessage(error) ? console.error(error) : onError(error));
  const submit = handleSubmit(({ password }) => confirmReset.mutate({ oobCode, newPassword: password }, { onError: onSaveError, onSuccess: onDone }));

  const voidError = check.isError ? check.error : voidLinkMessage(confirmReset.error) ? confirmReset.error : null;
  if (voidError) {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="text-sm text-danger">
          {voidLinkMessage(voidError) ?? authErrorText(voidError)} Ask for a new link to reset your password.
        </p>
        <Button onClick={onNewLink}>Send a new reset link</Button>
      </div>
    );
  }
  if (!check.isSuccess) {
    return <LinkCheckStatus link="reset" />;
  }
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
      <p className="text-sm text-muted">
        Choose a new password for <strong>{check.data}</strong>.
      </p>
      <NewPasswordFields register={register} errors={formState.errors} />
      <Button type="submit" isLoading={confirmReset.isPending}>
        Save new password
      </Button>
    </form>
  );
}
