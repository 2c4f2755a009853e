import {
  appointmentReadScope,
  approvalStepOutcome,
  LEAVE_COUNTERS,
  mayDeleteAppointment,
  mayEditAppointmentDetails,
  mayFileAppointment,
  mayReadAppointment,
  mayRescheduleAppointment,
  normalisePhone,
  paginationOf,
  remarkFieldOf,
  remarkRoleFor,
  statusChangeNeedsReason,
  statusChoicesFor,
  waitingForMeScope,
  type Actor,
  type LeaveCounter,
  type TAppointment,
  type TAppointmentAbilities,
  type TAppointmentDetail,
  type TAppointmentListQuery,
  type TPagination,
  type TPreviousLeaveCounters,
  type TWaitingAppointmentsQuery,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { today } from '../../lib/clock.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { invalidField } from '../../lib/validation.js';
import type { AppointmentPeople } from './appointments.people.js';
import { toAppointment, toTimelineEntry } from './appointments.presenter.js';
import { recordOf } from './appointments.record.js';
import * as repository from './appointments.repository.js';

const STEP_EVENTS = new Set(['approved', 'rejected']);

/** The read side of appointments: the detail, the lists and the figures a new form starts from. */
export function createAppointmentsReadService(context: AppContext, people: AppointmentPeople) {
  const { db } = context;

  /** The detail answer: the record, its timeline, and what this person may do with it now; 404 outside their read scope. */
  async function detail(actor: Actor, id: number, executor: Executor = db): Promise<TAppointmentDetail> {
    const view = await repository.findAppointmentView(executor, id);
    if (
      !view ||
      !mayReadAppointment(actor, { userId: view.appointment.user_id, companyId: view.appointment.company_id })
    )
      throw notFound('appointments.not_found', 'Appointment');
    const events = await repository.listEvents(executor, id);
    const record = recordOf(
      view.appointment,
      events.some((entry) => STEP_EVENTS.has(entry.event.event)),
    );
    const role = remarkRoleFor(actor, record);
    return {
      ...toAppointment(view),
      timeline: events.map(toTimelineEntry),
      abilities: {
        remark_role: role,
        remark_field: remarkFieldOf(role),
        can_delete: mayDeleteAppointment(actor),
        can_approve: approvalStepOutcome(actor, record, 'approve').ok,
        can_reject: approvalStepOutcome(actor, record, 'reject').ok,
        can_edit: mayEditAppointmentDetails(actor, record),
        can_reschedule: mayRescheduleAppointment(actor, record),
        status_choices: statusChoicesFor(actor, record),
        status_reason_required: statusChangeNeedsReason(actor),
      },
    };
  }

  return {
    detail,

    /** GET /{id}: opening an appointment about another person is a sensitive read, audited. */
    async read(actor: Actor, id: number, ip: string | null): Promise<TAppointmentDetail> {
      const appointment = await detail(actor, id);
      if (appointment.user_id !== actor.userId) {
        await audit(db, {
          actorId: actor.userId,
          action: 'appointment.read',
          entityType: 'appointment',
          entityId: id,
          outcome: 'success',
          ip,
        });
      }
      return appointment;
    },

    /** GET /my-role: the person's chain role in their own company, before any appointment is open. */
    abilities(actor: Actor): TAppointmentAbilities {
      return {
        remark_role: actor.approvalRole,
        remark_field: remarkFieldOf(actor.approvalRole),
        can_delete: mayDeleteAppointment(actor),
      };
    },

    /** Only the appointments the actor may read are ever fetched (the scope is part of the query). */
    async list(
      actor: Actor,
      query: TAppointmentListQuery,
    ): Promise<{ appointments: TAppointment[]; pagination: TPagination }> {
      const { rows, total, capped } = await repository.listAppointments(
        db,
        {
          scope: appointmentReadScope(actor),
          search: query.search,
          status: query.status,
          company_id: query.company_id,
          phoneDigits: query.phone_number ? normalisePhone(query.phone_number) || undefined : undefined,
          appointment_date: query.appointment_date,
          request_type: query.request_type,
          is_leave_appointment: query.is_leave_appointment,
        },
        { sortBy: query.sortBy, sortOrder: query.sortOrder, today: today() },
        query.page,
        query.limit,
      );
      return {
        appointments: rows.map(toAppointment),
        pagination: paginationOf(query.page, query.limit, total, capped),
      };
    },

    /** GET /waiting: what waits for the actor's step, whatever its date; 403 for people who take no step. */
    async waiting(
      actor: Actor,
      query: TWaitingAppointmentsQuery,
    ): Promise<{ appointments: TAppointment[]; pagination: TPagination }> {
      const scope = waitingForMeScope(actor);
      if (!scope)
        throw forbidden(
          'appointments.waiting_no_chain_role',
          'Only a clerk, an officer or a commandant has requests waiting for their step',
        );
      const { rows, total, capped } = await repository.listWaiting(
        db,
        { statuses: scope.statuses, companyIds: scope.companyIds, exceptUserId: actor.userId },
        query.page,
        query.limit,
      );
      return {
        appointments: rows.map(toAppointment),
        pagination: paginationOf(query.page, query.limit, total, capped),
      };
    },

    /**
     * GET /leave/previous-counters: the counters of the person's latest leave request the asker may
     * read, to fill a new form; only for a person the asker may file leave for (403 otherwise).
     */
    async previousLeaveCounters(actor: Actor, userId: number): Promise<TPreviousLeaveCounters | null> {
      const person = await people.activePerson(userId, db);
      if (!person) throw invalidField('user_id', 'validation.user_not_found', {}, 'User not found');
      const companyId = person.company_id ?? actor.companyId ?? 0;
      if (!mayFileAppointment(actor, { userId, companyId, personCompanyId: person.company_id }))
        throw forbidden(
          'appointments.counters_forbidden',
          'You can see the previous leave figures only of a person you may file leave for',
        );
      const row = await repository.latestLeaveRequest(db, userId, appointmentReadScope(actor));
      if (!row) return null;
      return {
        appointment_id: row.id,
        leave_start_date: row.leave_start_date,
        date_of_joining: row.date_of_joining,
        ...(Object.fromEntries(LEAVE_COUNTERS.map((name) => [name, row[name]])) as Record<LeaveCounter, number>),
      };
    },
  };
}
export type AppointmentsReadService = ReturnType<typeof createAppointmentsReadService>;
