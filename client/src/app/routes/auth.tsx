import { Navigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '@/config/paths';
import { AuthScreen } from '@/features/auth';
import { useAppStore } from '@/stores/app-store';

/** Signed in (now or after the form): on to the `redirect` target or home. */
export default function AuthRoute() {
  const isSignedIn = useAppStore((state) => state.currentUser !== null);
  const [searchParams] = useSearchParams();
  if (isSignedIn) return <Navigate to={safeRedirect(searchParams.get('redirect'))} replace />;
  return <AuthScreen />;
}
