/** The auth feature's public surface for the app: the sign-in screens and signing out. */
export { AuthScreen } from './components/auth-screen';
export { useSignOut } from './api/sign-out';
