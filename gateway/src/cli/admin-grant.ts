/**
 * `npm run admin:grant -- <email>`: gives ADMIN to an existing account.
 * Embedded: in DATA_DIR's database. Firebase: the `roles` custom claim and users/{uid}.roles.
 */
import { getAuth } from 'firebase-admin/auth';
import { ROLES } from '@movelab/shared';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { DocumentStore } from '../db/documents.js';
import { grantAdmin } from '../embedded.js';
import { firebaseApp, setFirebaseRoles } from '../firebase.js';

async function main(): Promise<number> {
  const email = process.argv[2]?.trim();
  if (!email) {
    console.error('Usage: npm run admin:grant -- <email>');
    return 2;
  }
  const config = loadConfig();
  if (config.backend === 'firebase') {
    const app = firebaseApp(config);
    const user = await getAuth(app).getUserByEmail(email).catch(() => null);
    if (!user) {
      console.error(`No Firebase account with the e-mail ${email}`);
      return 1;
    }
    const roles = Array.isArray(user.customClaims?.roles) ? (user.customClaims.roles as string[]) : [];
    await setFirebaseRoles(app, user.uid, [...new Set([...roles, ROLES.ADMIN])]);
    console.log(`ADMIN granted to ${email} (uid ${user.uid})`);
    return 0;
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
