import type { Server, Socket } from 'socket.io';
import type { TClientToServerEvents, TServerToClientEvents } from '@movelab/shared';
import type { TTokenVerifier, TVerifiedToken } from '../identity/verifier.js';
import type { Logger } from '../logger.js';
import type { TRealtimeConfig } from '../realtime/config.js';
import type { TGroupRegistry } from '../realtime/group-registry.js';
import type { TOnce } from '../realtime/once.js';
import type { TPeople } from '../realtime/people.js';
import type { TSessionRegistry } from '../realtime/registry.js';

export type TSocketData = {
  /** The signed-in user; undefined on a camera socket that connected without a token. */
  user?: TVerifiedToken;
  /** The user's display name, resolved once at connection (presence, host name). */
  name?: string;
  /** Sessions this socket hosts. */
  hosting: string[];
  /** The caller's address under TRUST_PROXY (per-address limits). */
  address: string;
  /** Group sessions ("Practise together") this socket sits in. */
  groups: string[];
  /** The session this socket streams a camera to. */
  camera?: { sessionId: string; cameraId: string };
};

export type TIo = Server<TClientToServerEvents, TServerToClientEvents, Record<string, never>, TSocketData>;
export type TSocket = Socket<TClientToServerEvents, TServerToClientEvents, Record<string, never>, TSocketData>;

/** Everything the per-domain handler factories share. */
export type TRealtimeContext = {
  io: TIo;
  config: TRealtimeConfig;
  logger: Logger;
  verifier: TTokenVerifier;
  people: TPeople;
  registry: TSessionRegistry;
  /** Group sessions ("Practise together"). */
  groups: TGroupRegistry;
  /** Resolves when the address may try another join; rejects with socket/rate-limited. */
  limitJoin(address: string): Promise<void>;
  /**
   * Uses a pairing code typed from `address`: resolves with its session; rejects with
   * socket/invalid-code, or socket/too-many-wrong-codes once the address has typed its allowance of wrong codes.
   */
  takeCode(address: string, code: string): Promise<string>;
  /** The same for a group session's code (once per joiner `uid`), from the same allowance of wrong codes per address. */
  takeGroupCode(address: string, code: string, uid: string): Promise<string>;
  /** Resolves when this member (`<groupId>:<uid>`) may post another count; rejects with socket/count-rate-limited. */
  limitCount(key: string): Promise<void>;
  /** Resolves when this account may send another `group:invite`; rejects with socket/rate-limited. */
  limitInvite(uid: string): Promise<void>;
  /** Resolves when this connection may send another signal; rejects with socket/signal-rate-limited. */
  limitSignal(socketId: string): Promise<void>;
  /** Takes one result from the account's save budget (a `*:created` notice); rejects with app/rate-limited. */
  limitNotice(uid: string): Promise<void>;
  /** Stored results already broadcast (`<event>:<uid>:<id>`): a replayed notice is not broadcast again. */
  announced: TOnce;
  /** Tells the presence publisher that something admins see has changed. */
  presenceChanged(): void;
  now(): number;
};
