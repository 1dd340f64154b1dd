import { describe, expect, it } from 'vitest';
import { hasRole, isAdmin, sameRoles } from './roles.js';
import { authErrorMessage } from './errors.js';

describe('roles', () => {
  it('the spec role check grants on an empty or missing list', () => {
    expect(hasRole([], 'ADMIN')).toBe(true);
    expect(hasRole(undefined, 'ADMIN')).toBe(true);
    expect(hasRole(['ADMIN'], 'ADMIN')).toBe(true);
    expect(hasRole(['COACH'], 'ADMIN')).toBe(false);
  });
  it('admin is strict: an empty list is not admin', () => {
    expect(isAdmin([])).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
    expect(isAdmin(['COACH'])).toBe(false);
    expect(isAdmin(['ADMIN'])).toBe(true);
  });
  it('two role lists are the same in any order, not when one has a role more', () => {
    expect(sameRoles(['ADMIN', 'COACH'], ['COACH', 'ADMIN'])).toBe(true);
    expect(sameRoles([], [])).toBe(true);
    expect(sameRoles([], ['ADMIN'])).toBe(false);
    expect(sameRoles(['ADMIN'], ['COACH'])).toBe(false);
  });
});

describe('authErrorMessage', () => {
  it.each([
    ['auth/user-not-found', 'Email or password is incorrect'],
    ['auth/wrong-password', 'Email or password is incorrect'],
    ['auth/invalid-credential', 'Email or password is incorrect'],
    ['auth/missing-password', 'Password is missing'],
    ['auth/missing-email', 'Email is missing'],
    ['auth/invalid-email', 'Not a valid email'],
    ['auth/weak-password', 'Password should be at least 6 characters long'],
    ['auth/requires-recent-login', 'Please login again before changing your password'],
    ['auth/email-already-in-use', 'This email is already used. Please login or reset your password'],
  ])('%s reads "%s"', (code, message) => {
    expect(authErrorMessage(code)).toBe(message);
  });
  it('any other error reads "Error:" and the provider message', () => {
    expect(authErrorMessage('auth/too-many-requests', 'Too many attempts')).toBe('Error: Too many attempts');
  });
});
