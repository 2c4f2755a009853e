import { serverModuleList } from '../lib/module-registry.js';
import { apiDocsModule } from './api-docs/api-docs.module.js';
import { appointmentsModule } from './appointments/appointments.module.js';
import { auditModule } from './audit/audit.module.js';
import { authCredentialsModule, authModule } from './auth/auth.module.js';
import { backupModule } from './backup/backup.module.js';
import { companiesModule } from './companies/companies.module.js';
import { dashboardModule } from './dashboard/dashboard.module.js';
import { designationsModule } from './designations/designations.module.js';
import { formsModule } from './forms/forms.module.js';
import { healthModule } from './health/health.module.js';
import { librariesModule } from './libraries/libraries.module.js';
import { metricsModule } from './metrics/metrics.module.js';
import { payslipsModule } from './payslips/payslips.module.js';
import { systemHealthModule } from './system-health/system-health.module.js';
import { trashModule } from './trash/trash.module.js';
import { usersModule } from './users/users.module.js';
import { whatsappModule } from './whatsapp/whatsapp.module.js';

/**
 * Every area of the server, one line each (issue 28). The order is that of the `/api` routes, of the
 * jobs' declaration and (reversed) of closing; services are built as soon as what they need is, so a
 * module may need one listed after it. Adding an area adds its manifest here.
 */
export const SERVER_MODULES = serverModuleList([
  authCredentialsModule, // auth's keys and credentials: users are built from them, and sign-in from users
  authModule,
  usersModule, // and the /appointments/users lookup, before the appointments' routes
  appointmentsModule,
  companiesModule,
  designationsModule,
  dashboardModule, // /kpis
  librariesModule,
  formsModule,
  payslipsModule, // /salary-slip, /payslips
  whatsappModule, // /payslips/…/send, /whatsapp
  auditModule,
  trashModule,
  systemHealthModule, // /system-health, and the minute probe
  apiDocsModule, // /admin
  backupModule, // jobs only
  healthModule, // outside /api: app.ts registers it before the /api scope
  metricsModule, // likewise
  // setup: no manifest; it runs once at start (main.ts, seed), before any module is built.
]);
