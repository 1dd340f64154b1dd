import { APP_ERRORS, AUTH_ERRORS, MovelabError } from '@movelab/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { networkError } from './backend/embedded/http';
import { errorText, isPassingFailure, lockedOutText } from './errors';

describe('errorText', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a failed request in plain words, never the browser\'s own', () => {
    const text = errorText(networkError('TypeError: Failed to fetch'));
    expect(text).toBe('The server cannot be reached right now. This page tries again by itself as soon as it answers.');
    expect(text).not.toMatch(/fetch|TypeError/);
  });

  it('says so when the device has no network', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(errorText(new MovelabError('unavailable', 'Failed to get documents because the client is offline.', 503))).toBe(
      'You are offline. This page loads by itself when the connection returns.',
    );
  });

  it('words a server failure and Firestore codes, and keeps the gateway\'s own messages', () => {
    expect(errorText(new MovelabError(APP_ERRORS.notAvailable, 'cloud-firestore did not answer', 503))).toMatch(/^The server has a problem right now/);
    expect(errorText(new MovelabError('permission-denied', 'Missing or insufficient permissions.', 403))).toBe(
      'Your account is not allowed to see or change this.',
    );
    expect(errorText(new MovelabError(APP_ERRORS.conflict, 'That name is already used', 409))).toBe('That name is already used');
  });

  it('tells passing failures (retried by themselves) from definite answers', () => {
    expect(isPassingFailure(networkError('timeout'))).toBe(true);
    expect(isPassingFailure(new MovelabError(APP_ERRORS.internal, 'boom', 500))).toBe(true);
    expect(isPassingFailure(new MovelabError(APP_ERRORS.notFound, 'gone', 404))).toBe(false);
  });
});

describe('lockedOutText', () => {
  it("says how long the gateway's lock holds, in whole minutes", () => {
    const locked = new MovelabError(AUTH_ERRORS.tooManyRequests, 'locked', 429, { retryAfterSeconds: 14 * 60 + 10 });
    expect(lockedOutText(locked)).toBe('Too many failed attempts: try again in 15 minutes or reset your password');
  });

  it("says 'later' when the lock's length is not known (Firebase Auth), never the provider's text", () => {
    const locked = new MovelabError(AUTH_ERRORS.tooManyRequests, 'Firebase: Access to this account has been temporarily disabled', 400);
    expect(lockedOutText(locked)).toBe('Too many failed attempts: try again later or reset your password');
    expect(lockedOutText(new MovelabError(AUTH_ERRORS.wrongPassword, 'wrong', 400))).toBeNull();
  });
});
