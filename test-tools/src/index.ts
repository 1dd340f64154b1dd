/**
 * Starting throw-away servers for tests, shared by the client's and the gateway's unit tests and
 * e2e: a free port, a wait for the line a server prints once ready, redis-server and the Cloud Firestore emulator.
 */
export { freePort, startTogether, untilPrinted, type TStoppable } from './processes.js';
export { startRedis, type TRedisServer } from './redis.js';
export { emulatorGatewayEnv } from './firebase-gateway.js';
export {
  FIRESTORE_EMULATOR_BIN,
  FIRESTORE_RULES,
  firestoreEmulatorHere,
  hasFirestoreEmulator,
  startFirestoreEmulator,
  type TFirestoreEmulatorProcess,
  type TStartFirestoreEmulator,
} from './firestore-emulator.js';
