import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { AUTH_ERRORS, COLLECTIONS, ROLES, isMovelabError, MovelabError, readableUser, withIsoDates, type TUser } from '@movelab/shared';
import type { TGatewayConfig } from './config.js';
import type { TBackend } from './embedded.js';
import { ADMIN_LOCK_PATH, changeUnlessLastAdmin, deleteFirebaseAccount, endFirebaseAdmin, setFirebaseDisabled } from './firebase-accounts.js';
import { probeHealth } from './health.js';
import { notFound } from './errors.js';
import { invalidToken, tokenExpired, userDisabled, type TTokenVerifier } from './identity/verifier.js';
import type { Logger } from './logger.js';
import { firestorePeople } from './realtime/firestore.js';
import { createUserRecord } from './routes/users/records.js';
import { seedFirestore } from './seed-firestore.js';
import { accessChanges } from './sockets/access.js';
import type { TIo } from './sockets/index.js';

export function firebaseApp(config: TGatewayConfig): App {
  // firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST from the environment itself.
  if (config.firebase.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.authEmulatorHost;
  if (config.firebase.firestoreEmulatorHost) process.env.FIRESTORE_EMULATOR_HOST = config.firebase.firestoreEmulatorHost;
  // Local emulator mode has no Storage emulator: no bucket rather than Google's servers.
  const storageBucket = config.firebase.firestoreEmulatorHost ? undefined : config.firebase.storageBucket;
  return getApps()[0] ?? initializeApp({ projectId: config.firebase.projectId, storageBucket });
}

/**
 * firebase-admin's check: with checkRevoked it refuses revoked sessions and disabled users.
 * `grantListed` runs for a token whose e-mail Firebase has verified (ADMIN_EMAILS).
 */
export function firebaseVerifier(
  app: App,
  grantListed?: (uid: string, email: string, roles: string[]) => Promise<string[]>,
  logger?: Logger,
): TTokenVerifier {
  const auth = getAuth(app);
  return {
    async verify(token) {
      try {
        const decoded = await auth.verifyIdToken(token, true);
        const claimed: unknown = decoded.roles;
        let roles = Array.isArray(claimed) ? claimed.filter((role): role is string => typeof role === 'string') : [];
        if (grantListed && decoded.email && decoded.email_verified === true) roles = await grantListed(decoded.uid, decoded.email, roles);
        return {
          uid: decoded.uid,
          email: decoded.email ?? null,
          roles,
          authTime: decoded.auth_time * 1000,
          expiresAt: decoded.exp * 1000,
        };
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'auth/id-token-expired') throw tokenExpired();
        if (code === 'auth/user-disabled') throw userDisabled();
        // The caller hears only that the token is not valid; why (revoked, a malformed token, Auth
        // not answering) is kept here.
        logger?.warn({ code, reason: (error as Error).message }, 'token refused');
        throw invalidToken();
      }
    },
  };
}

/**
 * Sets the `roles` custom claim, the only roles the rules and the gateway trust, and mirrors it
 * on users/{uid}.roles in Firestore for display and the last-admin count (no client may write
 * that field). Roles without ADMIN are refused (`app/last-admin`) when no other enabled admin
 * would remain; the mirror goes first, in the check's transaction, and the claim follows. Taking
 * ADMIN away also ends the account's admin tokens and sign-ins (endFirebaseAdmin). True when it did.
 */
export async function setFirebaseRoles(app: App, uid: string, roles: string[]): Promise<boolean> {
  const auth = getAuth(app);
  const user = await auth.getUser(uid).catch(() => {
    throw notFound('Account');
  });
  const claimed: unknown = user.customClaims?.roles;
  const isDemoted = Array.isArray(claimed) && claimed.includes(ROLES.ADMIN) && !roles.includes(ROLES.ADMIN);
  if (roles.includes(ROLES.ADMIN)) await mirrorGrant(app, user, roles);
  else await changeUnlessLastAdmin(app, { uid, apply: (tx, record) => tx.set(record, { roles }, { merge: true }) });
  await auth.setCustomUserClaims(uid, { ...user.customClaims, roles });
  if (isDemoted) await endFirebaseAdmin(app, uid);
  return isDemoted;
}

/**
 * users/{uid}.roles set to roles that grant ADMIN. An account without a record yet gets a whole
 * one, as the app's first start makes it (an ADMIN_EMAILS grant as the account's first sign-in
 * is verified, racing the app's own first-start record; `npm run admin:grant` for someone who
 * never signed in): a record of roles alone was one the app could neither read nor complete
 * (its first-start record may not change roles), and the admin never saw the administration.
 */
async function mirrorGrant(app: App, account: UserRecord, roles: string[]): Promise<void> {
  const db = getFirestore(app);
  const record = db.collection(COLLECTIONS.users).doc(account.uid);
  await db.runTransaction(async (tx) => {
    if ((await tx.get(record)).exists) {
      tx.set(record, { roles }, { merge: true });
      return;
    }
    const { id: _id, ...fields } = createUserRecord(account.uid, account.email ?? '', account.displayName ?? '', roles);
    // "Member since" is the time of the write, as the rules hold the app's first-start record to.
    tx.create(record, { ...fields, createdAt: FieldValue.serverTimestamp() });
  });
}

