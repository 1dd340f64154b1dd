import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useSignIn } from '../api/sign-in';
import { ZSignInForm, type TSignInForm } from '../schemas';
import { CredentialFields } from './credential-fields';
import { useAuthErrorHandler } from './use-auth-error';

export function SignInForm() {
  const signIn = useSignIn();
  const onError = useAuthErrorHandler();
  const { register, handleSubmit, formState } = useForm<TSignInForm>({
    resolver: zodResolver(ZSignInForm),
    defaultValues: { email: '', password: '' },
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit((values) => signIn.mutate(values, { onError }))}>
      <CredentialFields register={register} errors={formState.errors} passwordAutoComplete="current-password" />
      {/* After success the page moves on once the user record is loaded: stay busy until then. */}
      <Button type="submit" isLoading={signIn.isPending || signIn.isSuccess}>
        Sign in
      </Button>
    </form>
  );
}
