import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { currentLanguage, loadNamespaces } from '../lib/texts';
import { RedirectIfSignedIn, RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error';

type PageModule = { Component: ComponentType };

/**
 * A page loaded only when visited. Until then it suspends like React.lazy; once loaded (or
 * preloaded) it renders at once, so a page pre-rendered at build time hydrates without suspending.
 */
function preloadable(load: () => Promise<PageModule>) {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module.Component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded! };
  });
  function Page() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
}

/**
 * A page of the signed-in product (or the privacy policy) with the translation namespaces it reads,
 * so it never renders before its texts have arrived. i18next comes with the first such page: the
 * sign-in page does without it (lib/texts.ts). (React Router's declarative mode: the data router
 * would add 18 KB gzip to the login page, and all server state lives in TanStack Query anyway.)
 */
function page(load: () => Promise<PageModule>, namespaces: string[] = []) {
  return preloadable(async () => {
    // The texts are fetched beside i18next (the module map keeps them for its loader): a round trip less.
    const [module, { i18n, i18nReady }] = await Promise.all([
      load(),
      import('../lib/i18n'),
      loadNamespaces(namespaces),
    ]);
    await i18nReady;
    await i18n.loadNamespaces(namespaces);
    return module;
  });
}

/**
 * /login and /srpf-login, with its texts (lib/texts.ts): the page pre-rendered at build time (scripts/prerender.mjs).
 * The error texts only for a Marathi or Hindi reader: an English one reads the server's own words.
 */
export const LoginPage = preloadable(async () => {
  const [module] = await Promise.all([
    import('../features/auth/routes/login-page'),
    loadNamespaces(currentLanguage() === 'en' ? ['login'] : ['login', 'errors']),
  ]);
  return module;
});

const PrivacyPolicyPage = page(() => import('../features/privacy/routes/privacy-policy-page'), ['privacy']);
const AppLayout = page(() => import('./layout/app-layout'), ['shell']);
// payslips: a constable's dashboard shows his latest slip; appointments: the Waiting for me list.
const DashboardPage = page(() => import('./routes/dashboard-page'), ['dashboard', 'payslips', 'appointments']);
const NotFoundPage = page(() => import('../features/errors/routes/not-found-page'));
const ComingSoonPage = page(() => import('../features/placeholder/routes/coming-soon-page'));
const UsersPage = page(() => import('../features/users/routes/users-page'), ['users']);
const UsersAdminPage = page(() => import('../features/users/routes/users-admin-page'), ['users']);
const ApiDocsPage = page(() => import('../features/api-docs/routes/api-docs-page'), ['api-docs']);
const CompaniesPage = page(() => import('../features/companies/routes/companies-page'), ['companies']);
const SettingsPage = page(() => import('./routes/settings-page'), ['settings', 'account']);
const OrdersPage = page(() => import('../features/libraries/routes/orders-page'), ['libraries']);
const OrderDetailPage = page(() => import('../features/libraries/routes/order-detail-page'), ['libraries']);
const CircularsPage = page(() => import('../features/libraries/routes/circulars-page'), ['libraries']);
const CircularDetailPage = page(() => import('../features/libraries/routes/circular-detail-page'), ['libraries']);
const GovernmentDecisionsPage = page(
  () => import('../features/libraries/routes/government-decisions-page'),
  ['libraries'],
);
const GovernmentDecisionDetailPage = page(
  () => import('../features/libraries/routes/government-decision-detail-page'),
  ['libraries'],
);
const FormsPage = page(() => import('../features/forms/routes/forms-page'), ['forms', 'form-editor']);
const FormDetailPage = page(() => import('../features/forms/routes/form-detail-page'), ['forms', 'form-editor']);
const FormEditPage = page(() => import('../features/forms/routes/form-edit-page'), ['forms', 'form-editor']);
const FormCategoriesPage = page(
  () => import('../features/forms/routes/form-categories-page'),
  ['forms', 'form-editor'],
);
const TrashPage = page(() => import('../features/trash/routes/trash-page'), ['trash']);
const AppointmentsPage = page(() => import('../features/appointments/routes/appointments-page'), ['appointments']);
const AppointmentDetailPage = page(
  () => import('../features/appointments/routes/appointment-detail-page'),
  ['appointments'],
);
const SalaryFinancePage = page(() => import('../features/payslips/routes/salary-finance-page'), ['payslips']);
const WhatsappPage = page(() => import('../features/whatsapp/routes/whatsapp-page'), ['whatsapp', 'campaigns']);
const SystemHealthPage = page(() => import('../features/health/routes/system-health-page'), ['health']);

