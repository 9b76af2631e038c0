import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../lib/auth.tsx';
import { HOME_PATH } from './landing.ts';
import { PublicLayout } from './shell/PublicLayout.tsx';

/**
 * `/`: signed in, where the user's work is (HOME_PATH, decision 0287); signed out, the public landing (`signedOut`, drawn in
 * the public layout: reporting a side effect first, signing in second; decision 0275). It
 * follows the session, so signing out on another tab shows the landing here too.
 */
export function HomeRoute({ signedOut }: { signedOut: ReactNode }) {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to={HOME_PATH} replace />;
  return <PublicLayout>{signedOut}</PublicLayout>;
}
