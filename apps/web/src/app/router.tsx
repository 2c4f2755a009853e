import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from './require-auth';
import { RouteError } from './route-error';

/** Lazy route modules export `Component`; each page loads only when visited. */
const page = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).Component }),
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
    children: [
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: '/login', ...page(() => import('../features/auth/routes/login-page')) },
          { path: '/srpf-login', ...page(() => import('../features/auth/routes/login-page')) },
        ],
      },
      { path: '/privacy-policy', ...page(() => import('../features/privacy/routes/privacy-policy-page')) },
      {
        element: <RequireAuth />,
        children: [
          {
            ...page(() => import('./layout/app-layout')),
            children: [
              { path: '/dashboard', ...page(() => import('../features/dashboard/routes/dashboard-page')) },
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
