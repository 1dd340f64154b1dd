/**
 * The gateway's configuration: read from the environment once, validated with zod, then
 * passed down explicitly (nothing else reads process.env).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { FIRESTORE_EMULATOR_PORT, ZEmulatorHost } from '@movelab/shared';
import { listenHost, refuseEmulatorsInProduction } from './config/emulators.js';
import { commaList, parseRealtimeEnv, type TRealtimeConfig } from './realtime/config.js';

/** The Auth emulator's usual port (firebase-tools' default). */
export const AUTH_EMULATOR_PORT = 9099;

/** Open connections per TCP peer when the gateway faces callers directly. */
const DEFAULT_CONNECTIONS_PER_ADDRESS = 64;

const gatewayRoot = fileURLToPath(new URL('..', import.meta.url));

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(emptyAsUndefined, z.string().optional());

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  BACKEND: z.enum(['embedded', 'firebase']).default('embedded'),
  TOKEN_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'TOKEN_SECRET needs at least 32 characters').optional()),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  CLIENT_DIST: z.preprocess(emptyAsUndefined, z.string().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: flag(true),
  AUTH_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  AUTH_LOCK_MINUTES: z.coerce.number().min(0.01).default(15),
  /** Sign-in attempts on one account per AUTH_LOCK_MINUTES from unknown devices and addresses before each is held. */
  AUTH_SLOWDOWN_AFTER: z.coerce.number().int().min(0).default(10),
  /** The longest hold (it doubles from 0.25 s per attempt); 0 holds nothing. */
  AUTH_SLOWDOWN_MAX_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /** How long a browser that signed in stays a known device of the account (renewed at each sign-in). */
  AUTH_KNOWN_DEVICE_DAYS: z.coerce.number().positive().default(90),
  /** Requests per address per window on the auth routes (counted in Redis when REDIS_URL is set). */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
  AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
  /** Proxies in front of the gateway: false (none), true (trust every X-Forwarded-For hop) or a hop count. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => /^(true|false|\d{1,2})$/.test(value), 'TRUST_PROXY must be true, false or a number of proxy hops')
    .transform((value): boolean | number => (value === 'true' ? true : value === 'false' ? false : Number(value))),
  /** Tokenless (camera) sockets one address may hold open on one gateway. */
  CAMERA_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** Signed-in sockets one account may hold open on one gateway. */
  SOCKETS_PER_USER: z.coerce.number().int().min(1).default(20),
  /** Results (analyses, routine completions, stat sessions) one account may store per window, and per day. */
  SAVE_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  SAVE_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  SAVE_DAILY_LIMIT: z.coerce.number().int().min(1).default(1000),
  /**
   * Open TCP connections one peer address may hold on one gateway; 0 turns the cap off. Behind
   * a proxy (TRUST_PROXY) every connection comes from the proxy, so the default is then off.
   */
  CONNECTIONS_PER_ADDRESS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).optional()),
  /** Origins (besides PUBLIC_URL's) whose pages may open sockets and send state-changing requests. */
  ALLOWED_ORIGINS: commaList.pipe(z.array(z.url('ALLOWED_ORIGINS must be comma-separated origins such as https://app.example.com'))),
  /** How long a client may take to send its request headers, a JSON body, an upload's body. */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(10),
  HTTP_BODY_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(15),
  UPLOAD_BODY_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(60),
  /** A Socket.IO connection that has not sent its CONNECT within this is closed. */
  SOCKET_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(10),
  FIREBASE_PROJECT_ID: optionalText,
  FIREBASE_API_KEY: optionalText,
  FIREBASE_AUTH_DOMAIN: optionalText,
  FIREBASE_STORAGE_BUCKET: optionalText,
  FIREBASE_APP_ID: optionalText,
  FIREBASE_MESSAGING_SENDER_ID: optionalText,
  FIREBASE_AUTH_EMULATOR_HOST: optionalText,
  /** Local emulator mode: Firestore (and Auth, unless given) on the local emulators. */
  FIREBASE_LOCAL: flag(false),
  FIRESTORE_EMULATOR_HOST: z.preprocess(emptyAsUndefined, ZEmulatorHost.optional()),
});

export type TEnv = Record<string, string | undefined>;

