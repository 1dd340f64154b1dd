import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { NEW_PASSWORD_HINT } from '@/components/forms/new-password-fields';
import { TextField } from '@/components/ui/text-field';

type TCredentials = { email: string; password: string };

/** The e-mail and password fields shared by sign-in and sign-up. */
export function CredentialFields<T extends TCredentials>({
  register,
  errors,
  passwordAutoComplete,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  passwordAutoComplete: 'current-password' | 'new-password';
}) {
  // Both forms have these two fields; narrowing lets one component register them.
  const registerCredentials = register as unknown as UseFormRegister<TCredentials>;
  const credentialErrors = errors as FieldErrors<TCredentials>;
  return (
    <>
      <TextField label="Email" type="email" autoComplete="email" error={credentialErrors.email?.message} {...registerCredentials('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete={passwordAutoComplete}
        // A password being chosen shows its rule before it is broken; signing in needs no hint.
        hint={passwordAutoComplete === 'new-password' ? NEW_PASSWORD_HINT : undefined}
        error={credentialErrors.password?.message}
        {...registerCredentials('password')}
      />
    </>
  );
}
