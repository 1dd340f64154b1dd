/**
 * The sign-in form over the embedded backend and a REAL gateway (a child process): once the
 * gateway locks this address out of the account, the form says so beside itself, with how
 * long the lock holds.
 */
import { AUTH_ERRORS } from '@movelab/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmbeddedBackend } from '@/lib/backend/embedded';
import { createMemoryStorage } from '@/lib/backend/embedded/session';
import { startGateway, type TGateway } from '@/test/gateway';
import { renderWithProviders } from '@/testing/render';
import { AuthScreen } from '@/features/auth/components/auth-screen';

const EMAIL = 'locked-owner@example.com';
const PASSWORD = 'secret-pass';

let gateway: TGateway;
beforeAll(async () => {
  gateway = await startGateway({ env: { AUTH_MAX_FAILURES: '2', AUTH_LOCK_MINUTES: '15' } });
  const owner = createEmbeddedBackend({ baseUrl: gateway.url, storage: createMemoryStorage() });
  await owner.identity.signUp(EMAIL, PASSWORD);
}, 120_000);
afterAll(() => gateway?.stop());

describe('SignInForm when the gateway locks the sign-in', () => {
  it('shows the lock and the minutes it still holds inline, beside the form', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = createEmbeddedBackend({ baseUrl: gateway.url, storage: createMemoryStorage() });
    // Two wrong guesses from this address (AUTH_MAX_FAILURES=2) lock it out of the account.
    for (const guess of ['wrong-one', 'wrong-two']) {
      await expect(backend.identity.signIn(EMAIL, guess)).rejects.toMatchObject({ code: AUTH_ERRORS.invalidCredential });
    }
    renderWithProviders(<AuthScreen />, { backend, path: '/auth' });
    const user = userEvent.setup();
    const form = screen.getByRole('button', { name: 'Sign in' }).closest('form')!;
    expect(within(form).queryByRole('alert')).toBeNull();

    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // The gateway hashes on a shared machine: room to answer, not a timing assertion.
    const lock = await within(form).findByRole('alert', {}, { timeout: 10_000 });
    expect(lock).toHaveTextContent('Too many failed attempts: try again in 15 minutes or reset your password');
    expect(form).toHaveAccessibleDescription(/try again in 15 minutes/);
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ code: AUTH_ERRORS.tooManyRequests }));
  });
});
