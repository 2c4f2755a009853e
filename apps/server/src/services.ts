import { LIBRARIES, type Library } from '@srpf/shared';
import type { AppContext } from './context.js';
import { getOrCreateSetting } from './lib/app-settings.js';
import { createAppointmentPeople } from './modules/appointments/appointments.people.js';
import { createAppointmentsService } from './modules/appointments/appointments.service.js';
import { createAppointmentStepsService } from './modules/appointments/appointments.steps.service.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createKeyRing } from './lib/keys.js';
import { createCredentials } from './modules/auth/auth.credentials.js';
import { registerAuthPurge } from './modules/auth/auth.purge.js';
import { registerBackupJob } from './modules/backup/backup.job.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createCompaniesService } from './modules/companies/companies.service.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { createDesignationsService } from './modules/designations/designations.service.js';
import { createLibraryServices, type LibraryServices } from './modules/libraries/libraries.services.js';
import { createLibraryStatsService } from './modules/libraries/libraries.stats.service.js';
import { createLibraryTrash } from './modules/libraries/libraries.trash.service.js';
import { libraryStoredFiles } from './modules/libraries/libraries.stored-files.js';
import { createFileSweep, FILE_SWEEP_CRON, FILE_SWEEP_JOB } from './lib/file-sweep.js';
import { createTrashService } from './modules/trash/trash.service.js';
import { createFormsServices } from './modules/forms/forms.services.js';
import { formStoredFiles } from './modules/forms/forms.stored-files.js';
import { createFormsTrash } from './modules/forms/forms.trash.service.js';
import { createFileRemovals } from './lib/file-removals.js';
import { createUserImportService } from './modules/users/users.import.service.js';
import { createProfileService } from './modules/users/users.profile.service.js';
import { createUsersService } from './modules/users/users.service.js';
import { chromiumRenderer } from './modules/payslips/payslips.renderer.js';
import { configureRenderer } from './modules/payslips/render/renderer-settings.js';
import { createPayslipRendering } from './modules/payslips/payslips.render-job.js';
import { createSlipReaders } from './modules/payslips/payslips.read-pool.js';
import { createPayslipsService } from './modules/payslips/payslips.service.js';
import { payslipStoredFiles } from './modules/payslips/payslips.stored-files.js';

/**
 * The service registry: every service built once, its dependencies passed in by name. Modules never
 * build or import each other's services; each names what it needs in a type of its own, and this is
 * the one place that hands it over. Route plugins, the worker and scripts all start from here.
 */
export async function buildServices(context: AppContext) {
  // The signing key: JWT_SECRET, or one generated at first start and kept in the database, so every
  // instance agrees.
  const jwtSecret = context.config.jwtSecret ?? (await getOrCreateSetting(context.db, 'jwt_secret'));
  const keys = createKeyRing(jwtSecret, context.config.jwtSecretPrevious);
  const credentials = createCredentials(context, keys);
  registerAuthPurge(context.jobs, context.db);

  const companies = createCompaniesService(context);
  const designations = createDesignationsService(context);
  const references = { companies, designations };
  const users = createUsersService(context, credentials, references);
  const auth = createAuthService(context, credentials, users);
  const profile = createProfileService(context, credentials, users);
  const userImport = createUserImportService(context, credentials, references);

  const people = createAppointmentPeople({ users, companies });
  const appointments = createAppointmentsService(context, people);
  const appointmentSteps = createAppointmentStepsService(context, appointments);

  const libraries = Object.fromEntries(LIBRARIES.map((library) => [library, createLibraryServices(context, library, { companies })])) as Record<Library, LibraryServices>;
  // Signed form downloads: an HMAC under their own key, opened only for someone who may still see the form.
  const forms = createFormsServices(context, { downloadKeys: keys.keysFor('form-download'), loadActor: users.actorOf });
  // Salary slips (issue 19): the PDFs are rendered by Chromium in background jobs.
  configureRenderer(context.config.renderer, context.logger);
  // Uploaded slips are read in this app's own worker threads, ended when the app closes.
  const slipReaders = createSlipReaders(context.config.slipReaders);
  const payslips = createPayslipsService(context, { renderer: chromiumRenderer });
  const payslipRendering = createPayslipRendering(context, chromiumRenderer);
  payslipRendering.registerJobs();
  const dashboard = createDashboardService(context, createLibraryStatsService(context), forms.forms, payslips);

  // Every area's columns that refer to stored files, in one list: the removal of purged files and the
  // orphan sweep read only this, so a file still referred to is never removed.
  const storedFiles = [libraryStoredFiles, formStoredFiles, payslipStoredFiles];
  const fileLogger = context.logger.child({ component: 'stored-files' });
  const fileRemovals = createFileRemovals({ db: context.db, storage: context.storage, logger: fileLogger, references: storedFiles.map((area) => (executor, keys) => area.referenced(executor, keys)) });
  const fileSweep = createFileSweep({ db: context.db, storage: context.storage, logger: fileLogger, clock: context.clock, references: storedFiles });
  context.jobs.define(FILE_SWEEP_JOB, () => fileSweep.sweep(), { retryLimit: 2, retryDelaySeconds: 300 });
  context.jobs.schedule(FILE_SWEEP_JOB, FILE_SWEEP_CRON, {}, { missed: 'once' });
  const trash = createTrashService(context, [createLibraryTrash(context, fileRemovals), createFormsTrash(context, fileRemovals)], fileRemovals);
  trash.registerJobs();
  registerBackupJob(context);

  return {
    credentials,
    auth,
    companies,
    designations,
    users,
    profile,
    userImport,
    appointments,
    appointmentSteps,
    libraries,
    forms,
    payslips,
    slipReaders,
    payslipRendering,
    dashboard,
    trash,
    fileRemovals,
    fileSweep,
    audit: createAuditService(context),
  };
}
export type Services = Awaited<ReturnType<typeof buildServices>>;
