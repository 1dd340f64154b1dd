import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useResetLinkGoesToLog, useSendPasswordReset } from '../api/send-password-reset';
import { ZResetRequestForm, type TResetRequestForm } from '../schemas';
import { useAuthErrorHandler } from './use-auth-error';

export function ResetRequestForm() {
  const isLinkInLog = useResetLinkGoesToLog();
  const sendReset = useSendPasswordReset();
  const onError = useAuthErrorHandler();
  const { register, handleSubmit, formState } = useForm<TResetRequestForm>({
    resolver: zodResolver(ZResetRequestForm),
    defaultValues: { email: '' },
  });
  if (sendReset.isSuccess) {
    const email = <strong>{sendReset.variables.email}</strong>;
    return (
      <div role="status" className="rounded-lg bg-primary/10 p-4 text-sm">
        {isLinkInLog ? (
          <p>
            This server does not send e-mail: the password reset link for {email} is in the gateway log, for the person who runs this server. Ask them
            for it, then open it to choose a new password.
          </p>
        ) : (
          <p>A password reset link was sent to {email}. Open it to choose a new password.</p>
        )}
      </div>
    );
  }
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit((values) => sendReset.mutate(values, { onError }))}>
      <p className="text-sm text-muted">Enter the e-mail of your account to get a link to reset your password.</p>
      <TextField label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
      <Button type="submit" isLoading={sendReset.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
