/** Auth form rules (spec §5), built on the shared e-mail and password schemas. */
import { AUTH_ERROR_MESSAGES, AUTH_ERRORS, LIMITS, ZEmail, ZPassword } from '@movelab/shared';
import { z } from 'zod';

const email = z.string().trim().min(1, AUTH_ERROR_MESSAGES[AUTH_ERRORS.missingEmail]).pipe(ZEmail);
const password = z.string().min(1, AUTH_ERROR_MESSAGES[AUTH_ERRORS.missingPassword]).pipe(ZPassword);

export const ZSignInForm = z.object({ email, password });
export type TSignInForm = z.infer<typeof ZSignInForm>;

/** The display name is optional: without one the user record is named 'New User' (DEFAULT_DISPLAY_NAME), as the spec's start-up says. */
export const ZSignUpForm = z.object({
  displayName: z.string().trim().max(LIMITS.displayNameMax),
  email,
  password,
});
export type TSignUpForm = z.infer<typeof ZSignUpForm>;

export const ZResetRequestForm = z.object({ email });
export type TResetRequestForm = z.infer<typeof ZResetRequestForm>;

/** The reset-link page's form, shared with settings. */
export { ZNewPasswordForm, type TNewPasswordForm } from '@/components/forms/new-password-fields';
