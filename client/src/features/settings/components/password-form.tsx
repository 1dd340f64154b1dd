import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { NewPasswordFields, ZNewPasswordForm, type TNewPasswordForm } from '@/components/forms/new-password-fields';
import { Button } from '@/components/ui/button';
import { useSnackbar } from '@/components/ui/snackbar';
import { useChangePassword } from '../api/change-password';
import { isRecentLoginError, RecentLoginNotice } from './recent-login-notice';
import { useSettingsErrorHandler } from './use-settings-error';

export function PasswordForm({ onSignInAgain }: { onSignInAgain: () => void }) {
  const changePassword = useChangePassword();
  const snackbar = useSnackbar();
  const onError = useSettingsErrorHandler();
  const { register, handleSubmit, formState, reset } = useForm<TNewPasswordForm>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const submit = handleSubmit(({ password }) =>
    changePassword.mutate(password, {
      onError,
      onSuccess: () => {
        reset();
        snackbar.show('Your password was changed');
      },
    }),
  );
  return (
    <form noValidate aria-label="Change password" className="flex flex-col gap-4" onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPasswordFields register={register} errors={formState.errors} />
      </div>
      {changePassword.isError && isRecentLoginError(changePassword.error) ? (
        <RecentLoginNotice error={changePassword.error} onSignInAgain={onSignInAgain} />
      ) : null}
      <Button type="submit" className="self-start" isLoading={changePassword.isPending}>
        Change password
      </Button>
    </form>
  );
}
