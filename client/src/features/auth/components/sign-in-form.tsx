import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { lockedOutText } from '@/lib/errors';
import { useSignIn } from '../api/sign-in';
import { ZSignInForm, type TSignInForm } from '../schemas';
import { CredentialFields } from './credential-fields';
import { useAuthErrorHandler, useDismissAuthError } from './use-auth-error';

export function SignInForm() {
  const signIn = useSignIn();
  const onError = useAuthErrorHandler();
  const dismissAuthError = useDismissAuthError();
  const lockId = useId();
  const { register, handleSubmit, formState } = useForm<TSignInForm>({
    resolver: zodResolver(ZSignInForm),
    defaultValues: { email: '', password: '' },
  });
  // A lock stays in view beside the form (with how long it holds) until the next try; the
  // toast of an earlier failure goes, the lock says what holds now.
  const lockedText = lockedOutText(signIn.error);
  const onSignInError = (error: unknown) => {
    if (!lockedOutText(error)) return onError(error);
    console.error(error);
    dismissAuthError();
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      aria-describedby={lockedText ? lockId : undefined}
      onSubmit={handleSubmit((values) => signIn.mutate(values, { onError: onSignInError }))}
    >
      <CredentialFields register={register} errors={formState.errors} passwordAutoComplete="current-password" />
      {lockedText ? (
        <p id={lockId} role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm">
          {lockedText}
        </p>
      ) : null}
      {/* After success the page moves on once the user record is loaded: stay busy until then. */}
      <Button type="submit" isLoading={signIn.isPending || signIn.isSuccess}>
        Sign in
      </Button>
    </form>
  );
}
