/** A new password and its repetition: the reset-link page and settings both ask for one. */
import { AUTH_ERROR_MESSAGES, AUTH_ERRORS, ZPassword } from '@movelab/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from '@/components/ui/text-field';

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

export function NewPasswordFields({
  register,
  errors,
}: {
  register: UseFormRegister<TNewPasswordForm>;
  errors: FieldErrors<TNewPasswordForm>;
}) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </>
  );
}