export type TGatewayConfig = {
  port: number;
  host: string;
  dataDir: string;
  backend: 'embedded' | 'firebase';
  /** Undefined: generated once and kept in DATA_DIR/token-secret (see secret.ts). */
  tokenSecret?: string;
  adminEmails: string[];
  /** Where links in messages point (reset, verification): PUBLIC_URL, never a request's Host. */
  publicUrl: string;
  clientDist: string;
  logLevel: string;
  seedDemo: boolean;
  auth: {
    maxFailures: number;
    lockMs: number;
    /** The account-wide backstop (identity/lockout.ts): attempts before holding, the longest hold. */
    slowAfter: number;
    maxHoldMs: number;
    /** Lifetime of a known-device pass (identity/known-devices.ts). */
    knownDeviceMs: number;
    rateLimit: number;
    rateWindowMs: number;
  };
  trustProxy: boolean | number;
  cameraSocketsPerAddress: number;
  socketsPerUser: number;
  saves: { rateLimit: number; rateWindowSeconds: number; dailyLimit: number };
  /** Origins whose pages may use the gateway: PUBLIC_URL's and ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  http: { connectionsPerAddress: number; headersTimeoutMs: number; jsonBodyTimeoutMs: number; uploadBodyTimeoutMs: number };
  socketConnectTimeoutMs: number;
  firebase: {
    projectId?: string;
    apiKey?: string;
    authDomain?: string;
    storageBucket?: string;
    appId?: string;
    messagingSenderId?: string;
    authEmulatorHost?: string;
    /** "host:port" of the Firestore emulator: the client and firebase-admin both use it. */
    firestoreEmulatorHost?: string;
  };
  realtime: TRealtimeConfig;
};

/** Validates the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: TEnv = process.env, cwd = process.cwd()): TGatewayConfig {
  const parsed = ZEnv.safeParse(env);
  const realtime = parseRealtimeEnv(env);
  if (!parsed.success || !realtime.config) {
    const issues = (parsed.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid gateway configuration: ${[...issues, ...realtime.issues].join('; ')}`);
  }
  const e = parsed.data;
  if (!e.PUBLIC_URL && env.NODE_ENV === 'production') {
    throw new Error('Invalid gateway configuration: PUBLIC_URL: required when NODE_ENV=production (the origin of reset and verification links)');
  }
  refuseEmulatorsInProduction(env);
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: listenHost(env, e.HOST),
    dataDir: path.resolve(cwd, e.DATA_DIR),
    backend: e.BACKEND,
    tokenSecret: e.TOKEN_SECRET,
    adminEmails: e.ADMIN_EMAILS,
    publicUrl,
    clientDist: e.CLIENT_DIST ? path.resolve(cwd, e.CLIENT_DIST) : path.resolve(gatewayRoot, '..', 'client', 'dist'),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    auth: {
      maxFailures: e.AUTH_MAX_FAILURES,
      lockMs: e.AUTH_LOCK_MINUTES * 60_000,
      slowAfter: e.AUTH_SLOWDOWN_AFTER,
      maxHoldMs: e.AUTH_SLOWDOWN_MAX_SECONDS * 1000,
      knownDeviceMs: e.AUTH_KNOWN_DEVICE_DAYS * 24 * 3600_000,
      rateLimit: e.AUTH_RATE_LIMIT,
      rateWindowMs: e.AUTH_RATE_WINDOW_SECONDS * 1000,
    },
    trustProxy: e.TRUST_PROXY,
    cameraSocketsPerAddress: e.CAMERA_SOCKETS_PER_ADDRESS,
    socketsPerUser: e.SOCKETS_PER_USER,
    saves: { rateLimit: e.SAVE_RATE_LIMIT, rateWindowSeconds: e.SAVE_RATE_WINDOW_SECONDS, dailyLimit: e.SAVE_DAILY_LIMIT },
    allowedOrigins: [...new Set([new URL(publicUrl).origin, ...e.ALLOWED_ORIGINS.map((origin) => new URL(origin).origin)])],
    http: {
      connectionsPerAddress: e.CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY === false || e.TRUST_PROXY === 0 ? DEFAULT_CONNECTIONS_PER_ADDRESS : 0),
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      jsonBodyTimeoutMs: e.HTTP_BODY_TIMEOUT_SECONDS * 1000,
      uploadBodyTimeoutMs: e.UPLOAD_BODY_TIMEOUT_SECONDS * 1000,
    },
    socketConnectTimeoutMs: e.SOCKET_CONNECT_TIMEOUT_SECONDS * 1000,
    firebase: {
      projectId: e.FIREBASE_PROJECT_ID,
      apiKey: e.FIREBASE_API_KEY,
      authDomain: e.FIREBASE_AUTH_DOMAIN,
      storageBucket: e.FIREBASE_STORAGE_BUCKET,
      appId: e.FIREBASE_APP_ID,
      messagingSenderId: e.FIREBASE_MESSAGING_SENDER_ID,
      authEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST ?? (e.FIREBASE_LOCAL ? `127.0.0.1:${AUTH_EMULATOR_PORT}` : undefined),
      firestoreEmulatorHost: e.FIRESTORE_EMULATOR_HOST ?? (e.FIREBASE_LOCAL ? `127.0.0.1:${FIRESTORE_EMULATOR_PORT}` : undefined),
    },
    realtime: realtime.config,
  };
}
