import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { i18n } from '../lib/i18n';
import { RedirectIfSignedIn, RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error';

/**
 * A page loaded only when visited, together with the translation namespaces it reads, so it never
 * renders before its texts have arrived. (React Router's declarative mode: the data router would
 * add 18 KB gzip to the login page, and all server state lives in TanStack Query anyway.)
 */
function page(load: () => Promise<{ Component: ComponentType }>, namespaces: string[] = []) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
    return { default: module.Component };
  });
}

const LoginPage = page(() => import('../features/auth/routes/login-page'), ['login']);
const PrivacyPolicyPage = page(() => import('../features/privacy/routes/privacy-policy-page'), ['privacy']);
const AppLayout = page(() => import('./layout/app-layout'), ['shell']);
const DashboardPage = page(() => import('./routes/dashboard-page'), ['dashboard']);
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
const GovernmentDecisionsPage = page(() => import('../features/libraries/routes/government-decisions-page'), ['libraries']);
const GovernmentDecisionDetailPage = page(() => import('../features/libraries/routes/government-decision-detail-page'), ['libraries']);
const FormsPage = page(() => import('../features/forms/routes/forms-page'), ['forms', 'form-editor']);
const FormDetailPage = page(() => import('../features/forms/routes/form-detail-page'), ['forms', 'form-editor']);
const FormEditPage = page(() => import('../features/forms/routes/form-edit-page'), ['forms', 'form-editor']);
const FormCategoriesPage = page(() => import('../features/forms/routes/form-categories-page'), ['forms', 'form-editor']);
const TrashPage = page(() => import('../features/trash/routes/trash-page'), ['trash']);
const AppointmentsPage = page(() => import('../features/appointments/routes/appointments-page'), ['appointments']);
const AppointmentDetailPage = page(() => import('../features/appointments/routes/appointment-detail-page'), ['appointments']);
const SalaryFinancePage = page(() => import('../features/payslips/routes/salary-finance-page'), ['payslips']);

/** Pages that later issues build; until then they show a short placeholder, never a crash. */
const PLANNED_PATHS = [
  'whatsapp',
  'kpis',
  'health',
  'audit',
  'search',
];

/** Every route of the spec (document 2, section 2.1). */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/" element={<Navigate to="/dashboard" replace />} />
          <Route element={<RedirectIfSignedIn />}>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/srpf-login" element={<LoginPage />} />
          </Route>
          <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
          <Route element={<RequireAuth />}>
            <Route element={<AppLayout />}>
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="/users" element={<UsersPage />} />
              <Route path="/users-demo" element={<UsersAdminPage />} />
              <Route path="/admin/users" element={<UsersAdminPage />} />
              <Route path="/admin/api" element={<ApiDocsPage />} />
              <Route path="/companies" element={<CompaniesPage />} />
              <Route path="/settings" element={<SettingsPage />} />
              <Route path="/orders" element={<OrdersPage />} />
              <Route path="/orders/:id" element={<OrderDetailPage />} />
              <Route path="/circulars" element={<CircularsPage />} />
              <Route path="/circulars/:id" element={<CircularDetailPage />} />
              <Route path="/government-decisions" element={<GovernmentDecisionsPage />} />
              <Route path="/government-decisions/:id" element={<GovernmentDecisionDetailPage />} />
              <Route path="/forms" element={<FormsPage />} />
              <Route path="/forms/categories" element={<FormCategoriesPage />} />
              <Route path="/forms/:id" element={<FormDetailPage />} />
              <Route path="/forms/:id/edit" element={<FormEditPage />} />
              <Route path="/trash" element={<TrashPage />} />
              <Route path="/appointments" element={<AppointmentsPage />} />
              <Route path="/appointments/:id" element={<AppointmentDetailPage />} />
              <Route path="/salary-finance" element={<SalaryFinancePage />} />
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
