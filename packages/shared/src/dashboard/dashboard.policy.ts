import { actorCan, companyRecordScope, type Actor, type RecordScope } from '../access/actor.js';
import { appointmentReadScope } from '../appointments/appointments.policy.js';

/**
 * The dashboard counts the appointments its viewer may read; with view_all_kpis (administrators,
 * or a grant) it counts every appointment of the viewer's companies, own and overseen.
 */
export function dashboardAppointmentScope(actor: Actor): RecordScope {
  return actorCan(actor, 'view_all_kpis') ? companyRecordScope(actor) : appointmentReadScope(actor);
}

/** The export (a year of names and phone numbers) needs view_all_kpis; its rows follow the scope above. */
export function mayExportDashboard(actor: Actor): boolean {
  return actorCan(actor, 'view_all_kpis');
}

/**
 * Whose dashboard is their own: a person without the dashboard's figures for others (no
 * view_all_kpis), no step in an approval chain and no overseen company, such as a constable. The
 * figures would count only their own requests; their requests, latest slip and circulars help more.
 */
export function seesOwnDashboard(actor: Actor): boolean {
  return !actorCan(actor, 'view_all_kpis') && actor.approvalRole === null && actor.overseenCompanyIds.length === 0;
}
