import { Navigate, Outlet, useLocation } from 'react-router';
import { lazy, useSyncExternalStore } from 'react';
import { getStoredUser, getToken, onSessionChange } from '../lib/session';

/** On the server (the pre-rendered sign-in page) and while hydrating it, nobody is signed in. */
function useToken(): string | null {
  return useSyncExternalStore(onSessionChange, getToken, () => null);
}

/**
 * True while the user still has a one-time or administrator-set password: the sign-in (and refresh)
 * answer's user says so, and a 403 PASSWORD_CHANGE_REQUIRED from any call marks the stored user too.
 */
function mustChangePassword(): boolean {
  return getStoredUser()?.must_change_password === true;
}

// Loaded only for a user who must change the password, with its texts; never part of the login page.
const ChangePasswordPage = lazy(async () => {
  const [module, { i18n, i18nReady }] = await Promise.all([
    import('../features/account/routes/change-password-page'),
    import('../lib/i18n'),
  ]);
  await i18nReady;
  await i18n.loadNamespaces('account');
  return { default: module.Component };
});

/**
 * Protected layout guard: a visitor without a stored token goes to /login; a user who must choose a
 * new password sees only that screen, and afterwards the page they asked for.
 */
export function RequireAuth() {
  const token = useToken();
  const mustChange = useSyncExternalStore(onSessionChange, mustChangePassword, () => false);
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (mustChange) return <ChangePasswordPage />;
  return <Outlet />;
}

/** /login and /srpf-login send a signed-in user on to /dashboard. */
export function RedirectIfSignedIn() {
  const token = useToken();
  if (token) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
