import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_ERROR_MESSAGES, AUTH_ERRORS } from '@movelab/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { NewPasswordFields, ZNewPasswordForm } from '@/components/forms/new-password-fields';
import { Button } from '@/components/ui/button';
import { useSnackbar } from '@/components/ui/snackbar';
import { TextField } from '@/components/ui/text-field';
import { errorCode, lockedOutText } from '@/lib/errors';
import { useChangePassword } from '../api/change-password';
import { isRecentLoginError, RecentLoginNotice } from './recent-login-notice';
import { useSettingsErrorHandler } from './use-settings-error';

const ZChangePasswordForm = ZNewPasswordForm.safeExtend({
  currentPassword: z.string().min(1, AUTH_ERROR_MESSAGES[AUTH_ERRORS.missingPassword]),
});
type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

const WRONG_CURRENT_PASSWORD_CODES: ReadonlySet<string | undefined> = new Set([AUTH_ERRORS.invalidCredential, AUTH_ERRORS.wrongPassword]);

/** A refusal of the current password (the sign-in before the change), said at its field; null for any other error. */
function currentPasswordError(error: unknown): string | null {
  if (WRONG_CURRENT_PASSWORD_CODES.has(errorCode(error))) return 'This is not your current password';
  return lockedOutText(error);
}

export function PasswordForm({ onSignInAgain }: { onSignInAgain: () => void }) {
  const changePassword = useChangePassword();
  const snackbar = useSnackbar();
  const onError = useSettingsErrorHandler();
  const { register, handleSubmit, formState, reset, setError } = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const onChangeError = (error: unknown) => {
    const message = currentPasswordError(error);
    if (!message) return onError(error);
    console.error(error);
    setError('currentPassword', { message }, { shouldFocus: true });
  };
  const submit = handleSubmit(({ currentPassword, password }) =>
    changePassword.mutate(
      { currentPassword, newPassword: password },
      {
        onError: onChangeError,
        onSuccess: () => {
          reset();
          snackbar.show('Your password was changed');
        },
      },
    ),
  );
  return (
    <form noValidate aria-label="Change password" className="flex flex-col gap-4" onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          className="sm:col-span-2 sm:w-1/2 sm:pr-2"
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordFields register={register} errors={formState.errors} />
      </div>
      {/* Only when signing in again with the current password did not satisfy the provider. */}
      {changePassword.isError && isRecentLoginError(changePassword.error) ? (
        <RecentLoginNotice error={changePassword.error} onSignInAgain={onSignInAgain} />
      ) : null}
      <Button type="submit" className="self-start" isLoading={changePassword.isPending}>
        Change password
      </Button>
    </form>
  );
}
