/**
 * The environment of a gateway in Firebase mode on the local Auth and Firestore emulators: what
 * `npm run start:emulators` serves with, and what a browser test's extra gateways need to serve
 * the same app (the web config the page reads comes from these).
 */
export function emulatorGatewayEnv(options: { projectId: string; authHost: string; firestoreHost: string }): Record<string, string> {
  const { projectId } = options;
  return {
    BACKEND: 'firebase',
    FIREBASE_LOCAL: 'true',
    FIRESTORE_EMULATOR_HOST: options.firestoreHost,
    FIREBASE_AUTH_EMULATOR_HOST: options.authHost,
    FIREBASE_PROJECT_ID: projectId,
    FIREBASE_API_KEY: 'demo-api-key',
    FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
    FIREBASE_STORAGE_BUCKET: `${projectId}.appspot.com`,
    FIREBASE_APP_ID: '1:1:web:1',
  };
}
