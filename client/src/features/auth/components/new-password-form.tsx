import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { Button } from '@/components/ui/button';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { ZNewPasswordForm, type TNewPasswordForm } from '../schemas';
import { useAuthErrorHandler } from './use-auth-error';

/** The page the reset link opens: `/auth?mode=resetPassword&oobCode=...`. */
export function NewPasswordForm({ oobCode, onDone }: { oobCode: string; onDone: () => void }) {
  const confirmReset = useConfirmPasswordReset();
  const onError = useAuthErrorHandler();
  const { register, handleSubmit, formState } = useForm<TNewPasswordForm>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const submit = handleSubmit(({ password }) =>
    confirmReset.mutate({ oobCode, newPassword: password }, { onError, onSuccess: onDone }),
  );
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
      <p className="text-sm text-muted">Choose a new password for your account.</p>
      <NewPasswordFields register={register} errors={formState.errors} />
      <Button type="submit" isLoading={confirmReset.isPending}>
        Save new password
      </Button>
    </form>
  );
}
