import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { getToken, onSessionChange } from '../lib/session';
import { signOut } from '../lib/sign-out';
import { translate } from '../lib/texts';
import { startTokenRefresher } from '../lib/token-refresher';
import { AppRoutes } from './router';

/**
 * The toaster is not needed to paint any page, so it stays out of the entry chunk and loads once
 * the browser is idle after sign-in (or when a toast is raised before: 'Session expired'); the
 * sign-in page never downloads it (its JavaScript budget, docs/PERFORMANCE.md). Toasts raised
 * before it mounts wait in react-hot-toast's store and appear when it does.
 */
const Toasts = lazy(async () => {
  const [{ Toaster }, { ToastLimit }] = await Promise.all([import('react-hot-toast'), import('./toast-limit')]);
  return {
    default: function Toasts() {
      return (
        <>
          <Toaster
            position="top-right"
            toastOptions={{
              duration: 4000,
              success: { duration: 2000 },
              error: { duration: 4000 },
              loading: { duration: Infinity },
              className: 'dark:!bg-slate-800 dark:!text-slate-100',
            }}
          />
          <ToastLimit max={20} />
        </>
      );
    },
  };
});

/**
 * True once someone is signed in and the browser is idle (and from then on), or at once when `now`
 * is called.
 */
function useToastsWanted(): [boolean, () => void] {
  const [wanted, setWanted] = useState(false);
  const signedIn = useSyncExternalStore(
    onSessionChange,
    () => getToken() !== null,
    () => false,
  );
  const now = useCallback(() => setWanted(true), []);
  useEffect(() => {
    if (wanted || !signedIn) return;
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(() => setWanted(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setWanted(true), 200);
    return () => clearTimeout(timer);
  }, [wanted, signedIn]);
  return [wanted, now];
}

/** Registers how the API client leaves for /login, and keeps the access token fresh. */
function SessionKeeper({ onExpired }: { onExpired: () => void }) {
  const navigate = useNavigate();

  useEffect(() => {
    setUnauthorizedHandler(() => {
      onExpired();
      // The server has already ended this session; nothing is left to revoke.
      void signOut({ revoke: false });
      void import('react-hot-toast').then(({ toast }) =>
        toast.error(translate('common', 'sessionExpired'), { id: 'session-expired' }),
      );
      void navigate('/login', { replace: true });
    });
    return startTokenRefresher();
  }, [navigate, onExpired]);

  return null;
}

/** Everything inside the router: the browser's (App) or, when pre-rendering, a static one (src/prerender.tsx). */
export function AppShell() {
  const [toastsWanted, wantToasts] = useToastsWanted();

  return (
    <>
      <SessionKeeper onExpired={wantToasts} />
      <AppRoutes />
      {toastsWanted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}
