/**
 * Error codes of the Socket.IO protocol (shared/src/socket.ts): in acknowledgements and refused
 * handshakes. A module of their own (re-exported by errors.ts), so the phone page, which needs
 * only these, loads none of the app's other messages.
 */
export const SOCKET_ERRORS = {
  unauthenticated: 'socket/unauthenticated',
  tokenExpired: 'socket/token-expired',
  userDisabled: 'socket/user-disabled',
  badPayload: 'socket/bad-payload',
  forbidden: 'socket/forbidden',
  notFound: 'socket/not-found',
  sessionFull: 'socket/session-full',
  sessionEnded: 'socket/session-ended',
  invalidCode: 'socket/invalid-code',
  invalidJoinToken: 'socket/invalid-join-token',
  rateLimited: 'socket/rate-limited',
  /** This address typed too many wrong pairing codes in the window: its code joins wait (`retryAfterSeconds`); the join link still works. */
  tooManyWrongCodes: 'socket/too-many-wrong-codes',
  internal: 'socket/internal',
  /** The token was sent in the query string (it ends up in logs): send it in `auth.token`. */
  tokenInQuery: 'socket/token-in-query',
  /** The payload is nested too deeply or is too large: refused before it is read. */
  payloadTooLarge: 'socket/payload-too-large',
  /** Too many signals from this connection in the window. */
  signalRateLimited: 'socket/signal-rate-limited',
  /** Too many events of any kind from this connection: refused, then the connection is closed. */
  eventRateLimited: 'socket/event-rate-limited',
  /** Too many tokenless (camera) connections from this address, or open connections of this account. */
  tooManyConnections: 'socket/too-many-connections',
  /** The page's origin is not on the gateway's allow-list (PUBLIC_URL, ALLOWED_ORIGINS). */
  originNotAllowed: 'socket/origin-not-allowed',
} as const;
