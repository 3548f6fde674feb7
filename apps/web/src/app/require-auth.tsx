import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStore } from '../lib/auth-store';

/** The one guard in front of every screen but /login (spec §2.1). */
export function RequireAuth() {
  const signedIn = useAuthStore((s) => s.isAuthenticated && Boolean(s.token));
  const location = useLocation();
  if (!signedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
