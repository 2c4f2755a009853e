import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'react-hot-toast';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { setUnauthorizedHandler } from '../lib/api-client';
import { startTokenRefresher } from '../lib/token-refresher';
import { queryClient } from './query-client';
import { createRouter } from './router';
import { ToastLimit } from './toast-limit';

export function App() {
  const [router] = useState(createRouter);
  const { t } = useTranslation();

  useEffect(() => {
    setUnauthorizedHandler(() => {
      queryClient.clear();
      toast.error(t('sessionExpired'), { id: 'session-expired' });
      void router.navigate('/login', { replace: true });
    });
    return startTokenRefresher();
  }, [router, t]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
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
    </QueryClientProvider>
  );
}
