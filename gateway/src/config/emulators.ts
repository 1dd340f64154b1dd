/** The environment, as config.ts reads it (not imported from there: it imports this). */
type TEnv = Record<string, string | undefined>;

/**
 * Variables that point the gateway at Firebase emulators. firebase-admin skips every ID token's
 * signature check while FIREBASE_AUTH_EMULATOR_HOST is set: anyone could sign their own roles.
 */
const EMULATOR_VARIABLES = [
  'FIREBASE_LOCAL',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_STORAGE_EMULATOR_HOST',
  'FIREBASE_DATABASE_EMULATOR_HOST',
] as const;

const isSet = (name: string, value: string | undefined) =>
  value !== undefined && value !== '' && !(name === 'FIREBASE_LOCAL' && ['false', '0', 'no'].includes(value));

/** The emulator variables set in `env`. */
export const emulatorVariables = (env: TEnv): string[] => EMULATOR_VARIABLES.filter((name) => isSet(name, env[name]));

/** With NODE_ENV=production, any emulator variable stops the start, named. */
export function refuseEmulatorsInProduction(env: TEnv): void {
  const set = emulatorVariables(env);
  if (env.NODE_ENV !== 'production' || set.length === 0) return;
  throw new Error(
    `Invalid gateway configuration: ${set.join(', ')}: emulator settings are refused when NODE_ENV=production (the Auth emulator's tokens carry no signature)`,
  );
}

/** Where to listen: HOST when given; loopback only on emulators (their tokens are unsigned), every interface otherwise. */
export const listenHost = (env: TEnv, parsedHost: string): string =>
  env.HOST ? parsedHost : emulatorVariables(env).length > 0 ? '127.0.0.1' : parsedHost;
