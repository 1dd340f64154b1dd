import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useSignUp } from '../api/sign-up';
import { ZSignUpForm, type TSignUpForm } from '../schemas';
import { CredentialFields } from './credential-fields';
import { useAuthErrorHandler } from './use-auth-error';

export function SignUpForm() {
  const signUp = useSignUp();
  const onError = useAuthErrorHandler();
  const { register, handleSubmit, formState } = useForm<TSignUpForm>({
    resolver: zodResolver(ZSignUpForm),
    defaultValues: { displayName: '', email: '', password: '' },
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit((values) => signUp.mutate(values, { onError }))}>
      <TextField
        label="Display name"
        autoComplete="nickname"
        hint="Optional: without one you appear as New User until you choose one in Settings."
        error={formState.errors.displayName?.message}
        {...register('displayName')}
      />
      <CredentialFields register={register} errors={formState.errors} passwordAutoComplete="new-password" />
      {/* After success the page moves on once the user record is loaded: stay busy until then. */}
      <Button type="submit" isLoading={signUp.isPending || signUp.isSuccess}>
        Create account
      </Button>
    </form>
  );
}
