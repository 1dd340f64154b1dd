/**
 * Where remote-camera sessions live: in memory for one gateway, in Redis when several share
 * them. Tokens are stored hashed; a pairing code maps to its session until first use or expiry.
 */
export type TSessionRecord = {
  id: string;
  hostUid: string;
  hostName: string;
  joinTokenHash: string;
  /** The live pairing code, if not yet used (the code key itself carries the expiry). */
  code: string | null;
  createdAt: number;
  expiresAt: number;
  isHostConnected: boolean;
};

export type TCameraRecord = { cameraId: string; rejoinTokenHash: string; joinedAt: number };

export type TSessionSummary = { session: TSessionRecord; cameras: number };

export type TSessionRegistry = {
  /** Stores a new session with its code; false (nothing stored) when the code belongs to another live session. */
  create(session: TSessionRecord, codeTtlMs: number): Promise<boolean>;
  get(sessionId: string): Promise<TSessionRecord | null>;
  /** The host's live session, if any (one per host). */
  hostSession(uid: string): Promise<string | null>;
  /** Replaces the join token and code (the host re-attaching); false when the code is taken. */
  renew(sessionId: string, joinTokenHash: string, code: string, codeTtlMs: number): Promise<boolean>;
  setHostConnected(sessionId: string, isConnected: boolean): Promise<void>;
  /**
   * Single use: the first caller gets the session id, every later one null. A code ends only by
   * this use or its expiry: wrong codes are counted against the address that typed them, never here.
   */
  consumeCode(code: string): Promise<string | null>;
  cameras(sessionId: string): Promise<TCameraRecord[]>;
  /** Adds a camera unless the session already has `max`; false when full. */
  addCamera(sessionId: string, camera: TCameraRecord, max: number): Promise<boolean>;
  removeCamera(sessionId: string, cameraId: string): Promise<boolean>;
  /** Forgets the session; true only for the one caller that removed it, so `session:ended` goes out once. */
  end(sessionId: string): Promise<boolean>;
  /** Live sessions with their camera counts (admins' presence view). */
  list(): Promise<TSessionSummary[]>;
  close(): Promise<void>;
};
