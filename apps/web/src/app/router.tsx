import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from './require-auth';
import { i18n } from '../lib/i18n';
import { RouteError } from './route-error';

/**
 * Lazy route modules export `Component`; each page loads only when visited, together with the
 * translation namespaces it reads, so it never renders before its texts have arrived.
 */
const page = (load: () => Promise<{ Component: React.ComponentType }>, namespaces: string[] = []): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [module] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
    return { Component: module.Component };
  },
});

const comingSoon = page(() => import('../features/placeholder/routes/coming-soon-page'));

/** Pages that later issues build; until then they show a short placeholder, never a crash. */
const PLANNED_PATHS = [
  'appointments',
  'appointments/:id',
  'orders',
  'orders/:id',
  'circulars',
  'circulars/:id',
  'government-decisions',
  'whatsapp',
  'users',
  'companies',
  'kpis',
  'health',
  'audit',
  'search',
  'salary-finance',
  'settings',
  'users-demo',
  'admin/users',
  'forms',
  'forms/categories',
  'forms/:id',
  'forms/:id/edit',
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: null,
    children: [
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: '/login', ...page(() => import('../features/auth/routes/login-page'), ['login']) },
          { path: '/srpf-login', ...page(() => import('../features/auth/routes/login-page'), ['login']) },
        ],
      },
      { path: '/privacy-policy', ...page(() => import('../features/privacy/routes/privacy-policy-page'), ['privacy']) },
      {
        element: <RequireAuth />,
        children: [
          {
            ...page(() => import('./layout/app-layout'), ['shell']),
            children: [
              { path: '/dashboard', ...page(() => import('../features/dashboard/routes/dashboard-page'), ['dashboard']) },
              ...PLANNED_PATHS.map((path) => ({ path: `/${path}`, ...comingSoon })),
              { path: '*', ...page(() => import('../features/errors/routes/not-found-page')) },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
