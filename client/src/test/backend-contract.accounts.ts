/// <reference types="node" />
/**
 * The backend contract's account cases: ADMIN_EMAILS, disabling, a reset link, deleting an
 * account and the last admin.
 */
import { describe, expect, it } from 'vitest';
import { APP_ERRORS, AUTH_ERRORS, authErrorMessage } from '@movelab/shared';
import { savePractice } from '@/features/practice/api/save-practice';
import { analysisEntry, CONTRACT_PASSWORD, practiceInput, type TContractHarness } from './backend-contract.fixtures';
import { rejectionOf } from './helpers';

/** First in the contract: the listed address is demoted again, as the last-admin cases count on one admin. */
export function describeAdminEmails(harness: TContractHarness): void {
  describe('ADMIN_EMAILS', () => {
    it('makes a listed address admin once it is verified, not before', async () => {
      const user = await harness.newUser('Listed', harness.listedEmail);
      expect((await user.backend.users.getUser(user.uid))?.roles).toEqual([]);
      await harness.verifyEmail(user);
      expect((await user.backend.users.getUser(user.uid))?.roles).toEqual(['ADMIN']);
      // Demoted again: the last-admin cases below count on one admin.
      await harness.admin().backend.users.setRoles(user.uid, []);
    });

    it('grants nothing to a verified address that is not listed', async () => {
      const user = await harness.newUser('Plain');
      await harness.verifyEmail(user);
      expect((await user.backend.users.getUser(user.uid))?.roles).toEqual([]);
    });
  });
}

/** Disabling an account, a made-up reset link, deleting an account, and the last admin kept. */
export function describeAccountControls(harness: TContractHarness): void {
  describe('disabling an account', () => {
    it('disables the account and shows it on the user record', async () => {
      const admin = harness.admin();
      const user = await harness.newUser('Disabled');
      expect((await admin.backend.users.setDisabled(user.uid, true)).disabled).toBe(true);
      expect((await admin.backend.users.getUser(user.uid))?.disabled).toBe(true);
      const page = await admin.backend.users.filterUsers({ name: 'disabled', limit: 100 });
      expect(page.items.find((item) => item.id === user.uid)?.disabled).toBe(true);
      expect((await admin.backend.users.setDisabled(user.uid, false)).disabled).toBe(false);
    });

    it('refuses an admin disabling themselves (409)', async () => {
      const admin = harness.admin();
      expect(await rejectionOf(admin.backend.users.setDisabled(admin.uid, true))).toMatchObject({ status: 409, code: APP_ERRORS.conflict });
      expect((await admin.backend.users.getUser(admin.uid))?.disabled).not.toBe(true);
    });
  });

  describe('a password reset link', () => {
    it('is checked before its form: a made-up one is auth/invalid-action-code', async () => {
      const refusal = await rejectionOf(harness.newBackend().identity.verifyPasswordResetCode('made-up-reset-code'));
      expect(refusal.code).toBe(AUTH_ERRORS.invalidActionCode);
    });
  });

  describe('deleting an account', () => {
    it('removes the login, the user record and the analyses', async () => {
      const admin = harness.admin();
      const user = await harness.newUser('Leaving');
      await user.backend.users.createVideoAnalysis(user.uid, analysisEntry(0.5));
      await savePractice(user.backend, practiceInput(user.uid));

      await user.backend.identity.deleteAccount();

      expect(user.backend.identity.currentUser()).toBeNull();
      expect(await admin.backend.users.getUser(user.uid)).toBeNull();
      expect(await admin.backend.users.loadVideoAnalyses(user.uid, 10)).toEqual([]);
      const signIn = await rejectionOf(harness.newBackend().identity.signIn(user.email, CONTRACT_PASSWORD));
      expect(authErrorMessage(signIn.code, signIn.message)).toBe('Email or password is incorrect');
    });

    it('refuses the last admin losing the role or the account (409 app/last-admin) and keeps both', async () => {
      const admin = harness.admin();
      expect(await rejectionOf(admin.backend.users.setRoles(admin.uid, []))).toMatchObject({ status: 409, code: APP_ERRORS.lastAdmin });
      expect(await rejectionOf(admin.backend.identity.deleteAccount())).toMatchObject({ status: 409, code: APP_ERRORS.lastAdmin });
      expect((await admin.backend.users.getUser(admin.uid))?.roles).toEqual(['ADMIN']);
      expect(admin.backend.identity.currentUser()?.uid).toBe(admin.uid);
    });
  });
}
