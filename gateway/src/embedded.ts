import type { Express } from 'express';
import { COLLECTIONS, ROLES, STORAGE_PATHS, type TUser } from '@movelab/shared';
import type { TGatewayConfig } from './config.js';
import type { THealthCheck } from './health.js';
import { openDatabase, type TDatabase } from './db/database.js';
import { DocumentStore } from './db/documents.js';
import { FileStore } from './files/store.js';
import type { THandlers } from './routes/api.js';
import type { TSaveLimit } from './http/rate-limit.js';
import { EmbeddedIdentity } from './identity/embedded.js';
import { knownDevices } from './identity/known-devices.js';
import { signInLockout } from './identity/lockout.js';
import { resolveTokenSecret } from './identity/secret.js';
import type { TTokenVerifier } from './identity/verifier.js';
import type { Logger } from './logger.js';
import { adminHandlers } from './routes/admin.js';
import { authHandlers } from './routes/auth.js';
import { catalogueHandlers } from './routes/catalogue.js';
import { historyHandlers } from './routes/history.js';
import { movescoreHandlers } from './routes/movescore.js';
import { practiceHandlers } from './routes/practice.js';
import { userHandlers } from './routes/users.js';
import { alignRecordEmails, createUserRecord, followAccountEmail, requireAnotherAdmin } from './routes/users/records.js';
import { embeddedPeople } from './db/people.js';
import type { TPeople } from './realtime/people.js';
import type { TRedis } from './realtime/redis-registry.js';
import { seedDemo } from './seed.js';
import { accessChanges } from './sockets/access.js';
import { publishPractice, type TIo } from './sockets/index.js';

export type TBackend = {
  verifier: TTokenVerifier;
  handlers: THandlers;
  /** Names, the host's remote-session id and stored analyses, for the real-time layer. */
  people: TPeople;
  /** `/healthz`: null when the backend answers, else why not. */
  health: THealthCheck;
  /** Routes outside the API table (file downloads). */
  mountExtra?: (app: Express) => void;
  close(): Promise<void>;
};

/**
 * Grants ADMIN to the account with this e-mail, creating the user record when the account
 * exists without one. `npm run admin:grant` uses it as is; ADMIN_EMAILS passes
 * `mustBeVerified`: only an address whose owner followed its verification link is trusted.
 */
export function grantAdmin(db: TDatabase, docs: DocumentStore, email: string, mustBeVerified = false): TUser | null {
  const account = db.prepare('SELECT uid, email, display_name, email_verified FROM accounts WHERE email = ?').get(email.trim().toLowerCase()) as
    | { uid: string; email: string; display_name: string | null; email_verified: number }
    | undefined;
  if (!account || (mustBeVerified && !account.email_verified)) return null;
  return docs.transaction(() => {
    const user = docs.get<TUser>(COLLECTIONS.users, account.uid) ?? createUserRecord(account.uid, account.email, account.display_name ?? '', []);
    const roles = user.roles.includes(ROLES.ADMIN) ? user.roles : [...user.roles, ROLES.ADMIN];
    return docs.put(COLLECTIONS.users, { ...user, roles });
  });
}

export async function createEmbeddedBackend(deps: {
  config: TGatewayConfig;
  logger: Logger;
  io: TIo;
  limitSave: TSaveLimit;
  redis?: TRedis;
}): Promise<TBackend> {
  const { config, logger, io, limitSave } = deps;
  const db = openDatabase(config.dataDir);
  const docs = new DocumentStore(db);
  const files = new FileStore(db, config.dataDir);
  const access = accessChanges(io);
  const isListed = (email: string) => config.adminEmails.includes(email.toLowerCase());
  const secret = resolveTokenSecret(config.dataDir, config.tokenSecret);
  const identity = new EmbeddedIdentity({
    access,
    publicUrl: config.publicUrl,
    // ADMIN_EMAILS trusts an address only once proven: granted here, at start and at record creation.
    onEmailVerified: (uid, email) => {
      const user = isListed(email) ? grantAdmin(db, docs, email, true) : null;
      if (user) access.rolesChanged(uid, user.roles);
    },
    onEmailChanged: (uid, email) => followAccountEmail(docs, uid, email),
    db,
    docs,
    secret,
    logger,
    lockout: signInLockout(config.auth, deps.redis),
  });
  const mended = alignRecordEmails(docs);
  if (mended > 0) logger.warn({ mended }, "user records took their account's e-mail again");
  if (config.seedDemo) seedDemo(docs, logger);
  config.adminEmails.forEach((email) => {
    if (grantAdmin(db, docs, email, true)) logger.info({ email }, 'ADMIN granted from ADMIN_EMAILS');
  });

  const people = embeddedPeople(docs);
  const devices = knownDevices({ secret, lifetimeMs: config.auth.knownDeviceMs, isSecure: config.publicUrl.startsWith('https:') });
  const handlers: THandlers = {
    ...authHandlers(identity, devices),
    ...userHandlers({ docs, files, identity, io, access, adminEmails: config.adminEmails, limitSave }),
    ...movescoreHandlers(docs, files),
    ...catalogueHandlers(docs, files),
    ...practiceHandlers(docs, limitSave, async (session) => publishPractice(io, { userId: session.userId, userName: await people.displayName(session.userId), session })),
    ...historyHandlers(docs),
    ...adminHandlers(docs),
    deleteAccount: ({ caller }) => {
      docs.transaction(() => {
        // The only admin cannot leave the app without one (as setRoles refuses).
        requireAnotherAdmin(docs, docs.get<TUser>(COLLECTIONS.users, caller.uid));
        identity.deleteAccount(caller);
      });
      files.remove(STORAGE_PATHS.avatar(caller.uid));
    },
  };
  return {
    verifier: identity,
    handlers,
    people,
    // The database is a local file: asked on every call, nothing to cache.
    health: async () => {
      try {
        db.prepare('SELECT 1').get();
        return null;
      } catch (error) {
        return `The database does not answer: ${(error as Error).message}`;
      }
    },
    mountExtra: (app) => files.mount(app),
    close: async () => {
      db.close();
    },
  };
}
