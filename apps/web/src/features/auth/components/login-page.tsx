import { Navigate, useNavigate } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store';
import { LoginScreen } from './login-screen';

/** /login inside the SPA (after signing out): a signed-in user goes straight to the dashboard. */
export function LoginPage() {
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  return <LoginScreen onSignedIn={() => navigate('/dashboard', { replace: true })} />;
}

export default LoginPage;
