import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { authErrorText } from '@/lib/errors';
import { useSignUp } from '../api/sign-up';
import { ZSignUpForm, type TSignUpForm } from '../schemas';
import { CredentialFields } from './credential-fields';
import { AuthFormError, logAuthError } from './form-error';

export function SignUpForm() {
  const signUp = useSignUp();
  const errorId = useId();
  const { register, handleSubmit, formState } = useForm<TSignUpForm>({
    resolver: zodResolver(ZSignUpForm),
    defaultValues: { displayName: '', email: '', password: '' },
  });
  const errorText = signUp.isError ? authErrorText(signUp.error) : null;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      aria-describedby={errorText ? errorId : undefined}
      onSubmit={handleSubmit((values) => signUp.mutate(values, { onError: logAuthError }))}
    >
      <TextField
        label="Display name"
        autoComplete="nickname"
        hint="Optional: without one you appear as New User until you choose one in Settings."
        error={formState.errors.displayName?.message}
        {...register('displayName')}
      />
      <CredentialFields register={register} errors={formState.errors} passwordAutoComplete="new-password" />
      <AuthFormError id={errorId} text={errorText} />
      {/* After success the page moves on once the user record is loaded: stay busy until then. */}
      <Button type="submit" isLoading={signUp.isPending || signUp.isSuccess}>
        Create account
      </Button>
    </form>
  );
}
