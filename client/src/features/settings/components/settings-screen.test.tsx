import { AUTH_ERRORS, MovelabError, type TUser } from '@movelab/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStore, useAppStore } from '@/stores/app-store';
import { authUser, createFakeBackend, userRecord, type TFakeBackendParts } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { SettingsScreen } from './settings-screen';

const uid = 'u-ada';

function setup(parts: TFakeBackendParts = {}, user: TUser = userRecord(uid, { displayName: 'Ada Lovelace', height: 170 })) {
  const onLogout = vi.fn();
  const onSignInAgain = vi.fn();
  const onAccountDeleted = vi.fn();
  useAppStore.setState({ currentUser: { ...user, uid } });
  const backend = createFakeBackend({
    ...parts,
    users: { getAvatarUrl: async () => '', ...parts.users },
    identity: { currentUser: () => ({ ...authUser(uid, user.email), emailVerified: false }), ...parts.identity },
  });
  renderWithProviders(
    <SettingsScreen uid={uid} user={user} onLogout={onLogout} onSignInAgain={onSignInAgain} onAccountDeleted={onAccountDeleted} />,
    {
      backend,
    },
  );
  return { user: userEvent.setup(), onLogout, onSignInAgain, onAccountDeleted };
}

const profileForm = () => screen.getByRole('form', { name: 'Profile' });
const passwordForm = () => screen.getByRole('form', { name: 'Change password' });