/**
 * The user as the admin screens show it after a change made here: the record, the account's
 * name and e-mail where it has none, the roles and state of the account. A record its schema
 * refuses is answered without the refused fields (readableUser): the change is made, and a 500
 * would say it failed.
 */
async function readUser(app: App, uid: string): Promise<TUser> {
  const account = await getAuth(app).getUser(uid);
  const snapshot = await getFirestore(app).collection(COLLECTIONS.users).doc(uid).get();
  const data = withIsoDates(snapshot.data() ?? {});
  const displayName: unknown = data.displayName ?? account.displayName ?? '';
  const user = readableUser(uid, {
    displayName,
    displayNameLowercase: typeof displayName === 'string' ? displayName.toLowerCase() : '',
    email: account.email ?? '',
    ...data,
  });
  const claimed: unknown = account.customClaims?.roles;
  const roles = Array.isArray(claimed) ? claimed.filter((role): role is string => typeof role === 'string') : user.roles;
  return { ...user, roles, disabled: account.disabled };
}

/**
 * Firebase mode: the client reads and writes Firestore itself; the gateway checks tokens for
 * sockets and runs the two admin operations that need the Admin SDK.
 */
export async function createFirebaseBackend(deps: { config: TGatewayConfig; logger: Logger; io: TIo }): Promise<TBackend> {
  const app = firebaseApp(deps.config);
  const wrap = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isMovelabError(error)) throw error;
      if ((error as { code?: string }).code === 'auth/user-not-found') throw notFound('Account');
      deps.logger.error({ err: error }, 'firebase-admin call failed');
      throw new MovelabError(AUTH_ERRORS.networkRequestFailed, 'The identity service did not answer', 502);
    }
  };
  // Local emulator mode: a fresh emulator starts with the demo catalogue (a real project: `npm run seed:firebase`).
  if (deps.config.seedDemo && deps.config.firebase.firestoreEmulatorHost) await seedFirestore(getFirestore(app), deps.logger);
  const access = accessChanges(deps.io);
  /**
   * ADMIN_EMAILS in this process, per uid: true once granted (a token minted before the grant
   * carries no claim yet, and is still an admin's), false once an admin took ADMIN away (not
   * granted again at the next sign-in).
   */
  const listedAdmins = new Map<string, boolean>();
  /** ADMIN_EMAILS at sign-in (any verified token): only for an address Firebase has verified. */
  const grantListed = async (uid: string, email: string, roles: string[]): Promise<string[]> => {
    if (roles.includes(ROLES.ADMIN) || !deps.config.adminEmails.includes(email.toLowerCase())) return roles;
    const decided = listedAdmins.get(uid);
    if (decided !== undefined) return decided ? [...roles, ROLES.ADMIN] : roles;
    const next = [...roles, ROLES.ADMIN];
    try {
      await setFirebaseRoles(app, uid, next);
    } catch (error) {
      deps.logger.warn({ email, err: error }, 'could not grant ADMIN from ADMIN_EMAILS');
      return roles;
    }
    listedAdmins.set(uid, true);
    access.rolesChanged(uid, next);
    deps.logger.info({ email }, 'ADMIN granted from ADMIN_EMAILS');
    return next;
  };
  for (const email of deps.config.adminEmails) {
    try {
      const user = await getAuth(app).getUserByEmail(email);
      if (!user.emailVerified) continue;
      const roles = Array.isArray(user.customClaims?.roles) ? (user.customClaims.roles as string[]) : [];
      if (!roles.includes(ROLES.ADMIN)) await setFirebaseRoles(app, user.uid, [...roles, ROLES.ADMIN]);
    } catch (error) {
      deps.logger.warn({ email, err: error }, 'could not grant ADMIN from ADMIN_EMAILS');
    }
  }
  return {
    verifier: firebaseVerifier(app, grantListed, deps.logger),
    people: firestorePeople(app),
    health: probeHealth([
      // An unknown uid answers auth/user-not-found: Auth answered.
      {
        name: 'Firebase Auth',
        run: () =>
          getAuth(app)
            .getUser('movelab-health-probe')
            .catch((error: unknown) => {
              if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
            }),
      },
      { name: 'Cloud Firestore', run: () => getFirestore(app).doc(ADMIN_LOCK_PATH).get() },
    ]),
    handlers: {
      setRoles: ({ params, body }) =>
        wrap(async () => {
          const isDemoted = await setFirebaseRoles(app, params.uid, body.roles);
          if (listedAdmins.has(params.uid)) listedAdmins.set(params.uid, body.roles.includes(ROLES.ADMIN));
          access.rolesChanged(params.uid, body.roles);
          // Its sign-ins ended: its sockets are told and disconnected, as when disabled.
          if (isDemoted) access.userEnded(params.uid);
          return readUser(app, params.uid);
        }),
      setDisabled: ({ caller, params, body }) =>
        wrap(async () => {
          await setFirebaseDisabled(app, caller, params.uid, body.disabled);
          if (body.disabled) access.userEnded(params.uid);
          return readUser(app, params.uid);
        }),
      deleteAccount: ({ caller }) =>
        wrap(async () => {
          await deleteFirebaseAccount(app, caller, deps.logger);
          access.userEnded(caller.uid);
        }),
    },
    close: async () => undefined,
  };
}
