import { waitText } from './format.js';

/**
 * Identity error codes. Both backends speak Firebase's codes, so the catalogue (spec §8)
 * is written once.
 */
export const AUTH_ERRORS = {
  wrongPassword: 'auth/wrong-password',
  invalidCredential: 'auth/invalid-credential',
  userNotFound: 'auth/user-not-found',
  missingPassword: 'auth/missing-password',
  missingEmail: 'auth/missing-email',
  invalidEmail: 'auth/invalid-email',
  weakPassword: 'auth/weak-password',
  requiresRecentLogin: 'auth/requires-recent-login',
  emailAlreadyInUse: 'auth/email-already-in-use',
  tooManyRequests: 'auth/too-many-requests',
  expiredActionCode: 'auth/expired-action-code',
  invalidActionCode: 'auth/invalid-action-code',
  userTokenExpired: 'auth/user-token-expired',
  userDisabled: 'auth/user-disabled',
  idTokenExpired: 'auth/id-token-expired',
  invalidIdToken: 'auth/invalid-id-token',
  operationNotAllowed: 'auth/operation-not-allowed',
  credentialAlreadyInUse: 'auth/credential-already-in-use',
  missingRecaptchaToken: 'auth/missing-recaptcha-token',
  networkRequestFailed: 'auth/network-request-failed',
  multiFactorAuthRequired: 'auth/multi-factor-auth-required',
  invalidRefreshToken: 'auth/invalid-refresh-token',
} as const;
export type TAuthErrorCode = (typeof AUTH_ERRORS)[keyof typeof AUTH_ERRORS];

/** Codes for everything that is not identity. */
export const APP_ERRORS = {
  badRequest: 'app/bad-request',
  unauthenticated: 'app/unauthenticated',
  forbidden: 'app/forbidden',
  notFound: 'app/not-found',
  conflict: 'app/conflict',
  payloadTooLarge: 'app/payload-too-large',
  payloadTooDeep: 'app/payload-too-deep',
  unsupportedMediaType: 'app/unsupported-media-type',
  rateLimited: 'app/rate-limited',
  /** The request body did not arrive in time (408). */
  requestTimeout: 'app/request-timeout',
  /** A page outside the origin allow-list sent a state-changing request (403). */
  originNotAllowed: 'app/origin-not-allowed',
  lastAdmin: 'app/last-admin',
  /** A count cap was reached (a user's activity set, routine subscriptions). */
  limitReached: 'app/limit-reached',
  hasChildren: 'app/has-children',
  notAvailable: 'app/not-available',
  internal: 'app/internal',
  storageObjectNotFound: 'storage/object-not-found',
} as const;
export type TAppErrorCode = (typeof APP_ERRORS)[keyof typeof APP_ERRORS];

/** The spec §8 catalogue: identity error code to what the user reads. */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  [AUTH_ERRORS.userNotFound]: 'Email or password is incorrect',
  [AUTH_ERRORS.wrongPassword]: 'Email or password is incorrect',
  // Firebase answers this instead of the two above when e-mail enumeration protection is on.
  [AUTH_ERRORS.invalidCredential]: 'Email or password is incorrect',
  [AUTH_ERRORS.missingPassword]: 'Password is missing',
  [AUTH_ERRORS.missingEmail]: 'Email is missing',
  [AUTH_ERRORS.invalidEmail]: 'Not a valid email',
  [AUTH_ERRORS.weakPassword]: 'Password should be at least 6 characters long',
  [AUTH_ERRORS.requiresRecentLogin]: 'Please login again before changing your password',
  [AUTH_ERRORS.emailAlreadyInUse]: 'This email is already used. Please login or reset your password',
};

/** The message for an identity error: the catalogue's, or 'Error: ' and the provider's message. */
export function authErrorMessage(code: string | undefined, providerMessage?: string): string {
  if (code && AUTH_ERROR_MESSAGES[code]) return AUTH_ERROR_MESSAGES[code];
  return `Error: ${providerMessage ?? code ?? 'unknown error'}`;
}

/**
 * A locked sign-in (auth/too-many-requests): the lock's wording and how long it still holds
 * (Firebase Auth does not say: then "later").
 */
export function signInLockedMessage(retryAfterSeconds?: number): string {
  const when = retryAfterSeconds === undefined ? 'later' : `in ${waitText(retryAfterSeconds, 'minutes')}`;
  return `Too many failed attempts: try again ${when} or reset your password`;
}

/** The error every layer throws and every client catches: a code and a readable message. */
export class MovelabError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: unknown;
  constructor(code: string, message: string, status = 400, details?: unknown) {
    super(message);
    this.name = 'MovelabError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

export function isMovelabError(error: unknown): error is MovelabError {
  return error instanceof MovelabError;
}

export { SOCKET_ERRORS } from './socket-errors.js';

/**
 * What the user reads when a per-user limit refuses (gateway answers and the client's own
 * notes say the same). `app/rate-limited` (HTTP 429) carries `{ retryAfterSeconds }` in its details.
 */
export const LIMIT_MESSAGES = {
  tooManySaves: (retryAfterSeconds: number) => `Too many results saved in a short time: try again in ${waitText(retryAfterSeconds)}`,
  savesPaused: (retryAfterSeconds: number) =>
    `Too many results saved in a short time: kept on this device, it will be saved in ${waitText(retryAfterSeconds)}`,
  tooManySockets: (limit: number) => `This account already has ${limit} open connections to this server: close another tab or device first`,
} as const;
