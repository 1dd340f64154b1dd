/**
 * `npm run seed:firebase`: writes the demo catalogue to the Firestore of FIREBASE_PROJECT_ID
 * (firebase-admin's credentials: GOOGLE_APPLICATION_CREDENTIALS), or to the emulator named by
 * FIRESTORE_EMULATOR_HOST / FIREBASE_LOCAL. Running it again writes no catalogue document; it
 * only upgrades demo reference motions that are still the ones the seed wrote (logged).
 */
import { getFirestore } from 'firebase-admin/firestore';
import { loadConfig } from '../config.js';
import { firebaseApp } from '../firebase.js';
import { createLogger } from '../logger.js';
import { seedFirestore } from '../seed-firestore.js';

const config = loadConfig({ ...process.env, BACKEND: 'firebase' });
const written = await seedFirestore(getFirestore(firebaseApp(config)), createLogger(config.logLevel));
console.log(written > 0 ? `${written} demo documents written to Firestore` : 'Firestore already seeded: no catalogue document written');
