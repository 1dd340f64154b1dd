import { AUTH_ERRORS, MovelabError } from '@movelab/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TBackend } from '@/lib/backend/port';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { AuthScreen } from './auth-screen';

function setup(identity: Parameters<typeof createFakeBackend>[0] = {}, path = '/auth', kind: TBackend['kind'] = 'embedded') {
  const backend = { ...createFakeBackend(identity), kind };
  renderWithProviders(<AuthScreen />, { backend, path });
  return { user: userEvent.setup(), backend };
}

/** The error shown under a field, if any (validation is asynchronous: read it inside `waitFor`). */
const fieldError = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

/** The one alert on the page, inside the open tab's form beside its button (no toast far from it). */
async function formAlert(): Promise<HTMLElement> {
  const alert = await within(screen.getByRole('tabpanel')).findByRole('alert');
  expect(screen.getAllByRole('alert')).toEqual([alert]);
  expect(alert.nextElementSibling).toHaveRole('button');
  return alert;
}

/** A sign-in with a wrong password, up to its message. */
async function failSignIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'wrong-1');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await formAlert()).toHaveTextContent('Email or password is incorrect');
}

describe('AuthScreen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows an error under each empty field and does not call the provider', async () => {
    const signIn = vi.fn();
    const { user } = setup({ identity: { signIn } });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(fieldError('Email')).toBe('Email is missing'));
    await waitFor(() => expect(fieldError('Password')).toBe('Password is missing'));
    expect(signIn).not.toHaveBeenCalled();
  });

  it('keeps each tab label on one line, the tabs sharing the row by their widths', () => {
    setup();
    for (const tab of screen.getAllByRole('tab')) expect(tab).toHaveClass('whitespace-nowrap', 'flex-auto');
  });

  it('refuses an invalid e-mail and a password shorter than 6 characters', async () => {
    const signIn = vi.fn();
    const { user } = setup({ identity: { signIn } });

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(fieldError('Email')).toBe('Not a valid email'));
    await waitFor(() => expect(fieldError('Password')).toBe('Password should be at least 6 characters long'));
    expect(signIn).not.toHaveBeenCalled();
  });

  it('shows a provider error with the catalogue message inside the form, and logs it', async () => {
    const error = new MovelabError(AUTH_ERRORS.wrongPassword, 'INVALID_PASSWORD', 400);
    const signIn = vi.fn().mockRejectedValue(error);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup({ identity: { signIn } });

    await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await formAlert()).toHaveTextContent('Email or password is incorrect');
    expect(screen.getByRole('button', { name: 'Sign in' }).closest('form')).toHaveAccessibleDescription('Email or password is incorrect');
    expect(signIn).toHaveBeenCalledWith('ada@example.com', 'secret1');
    expect(consoleError).toHaveBeenCalledWith(error);
  });

  it('replaces the wrong-password message with the lock', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signIn = vi
      .fn()
      .mockRejectedValueOnce(new MovelabError(AUTH_ERRORS.invalidCredential, 'Email or password is incorrect', 400))
      .mockRejectedValueOnce(new MovelabError(AUTH_ERRORS.tooManyRequests, 'locked', 429, { retryAfterSeconds: 900 }));
    const { user } = setup({ identity: { signIn } });

    await failSignIn(user);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Too many failed attempts: try again in 15 minutes/));
    expect(screen.queryByText('Email or password is incorrect')).not.toBeInTheDocument();
  });

  it('takes a sign-in error away when another tab opens', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signIn = vi.fn().mockRejectedValue(new MovelabError(AUTH_ERRORS.invalidCredential, 'Email or password is incorrect', 400));
    const { user } = setup({ identity: { signIn } });

    await failSignIn(user);

    await user.click(screen.getByRole('tab', { name: 'Sign up' }));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Create account' })).toBeVisible();
  });

  it("prefixes an unknown provider error with 'Error:'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signUp = vi.fn().mockRejectedValue(new MovelabError(AUTH_ERRORS.tooManyRequests, 'Too many attempts', 429));
    const { user } = setup({ identity: { signUp } });

    await user.click(screen.getByRole('tab', { name: 'Sign up' }));
    const panel = screen.getByRole('tabpanel');
    await user.type(screen.getByLabelText('Display name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(within(panel).getByRole('button', { name: 'Create account' }));

    expect(await formAlert()).toHaveTextContent('Error: Too many attempts');
    expect(signUp).toHaveBeenCalledWith('ada@example.com', 'secret1', 'Ada');
  });

  it('says inside the sign-up form that the e-mail is already used, and shows the password rule before it is broken', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signUp = vi.fn().mockRejectedValue(new MovelabError(AUTH_ERRORS.emailAlreadyInUse, 'EMAIL_EXISTS', 400));
    const { user } = setup({ identity: { signUp } });
    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription();

    await user.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 6 characters');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Create account' }));

    expect(await formAlert()).toHaveTextContent('This email is already used. Please login or reset your password');
  });

  it('creates an account without a display name: the name is optional', async () => {
    const signUp = vi.fn().mockResolvedValue({ uid: 'u1' });
    const { user } = setup({ identity: { signUp } });

    await user.click(screen.getByRole('tab', { name: 'Sign up' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByLabelText('Display name')).toHaveAccessibleDescription(/Optional: without one you appear as New User/);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(within(panel).getByRole('button', { name: 'Create account' }));

    await vi.waitFor(() => expect(signUp).toHaveBeenCalledWith('ada@example.com', 'secret1', undefined));
    expect(fieldError('Display name')).toBeUndefined();
  });

  it('says a display name is too long as the other forms do', async () => {
    const signUp = vi.fn();
    const { user } = setup({ identity: { signUp } });

    await user.click(screen.getByRole('tab', { name: 'Sign up' }));
    await user.click(screen.getByLabelText('Display name'));
    await user.paste('a'.repeat(200));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(fieldError('Display name')).toBe('At most 80 characters'));
    expect(signUp).not.toHaveBeenCalled();
  });

  it.each([
    ['firebase', 'A password reset link was sent to ada@example.com. Open it to choose a new password.'],
    [
      'embedded',
      'This server does not send e-mail: the password reset link for ada@example.com is in the gateway log, for the person who runs this server.',
    ],
  ] as const)('after a reset request on the %s backend, says where the link went', async (kind, said) => {
    const sendPasswordReset = vi.fn().mockResolvedValue(undefined);
    const { user } = setup({ identity: { sendPasswordReset } }, '/auth', kind);

    await user.click(screen.getByRole('tab', { name: 'Reset password' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(said);
    if (kind === 'embedded') expect(status).not.toHaveTextContent(/sent/);
    expect(sendPasswordReset).toHaveBeenCalledWith('ada@example.com');
  });

  it('sets a new password from the reset link, then offers sign-in', async () => {
    const verifyPasswordResetCode = vi.fn().mockResolvedValue('ada@example.com');
    const confirmPasswordReset = vi.fn().mockResolvedValue(undefined);
    const { user } = setup({ identity: { verifyPasswordResetCode, confirmPasswordReset } }, '/auth?mode=resetPassword&oobCode=code-123');

    expect(screen.getByText('Checking your reset link…')).toHaveRole('status');
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(verifyPasswordResetCode).toHaveBeenCalledWith('code-123');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('At least 6 characters');
    await user.type(screen.getByLabelText('New password'), 'newsecret');
    await user.type(screen.getByLabelText('Repeat the new password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(fieldError('Repeat the new password')).toBe('Passwords do not match'));
    expect(confirmPasswordReset).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'newsecret');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password was changed');
    expect(confirmPasswordReset).toHaveBeenCalledWith('code-123', 'newsecret');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('says at once that a used or made-up reset link is void, asks for no password, and leads to a new link', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const verifyPasswordResetCode = vi
      .fn()
      .mockRejectedValue(new MovelabError(AUTH_ERRORS.invalidActionCode, 'The reset link is not valid or was already used', 400));
    const sendPasswordReset = vi.fn().mockResolvedValue(undefined);
    const { user } = setup({ identity: { verifyPasswordResetCode, sendPasswordReset } }, '/auth?mode=resetPassword&oobCode=garbage');

    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is not valid or was already used. Ask for a new link');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new reset link' }));

    expect(screen.getByRole('tab', { name: 'Reset password', selected: true })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('the password reset link for ada@example.com is in the gateway log');
  });

  it('says an expired reset link has expired, before any password is typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const verifyPasswordResetCode = vi
      .fn()
      .mockRejectedValue(new MovelabError(AUTH_ERRORS.expiredActionCode, 'Firebase: Error (auth/expired-action-code).', 400));
    setup({ identity: { verifyPasswordResetCode } }, '/auth?mode=resetPassword&oobCode=old');

    expect(await screen.findByRole('alert')).toHaveTextContent(/^This reset link has expired\. Ask for a new link/);
    expect(screen.getByRole('button', { name: 'Send a new reset link' })).toBeInTheDocument();
  });

  it('turns to the void-link page when the link was spent while the form was open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const verifyPasswordResetCode = vi.fn().mockResolvedValue('ada@example.com');
    const confirmPasswordReset = vi.fn().mockRejectedValue(new MovelabError(AUTH_ERRORS.invalidActionCode, 'The reset link was already used', 400));
    const { user } = setup({ identity: { verifyPasswordResetCode, confirmPasswordReset } }, '/auth?mode=resetPassword&oobCode=code-1');

    await user.type(await screen.findByLabelText('New password'), 'newsecret');
    await user.type(screen.getByLabelText('Repeat the new password'), 'newsecret');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is not valid or was already used.');
    expect(screen.getByRole('button', { name: 'Send a new reset link' })).toBeInTheDocument();
  });

  it('confirms a verification link and leads to the sign-in form', async () => {
    const confirmEmailVerification = vi.fn().mockResolvedValue({ alreadyVerified: false });
    const { user } = setup({ identity: { confirmEmailVerification } }, '/auth?mode=verifyEmail&oobCode=verify-1');

    expect(screen.getByText('Checking your verification link…')).toHaveRole('status');
    expect(await screen.findByText('Your e-mail address is verified. You can sign in.')).toBeInTheDocument();
    expect(confirmEmailVerification).toHaveBeenCalledWith('verify-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByRole('status')).toHaveTextContent('Your e-mail address is verified. Sign in to continue.');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('says a verification link opened again is already verified, not that it is void', async () => {
    const confirmEmailVerification = vi.fn().mockResolvedValue({ alreadyVerified: true });
    setup({ identity: { confirmEmailVerification } }, '/auth?mode=verifyEmail&oobCode=verify-1');
    expect(await screen.findByText(/^Your e-mail address is already verified/)).toHaveRole('status');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leads back to sign-in from a verification link that failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const confirmEmailVerification = vi.fn().mockRejectedValue(new MovelabError(AUTH_ERRORS.invalidActionCode, 'The link is not valid', 400));
    const { user } = setup({ identity: { confirmEmailVerification } }, '/auth?mode=verifyEmail&oobCode=bad');

    expect(await screen.findByRole('alert')).toHaveTextContent('Error: The link is not valid');
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });
});