/** The signed-in product's pages by path, inside the app layout (document 2, section 2.1). */
const SIGNED_IN_PAGES: readonly (readonly [string, ReturnType<typeof page>])[] = [
  ['/dashboard', DashboardPage],
  ['/users', UsersPage],
  ['/users-demo', UsersAdminPage],
  ['/admin/users', UsersAdminPage],
  ['/admin/api', ApiDocsPage],
  ['/companies', CompaniesPage],
  ['/settings', SettingsPage],
  ['/orders', OrdersPage],
  ['/orders/:id', OrderDetailPage],
  ['/circulars', CircularsPage],
  ['/circulars/:id', CircularDetailPage],
  ['/government-decisions', GovernmentDecisionsPage],
  ['/government-decisions/:id', GovernmentDecisionDetailPage],
  ['/forms', FormsPage],
  ['/forms/categories', FormCategoriesPage],
  ['/forms/:id', FormDetailPage],
  ['/forms/:id/edit', FormEditPage],
  ['/trash', TrashPage],
  ['/appointments', AppointmentsPage],
  ['/appointments/:id', AppointmentDetailPage],
  ['/salary-finance', SalaryFinancePage],
  ['/whatsapp', WhatsappPage],
  ['/health', SystemHealthPage],
];

/** Pages that later issues build; until then they show a short placeholder, never a crash. */
const PLANNED_PATHS = ['kpis', 'audit', 'search'];

/** The addresses outside the signed-in layout; the first two send a signed-in visitor on to /dashboard. */
export const SIGN_IN_PATHS = ['/login', '/srpf-login'] as const;
const PRIVACY_POLICY_PATH = '/privacy-policy';
export const PUBLIC_PATHS = [...SIGN_IN_PATHS, PRIVACY_POLICY_PATH] as const;

/** Every route of the spec (document 2, section 2.1). */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/" element={<Navigate to="/dashboard" replace />} />
          <Route element={<RedirectIfSignedIn />}>
            {SIGN_IN_PATHS.map((path) => (
              <Route key={path} path={path} element={<LoginPage />} />
            ))}
          </Route>
          <Route path={PRIVACY_POLICY_PATH} element={<PrivacyPolicyPage />} />
          <Route element={<RequireAuth />}>
            <Route element={<AppLayout />}>
              {SIGNED_IN_PAGES.map(([path, Page]) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
              {PLANNED_PATHS.map((path) => (
                <Route key={path} path={`/${path}`} element={<ComingSoonPage />} />
              ))}
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * Starts loading the layout and the page of a signed-in address together, before the first render:
 * rendered, the page's code would be asked for only once the layout's had arrived (a round trip
 * more on a slow connection before the page paints). Paths are tried in the route table's order,
 * as <Routes> does: a page, else a planned page's placeholder, else the 404. Settles once both have
 * loaded or failed.
 */
export function preloadSignedInPage(pathname: string): Promise<void> {
  if (matchPath(PRIVACY_POLICY_PATH, pathname)) return Promise.resolve();
  const redirected = pathname === '/' || SIGN_IN_PATHS.some((path) => matchPath(path, pathname));
  const target = redirected ? '/dashboard' : pathname;
  const found = SIGNED_IN_PAGES.find(([path]) => matchPath(path, target) !== null)?.[1];
  const planned = PLANNED_PATHS.some((path) => matchPath(`/${path}`, target) !== null);
  const Page = found ?? (planned ? ComingSoonPage : NotFoundPage);
  // A failed load is left to the render, which shows the route's error.
  return Promise.all([AppLayout.preload(), Page.preload()]).then(
    () => undefined,
    () => undefined,
  );
}
