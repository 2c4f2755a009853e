import { serverModule } from '../../lib/contracts/server-module.js';
import { dashboardRoutes } from './dashboard.routes.js';
import {
  createDashboardService,
  type IssuedDocuments,
  type VisibleForms,
  type VisiblePayslips,
} from './dashboard.service.js';

/** The KPIs (/api/kpis), counted over the libraries, the forms and the payslips. */
export const dashboardModule = serverModule<{
  libraryStats: IssuedDocuments;
  forms: { forms: VisibleForms };
  payslips: VisiblePayslips;
}>()({
  name: 'dashboard',
  needs: { libraryStats: true, forms: true, payslips: true },
  build: (context, { libraryStats, forms, payslips }) => ({
    dashboard: createDashboardService(context, libraryStats, forms.forms, payslips),
  }),
  routes: ({ dashboard }) => [{ plugin: dashboardRoutes(dashboard), prefix: '/kpis' }],
});
