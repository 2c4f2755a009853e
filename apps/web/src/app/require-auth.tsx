import { Navigate, Outlet, useLocation } from 'react-router';
import { useSyncExternalStore } from 'react';
import { getToken, onSessionChange } from '../lib/session';

function useToken(): string | null {
  return useSyncExternalStore(onSessionChange, getToken);
}

/** Protected layout guard: a visitor without a stored token goes to /login. */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** /login and /srpf-login send a signed-in user on to /dashboard. */
export function RedirectIfSignedIn() {
  const token = useToken();
  if (token) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
