/** A new password and its repetition: the reset-link page and settings both ask for one. */
import { AUTH_ERROR_MESSAGES, AUTH_ERRORS, PASSWORD_MIN_LENGTH, ZPassword } from '@movelab/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from '@/components/ui/text-field';

/** The rule shown before it is broken, under every field that sets a password. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters`;

export const ZNewPasswordForm = z
  .object({
    password: z.string().min(1, AUTH_ERROR_MESSAGES[AUTH_ERRORS.missingPassword]).pipe(ZPassword),
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type TNewPasswordForm = z.infer<typeof ZNewPasswordForm>;

export function NewPasswordFields<T extends TNewPasswordForm>({ register, errors }: { register: UseFormRegister<T>; errors: FieldErrors<T> }) {
  // Forms with more fields (settings asks for the current password too) register these two here.
  const registerNew = register as unknown as UseFormRegister<TNewPasswordForm>;
  const newErrors = errors as FieldErrors<TNewPasswordForm>;
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        error={newErrors.password?.message}
        {...registerNew('password')}
      />
      <TextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        error={newErrors.confirmPassword?.message}
        {...registerNew('confirmPassword')}
      />
    </>
  );
}