describe('SettingsScreen', () => {
  beforeEach(() => resetAppStore());
  afterEach(() => vi.restoreAllMocks());

  it('deletes the account only after the confirmation, and shows a refusal inside the dialog', async () => {
    const deleteAccount = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new MovelabError('app/last-admin', 'You are the only admin: make another user admin first', 409))
      .mockResolvedValueOnce(undefined);
    const { user, onAccountDeleted } = setup({ identity: { deleteAccount } });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleteAccount).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('You are the only admin');
    expect(onAccountDeleted).not.toHaveBeenCalled();
    expect(useAppStore.getState().currentUser?.uid).toBe(uid);

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(onAccountDeleted).toHaveBeenCalledTimes(1));
    expect(useAppStore.getState().currentUser).toBeNull();
  });

  it('after a stale sign-in, offers to sign in again instead of deleting', async () => {
    const deleteAccount = vi.fn(async () => {
      throw new MovelabError(AUTH_ERRORS.requiresRecentLogin, 'sign in again', 401);
    });
    const { user, onSignInAgain } = setup({ identity: { deleteAccount } });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(onSignInAgain).toHaveBeenCalledTimes(1);
  });

  it('fills the profile form from the user record and shows the version', () => {
    setup();
    const form = within(profileForm());
    expect(form.getByLabelText('Display name')).toHaveValue('Ada Lovelace');
    expect(form.getByLabelText('Email')).toHaveValue(`${uid}@example.com`);
    expect(form.getByRole('spinbutton', { name: 'Height' })).toHaveValue('170');
    expect(form.getByLabelText('Gender')).toHaveValue('');
    expect(screen.getByText('2.6.0')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Ada Lovelace's initials" })).toHaveTextContent('AL');
  });

  it('says the e-mail is not verified yet and sends a verification link on request', async () => {
    const sendEmailVerification = vi.fn(async () => undefined);
    const { user } = setup({ identity: { sendEmailVerification } });
    expect(screen.getByText('Your e-mail address is not verified yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify e-mail' }));
    expect(await screen.findByText('A verification link is on its way: open it to verify your e-mail.')).toBeInTheDocument();
    expect(sendEmailVerification).toHaveBeenCalledTimes(1);
  });

  it('shows an error under each invalid field and saves nothing', async () => {
    const updateProfile = vi.fn();
    const { user } = setup({ users: { updateProfile } });
    const form = within(profileForm());

    await user.clear(form.getByLabelText('Display name'));
    await user.clear(form.getByLabelText('Email'));
    await user.type(form.getByLabelText('Email'), 'not-an-email');
    await user.click(form.getByRole('button', { name: 'Save profile' }));

    expect(form.getByLabelText('Display name')).toHaveAccessibleDescription('Display name is required');
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription('Not a valid email');
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it('says a display name is too long in plain words, not in zod terms', async () => {
    const updateProfile = vi.fn();
    const { user } = setup({ users: { updateProfile } });
    const form = within(profileForm());

    await user.clear(form.getByLabelText('Display name'));
    await user.click(form.getByLabelText('Display name'));
    await user.paste('a'.repeat(200));
    await user.click(form.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(form.getByLabelText('Display name')).toHaveAccessibleDescription('At most 80 characters'));
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it('saves only the changed fields, clamps the height and keeps the store name in sync', async () => {
    const updateProfile = vi.fn(async (id: string, update: Partial<TUser>) => userRecord(id, { displayName: 'Ada King', height: 272, ...update }));
    const updateEmail = vi.fn();
    const { user } = setup({ users: { updateProfile }, identity: { updateEmail } });
    const form = within(profileForm());

    await user.clear(form.getByLabelText('Display name'));
    await user.type(form.getByLabelText('Display name'), 'Ada King');
    const height = form.getByRole('spinbutton', { name: 'Height' });
    await user.clear(height);
    expect(height).toHaveAccessibleDescription('From 50 to 272 cm');
    await user.type(height, '300');
    await user.selectOptions(form.getByLabelText('Gender'), 'Female');
    expect(form.getByRole('status')).toHaveTextContent('Height set to 272 cm, the most allowed');
    await user.click(form.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(updateProfile).toHaveBeenCalledTimes(1));
    expect(updateProfile).toHaveBeenCalledWith(uid, { displayName: 'Ada King', height: 272, gender: 'female' });
    expect(updateEmail).not.toHaveBeenCalled();
    // The toast does not claim the 300 typed: it says what was saved.
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile saved. Height set to 272 cm, the most allowed.');
    expect(useAppStore.getState().currentUser?.displayName).toBe('Ada King');
  });

  it('changes the e-mail on the identity account first, then on the user record', async () => {
    const calls: string[] = [];
    const updateEmail = vi.fn(async () => {
      calls.push('identity');
    });
    const updateProfile = vi.fn(async (id: string, update: Partial<TUser>) => {
      calls.push('record');
      return userRecord(id, { displayName: 'Ada Lovelace', ...update });
    });
    const { user } = setup({ users: { updateProfile }, identity: { updateEmail } });
    const form = within(profileForm());

    await user.clear(form.getByLabelText('Email'));
    await user.type(form.getByLabelText('Email'), 'ada@lovelace.example');
    await user.click(form.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(updateProfile).toHaveBeenCalledWith(uid, { email: 'ada@lovelace.example' }));
    expect(updateEmail).toHaveBeenCalledWith('ada@lovelace.example');
    expect(calls).toEqual(['identity', 'record']);
  });

  it('asks to sign in again when an e-mail change needs a recent sign-in, and keeps the record', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const updateEmail = vi.fn().mockRejectedValue(new MovelabError(AUTH_ERRORS.requiresRecentLogin, 'stale', 403));
    const updateProfile = vi.fn();
    const { user, onSignInAgain } = setup({ users: { updateProfile }, identity: { updateEmail } });
    const form = within(profileForm());

    await user.clear(form.getByLabelText('Email'));
    await user.type(form.getByLabelText('Email'), 'ada@lovelace.example');
    await user.click(form.getByRole('button', { name: 'Save profile' }));

    expect(await form.findByRole('alert')).toHaveTextContent('Please login again before changing your password');
    expect(updateProfile).not.toHaveBeenCalled();
    await user.click(form.getByRole('button', { name: 'Sign in again' }));
    expect(onSignInAgain).toHaveBeenCalledTimes(1);
  });

  it('asks for the current password and checks the new one and its confirmation before calling the provider', async () => {
    const signIn = vi.fn();
    const updatePassword = vi.fn();
    const { user } = setup({ identity: { signIn, updatePassword } });
    const form = within(passwordForm());
    // The rule is in view before it is broken.
    expect(form.getByLabelText('New password')).toHaveAccessibleDescription('At least 6 characters');

    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(form.getByLabelText('Current password')).toHaveAccessibleDescription('Password is missing');
    expect(form.getByLabelText('New password')).toHaveAccessibleDescription('At least 6 characters Password is missing');

    await user.type(form.getByLabelText('Current password'), 'old-secret');
    await user.type(form.getByLabelText('New password'), '12345');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(form.getByLabelText('New password')).toHaveAccessibleDescription('At least 6 characters Password should be at least 6 characters long');

    await user.type(form.getByLabelText('New password'), '6');
    await user.type(form.getByLabelText('Repeat the new password'), '654321');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(form.getByLabelText('Repeat the new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(signIn).not.toHaveBeenCalled();
    expect(updatePassword).not.toHaveBeenCalled();
  });

  /** Fills the password form: the current password, then the new one twice. */
  async function changePassword(user: ReturnType<typeof userEvent.setup>, current: string, next = 'new-secret') {
    const form = within(passwordForm());
    await user.type(form.getByLabelText('Current password'), current);
    await user.type(form.getByLabelText('New password'), next);
    await user.type(form.getByLabelText('Repeat the new password'), next);
    await user.click(form.getByRole('button', { name: 'Change password' }));
  }

  it('signs in again with the current password first, then changes the password, and stays on settings', async () => {
    const calls: string[] = [];
    const signIn = vi.fn(async (email: string) => {
      calls.push('signIn');
      return authUser(uid, email);
    });
    const updatePassword = vi.fn(async () => void calls.push('updatePassword'));
    const { user, onSignInAgain } = setup({ identity: { signIn, updatePassword } });

    await changePassword(user, 'old-secret');

    expect(await screen.findByText('Your password was changed')).toBeInTheDocument();
    expect(signIn).toHaveBeenCalledWith(`${uid}@example.com`, 'old-secret');
    expect(updatePassword).toHaveBeenCalledWith('new-secret');
    expect(calls).toEqual(['signIn', 'updatePassword']);
    expect(onSignInAgain).not.toHaveBeenCalled();
    expect(within(passwordForm()).getByLabelText('Current password')).toHaveValue('');
    expect(useAppStore.getState().currentUser?.uid).toBe(uid);
  });

  it('says at its field that the current password is wrong, and changes nothing', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new MovelabError(AUTH_ERRORS.invalidCredential, 'Email or password is incorrect', 400);
    const signIn = vi.fn().mockRejectedValue(error);
    const updatePassword = vi.fn();
    const { user } = setup({ identity: { signIn, updatePassword } });

    await changePassword(user, 'not-my-password');

    const current = within(passwordForm()).getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription('This is not your current password'));
    expect(current).toHaveFocus();
    expect(updatePassword).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalledWith(error);
    expect(screen.queryByRole('button', { name: 'Sign in again' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("still shows 'Please login again before changing your password' with a way to sign in again when the provider insists", async () => {
    const error = new MovelabError(AUTH_ERRORS.requiresRecentLogin, 'Recent login required', 403);
    const signIn = vi.fn(async (email: string) => authUser(uid, email));
    const updatePassword = vi.fn().mockRejectedValue(error);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, onSignInAgain } = setup({ identity: { signIn, updatePassword } });

    await changePassword(user, 'old-secret');

    expect(await within(passwordForm()).findByRole('alert')).toHaveTextContent('Please login again before changing your password');
    expect(updatePassword).toHaveBeenCalledWith('new-secret');
    expect(consoleError).toHaveBeenCalledWith(error);
    await user.click(within(passwordForm()).getByRole('button', { name: 'Sign in again' }));
    expect(onSignInAgain).toHaveBeenCalledTimes(1);
  });

  it('logs out from the About section', async () => {
    const { user, onLogout } = setup();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
