import { Navigate, Outlet } from 'react-router';
import { useAuthStore } from '../lib/auth-store';

/** The one guard in front of every screen but /login (docs/product.md#route-map). */
export function RequireAuth() {
  const signedIn = useAuthStore((s) => s.isAuthenticated && Boolean(s.token));
  if (!signedIn) return <Navigate to="/login" replace />;
  return <Outlet />;
}
