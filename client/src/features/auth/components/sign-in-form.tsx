import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { authErrorText, lockedOutText } from '@/lib/errors';
import { useSignIn } from '../api/sign-in';
import { ZSignInForm, type TSignInForm } from '../schemas';
import { CredentialFields } from './credential-fields';
import { AuthFormError, logAuthError } from './form-error';

export function SignInForm() {
  const signIn = useSignIn();
  const errorId = useId();
  const { register, handleSubmit, formState } = useForm<TSignInForm>({
    resolver: zodResolver(ZSignInForm),
    defaultValues: { email: '', password: '' },
  });
  // A lock says how long it still holds; any other refusal is the §8 catalogue's text.
  const errorText = signIn.isError ? (lockedOutText(signIn.error) ?? authErrorText(signIn.error)) : null;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      aria-describedby={errorText ? errorId : undefined}
      onSubmit={handleSubmit((values) => signIn.mutate(values, { onError: logAuthError }))}
    >
      <CredentialFields register={register} errors={formState.errors} passwordAutoComplete="current-password" />
      <AuthFormError id={errorId} text={errorText} />
      {/* After success the page moves on once the user record is loaded: stay busy until then. */}
      <Button type="submit" isLoading={signIn.isPending || signIn.isSuccess}>
        Sign in
      </Button>
    </form>
  );
}
