import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setUnauthorizedHandler } from '../lib/api-client';
import { signOut } from '../lib/sign-out';
import { startTokenRefresher } from '../lib/token-refresher';
import { AppRoutes } from './router';

/**
 * The toaster is not needed to paint any page, so it stays out of the entry chunk (the login page
 * has a 120 KB gzip budget) and loads once the browser is idle. Toasts raised before it mounts
 * wait in react-hot-toast's store and appear when it does.
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

/** True once the browser is idle after start-up, or earlier when `now` is called. */
function useIdle(): [boolean, () => void] {
  const [idle, setIdle] = useState(false);
  const now = useCallback(() => setIdle(true), []);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(timer);
  }, []);
  return [idle, now];
}

/** Registers how the API client leaves for /login, and keeps the access token fresh. */
function SessionKeeper({ onExpired }: { onExpired: () => void }) {
  const navigate = useNavigate();
  const { t } = useTranslation();

  useEffect(() => {
    setUnauthorizedHandler(() => {
      onExpired();
      // The server has already ended this session; nothing is left to revoke.
      void signOut({ revoke: false });
      void import('react-hot-toast').then(({ toast }) => toast.error(t('sessionExpired'), { id: 'session-expired' }));
      void navigate('/login', { replace: true });
    });
    return startTokenRefresher();
  }, [navigate, t, onExpired]);

  return null;
}

export function App() {
  const [toastsWanted, wantToasts] = useIdle();

  return (
    <BrowserRouter>
      <SessionKeeper onExpired={wantToasts} />
      <AppRoutes />
      {toastsWanted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </BrowserRouter>
  );
}
