/**
 * The real-time layer's settings, read from the same environment as the rest of the gateway
 * config (config.ts calls this) and validated with zod.
 */
import { z } from 'zod';
import {
  GROUP_COUNTDOWN_MS,
  GROUP_HOST_HANDOVER_MS,
  GROUP_LIFETIME_MS,
  ZIceServer,
  ZIceTransportPolicy,
  type TIceServer,
  type TIceTransportPolicy,
} from '@movelab/shared';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A comma-separated variable as its trimmed, non-empty entries (unset: none). */
export const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

const ZIceServersJson = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((text, context): TIceServer[] => {
      if (text === undefined) return [];
      try {
        return z.array(ZIceServer).parse(JSON.parse(text));
      } catch {
        context.addIssue({ code: 'custom', message: 'ICE_SERVERS must be a JSON array of {urls, username?, credential?}' });
        return z.NEVER;
      }
    }),
);

export const ZRealtimeEnv = z.object({
  /** Several gateways share rooms and remote sessions through this Redis; memory without it. */
  REDIS_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://').optional()),
  /** JSON array of RTCIceServer; empty works on loopback and on one LAN. */
  ICE_SERVERS: ZIceServersJson,
  /** coturn `use-auth-secret` REST credentials, given only when both are set. */
  TURN_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16, 'TURN_SECRET needs at least 16 characters').optional()),
  TURN_URLS: commaList,
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  /** `relay`: browsers use TURN only (needs TURN_SECRET and TURN_URLS). */
  ICE_TRANSPORT_POLICY: z.preprocess(emptyAsUndefined, z._default(ZIceTransportPolicy, 'all')),
  SESSION_LIFETIME_MINUTES: z.coerce.number().min(0.01).default(120),
  SESSION_CODE_TTL_SECONDS: z.coerce.number().min(0.1).default(600),
  SESSION_HOST_GRACE_SECONDS: z.coerce.number().min(0).default(10),
  /** session:join and session:rejoin attempts per address per window. */
  SESSION_JOIN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  SESSION_JOIN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /**
   * Wrong pairing codes one address may type per window before its code joins are refused (the
   * join link still works). Far below the join attempts: these are the guesses at the 6-digit space.
   */
  SESSION_CODE_FAILURE_LIMIT: z.coerce.number().int().min(1).default(5),
  SESSION_CODE_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** Practise together: how long a host may be gone before another practising member takes over, and the countdown before each step. */
  GROUP_HOST_HANDOVER_SECONDS: z.coerce.number().min(0).default(GROUP_HOST_HANDOVER_MS / 1000),
  GROUP_COUNTDOWN_SECONDS: z.coerce.number().min(0).default(GROUP_COUNTDOWN_MS / 1000),
  /** A group session ends by itself this long after it was opened. */
  GROUP_LIFETIME_MINUTES: z.coerce.number().min(0.001).default(GROUP_LIFETIME_MS / 60_000),
  PRESENCE_THROTTLE_MS: z.coerce.number().int().min(0).default(1000),
  /** signal:send per connection per window. */
  SIGNAL_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
  SIGNAL_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(10),
  /** Events of any kind one socket may send: per second, at once, and refusals before it is closed. */
  SOCKET_EVENT_RATE: z.coerce.number().min(1).default(20),
  SOCKET_EVENT_BURST: z.coerce.number().int().min(1).default(60),
  SOCKET_EVENT_STRIKES: z.coerce.number().int().min(1).default(20),
  /** Bytes waiting to be written to one connection before it is dropped as a slow reader. */
  SOCKET_OUTPUT_MAX_BYTES: z.coerce.number().int().min(64 * 1024).default(1024 * 1024),
});

/** Events one socket may send: `burst` at once, refilled at `perSecond`; closed after `strikes` refusals while pressing on it. */
export type TEventBudget = { perSecond: number; burst: number; strikes: number };

export type TRealtimeConfig = {
  redisUrl?: string;
  iceServers: TIceServer[];
  turn?: { secret: string; urls: string[]; ttlSeconds: number };
  iceTransportPolicy?: TIceTransportPolicy;
  sessionLifetimeMs: number;
  codeTtlMs: number;
  hostGraceMs: number;
  joinRateLimit: number;
  joinRateWindowSeconds: number;
  codeFailureLimit: number;
  codeFailureWindowSeconds: number;
  groupHandoverMs: number;
  groupCountdownMs: number;
  groupLifetimeMs: number;
  presenceThrottleMs: number;
  signalRateLimit: number;
  signalRateWindowSeconds: number;
  outputMaxBytes: number;
  eventBudget: TEventBudget;
};

/** Parses the real-time variables; issues are prefixed like the rest of the gateway config. */
export function parseRealtimeEnv(env: Record<string, string | undefined>): { config?: TRealtimeConfig; issues: string[] } {
  const parsed = ZRealtimeEnv.safeParse(env);
  if (!parsed.success) return { issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
  const e = parsed.data;
  const turn = e.TURN_SECRET && e.TURN_URLS.length > 0 ? { secret: e.TURN_SECRET, urls: e.TURN_URLS, ttlSeconds: e.TURN_TTL_SECONDS } : undefined;
  // Relay-only ICE without a relay would leave every remote camera unable to connect.
  if (e.ICE_TRANSPORT_POLICY === 'relay' && !turn) return { issues: ['ICE_TRANSPORT_POLICY: relay needs TURN_SECRET and TURN_URLS'] };
  return {
    issues: [],
    config: {
      redisUrl: e.REDIS_URL,
      iceServers: e.ICE_SERVERS,
      turn,
      iceTransportPolicy: e.ICE_TRANSPORT_POLICY,
      sessionLifetimeMs: e.SESSION_LIFETIME_MINUTES * 60_000,
      codeTtlMs: e.SESSION_CODE_TTL_SECONDS * 1000,
      hostGraceMs: e.SESSION_HOST_GRACE_SECONDS * 1000,
      joinRateLimit: e.SESSION_JOIN_RATE_LIMIT,
      joinRateWindowSeconds: e.SESSION_JOIN_RATE_WINDOW_SECONDS,
      codeFailureLimit: e.SESSION_CODE_FAILURE_LIMIT,
      codeFailureWindowSeconds: e.SESSION_CODE_FAILURE_WINDOW_SECONDS,
      groupHandoverMs: e.GROUP_HOST_HANDOVER_SECONDS * 1000,
      groupCountdownMs: e.GROUP_COUNTDOWN_SECONDS * 1000,
      groupLifetimeMs: e.GROUP_LIFETIME_MINUTES * 60_000,
      presenceThrottleMs: e.PRESENCE_THROTTLE_MS,
      signalRateLimit: e.SIGNAL_RATE_LIMIT,
      signalRateWindowSeconds: e.SIGNAL_RATE_WINDOW_SECONDS,
      outputMaxBytes: e.SOCKET_OUTPUT_MAX_BYTES,
      eventBudget: { perSecond: e.SOCKET_EVENT_RATE, burst: e.SOCKET_EVENT_BURST, strikes: e.SOCKET_EVENT_STRIKES },
    },
  };
}
