/**
 * `npm run admin:grant -- [--emulators] <email>`: gives ADMIN to an existing account.
 * Embedded: in DATA_DIR's database. Firebase: the `roles` custom claim and users/{uid}.roles.
 * `--emulators` (or FIREBASE_LOCAL=true) reads the settings `npm run start:emulators` uses: its
 * project, and the Auth and Firestore emulators on AUTH_EMULATOR_PORT and FIRESTORE_EMULATOR_PORT.
 * When nothing names a backend and DATA_DIR holds no database, it refuses and writes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getAuth } from 'firebase-admin/auth';
import { EMULATOR_PROJECT_ID, FIRESTORE_EMULATOR_PORT, ROLES } from '@movelab/shared';
import { AUTH_EMULATOR_PORT, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { DocumentStore } from '../db/documents.js';
import { grantAdmin } from '../embedded.js';
import { firebaseApp, setFirebaseRoles } from '../firebase.js';

const USAGE = `Usage: npm run admin:grant -- [--emulators] <email>

Says which backend to grant in:
  --emulators (or FIREBASE_LOCAL=true)  the app of \`npm run start:emulators\` (project ${EMULATOR_PROJECT_ID};
                                        AUTH_EMULATOR_PORT, FIRESTORE_EMULATOR_PORT as given to it)
  BACKEND=firebase                      a Firebase project (FIREBASE_PROJECT_ID, GOOGLE_APPLICATION_CREDENTIALS)
  BACKEND=embedded, or DATA_DIR         the embedded app's data folder (default ./data)`;

/** The environment of `npm run start:emulators`, for `--emulators` or FIREBASE_LOCAL. */
function emulatorEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...env,
    BACKEND: 'firebase',
    FIREBASE_LOCAL: 'true',
    FIREBASE_PROJECT_ID: env.FIREBASE_PROJECT_ID ?? EMULATOR_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: env.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${env.AUTH_EMULATOR_PORT ?? AUTH_EMULATOR_PORT}`,
    FIRESTORE_EMULATOR_HOST: env.FIRESTORE_EMULATOR_HOST ?? `127.0.0.1:${env.FIRESTORE_EMULATOR_PORT ?? FIRESTORE_EMULATOR_PORT}`,
  };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const isEmulators = args.includes('--emulators') || /^(true|1)$/i.test(process.env.FIREBASE_LOCAL ?? '');
  const email = args.find((arg) => !arg.startsWith('--'))?.trim();
  if (!email) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(isEmulators ? emulatorEnv(process.env) : process.env);
  if (config.backend === 'firebase') {
    const app = firebaseApp(config);
    const user = await getAuth(app).getUserByEmail(email).catch(() => null);
    if (!user) {
      console.error(`No Firebase account with the e-mail ${email} in project ${config.firebase.projectId ?? '(unset)'}`);
      return 1;
    }
    const roles = Array.isArray(user.customClaims?.roles) ? (user.customClaims.roles as string[]) : [];
    await setFirebaseRoles(app, user.uid, [...new Set([...roles, ROLES.ADMIN])]);
    console.log(`ADMIN granted to ${email} (uid ${user.uid})`);
    return 0;
  }
  // Opening a database creates one: without a word on the backend, an empty new ./data is a mistake.
  if (!process.env.BACKEND && !fs.existsSync(path.join(config.dataDir, 'movelab.db'))) {
    console.error(`No backend named and no embedded database in ${config.dataDir}: nothing was changed.\n\n${USAGE}`);
    return 2;
  }
  const db = openDatabase(config.dataDir);
  try {
    const user = grantAdmin(db, new DocumentStore(db), email);
    if (!user) {
      console.error(`No account with the e-mail ${email} in ${config.dataDir}`);
      return 1;
    }
    console.log(`ADMIN granted to ${email} (uid ${user.id})`);
    return 0;
  } finally {
    db.close();
  }
}

process.exitCode = await main();
