import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth.tsx';

/**
 * Route guard: signed-out visitors go to /login, which brings them back here afterwards.
 * It also acts when a session ends while a page is open (sign-out, a refused refresh).
 */
export function RequireAuth() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}
