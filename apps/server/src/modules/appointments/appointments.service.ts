import {
  actsAcrossCompanies,
  appointmentReadScope,
  approvalStepOutcome,
  canChangeStatus,
  closesOwnRequest,
  fileAndForwardOutcome,
  DEFAULT_APPOINTMENT_TIME,
  INITIAL_APPOINTMENT_STATUS,
  LEAVE_COUNTERS,
  LEAVE_REQUEST_TYPE,
  LEAVE_REQUIRED_FIELDS,
  LEAVE_REQUIRED_MESSAGE,
  mayChangeStatusTo,
  mayDeleteAppointment,
  mayEditAppointmentDetails,
  mayFileAppointment,
  mayReadAppointment,
  mayRescheduleAppointment,
  normalisePhone,
  ORDERLY_ROOM_REQUEST_TYPE,
  ORDERLY_ROOM_REQUIRED_FIELDS,
  ORDERLY_ROOM_REQUIRED_MESSAGE,
  paginationOf,
  REMARK_FIELD_NAMES,
  remarkFieldOf,
  remarkRoleFor,
  statusChangeNeedsReason,
  statusChoicesFor,
  type Actor,
  type RemarkRole,
  type AppointmentRecord,
  type TAppointment,
  type TAppointmentAbilities,
  type TAppointmentDetail,
  type TAppointmentListQuery,
  type TWaitingAppointmentsQuery,
  waitingForMeScope,
  type TCreateLeaveAppointment,
  type TCreateOrderlyRoomAppointment,
  type TPagination,
  type TPreviousLeaveCounters,
  type LeaveCounter,
  type TUpdateLeaveAppointment,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { today } from '../../lib/clock.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { recordEvent } from './appointments.events.js';
import type { AppointmentPeople } from './appointments.people.js';
import { toAppointment, toTimelineEntry } from './appointments.presenter.js';
import { remarkChanges } from './appointments.remarks.js';
import * as repository from './appointments.repository.js';
import { recordApprovalStep } from './appointments.step-record.js';
import type { AppointmentChanges, AppointmentRow } from './appointments.repository.js';
import { invalidField } from '../../lib/validation.js';
import { assertLeaveDatesInOrder, assertNotPast, assertRequired } from './appointments.validation.js';

/** Columns an edit may set as sent (after the schema has checked and normalised them). */
const EDITABLE_COLUMNS = [
  'request_type',
  'badge_number',
  'phone_number',
  'contact_number',
  'notes',
  'additional_details',
  'purpose',
  'remarks',
  'preferred_date',
  'appointment_date',
  'appointment_time',
  'whatsapp_enabled',
  'whatsapp_language',
] as const;
const LEAVE_COLUMNS = [
  'leave_type',
  'leave_start_date',
  'leave_end_date',
  'leave_reason',
  'date_of_joining',
  ...LEAVE_COUNTERS,
] as const;

type Input = Record<string, unknown>;

/** Columns a change may set that are not business fields: the chain's own (status, remarks). */
const CHAIN_COLUMNS = new Set<string>(['status', ...REMARK_FIELD_NAMES]);

const STEP_EVENTS = new Set(['approved', 'rejected']);

/** What the policy reads of a stored appointment. */
export function recordOf(
  row: { user_id: number | null; company_id: number | null; created_by: number | null; status: string },
  stepTaken: boolean,
): AppointmentRecord {
  return { userId: row.user_id, companyId: row.company_id, createdBy: row.created_by, status: row.status, stepTaken };
}

/** The stored row locked for a change, or 404 when it does not exist or the actor may not read it. */
export async function lockReadable(tx: Executor, actor: Actor, id: number) {
  const row = await repository.lockAppointment(tx, id);
  if (!row || !mayReadAppointment(actor, { userId: row.user_id, companyId: row.company_id }))
    throw notFound('appointments.not_found', 'Appointment');
  return { row, record: recordOf(row, await repository.hasApprovalStep(tx, id)) };
}

/** The common optional columns of both create calls. */
function detailsColumns(input: TCreateOrderlyRoomAppointment): AppointmentChanges {
  return {
    contact_number: input.contact_number ?? null,
    notes: input.notes ?? null,
    additional_details: input.additional_details ?? null,
    purpose: input.purpose ?? null,
    remarks: input.remarks ?? null,
    preferred_date: input.preferred_date ?? null,
    whatsapp_enabled: input.whatsapp_enabled ?? false,
    ...(input.whatsapp_language ? { whatsapp_language: input.whatsapp_language } : {}),
  };
}

function assertMayFile(
  actor: Actor,
  request: { userId: number; companyId: number; personCompanyId: number | null },
): void {
  if (!mayFileAppointment(actor, request)) {
    throw request.userId === actor.userId
      ? forbidden(
          'appointments.file_in_own_company_only',
          'You can file a request for yourself only in your own company',
        )
      : forbidden(
          'appointments.file_for_self_only',
          'You can file requests only for yourself; a clerk files them for the people of their company',
        );
  }
}

export function createAppointmentsService(context: AppContext, people: AppointmentPeople) {
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

  /** The requester, the company and the booking of a new appointment, checked in the transaction. */
  async function newAppointmentColumns(
    tx: Executor,
    actor: Actor,
    input: TCreateOrderlyRoomAppointment,
    defaultDate: string,
  ) {
    await people.assertCompanyExists(input.company_id!, tx);
    const { user, columns } = await people.requesterColumns(input.user_id!, tx);
    assertMayFile(actor, { userId: user.id, companyId: input.company_id!, personCompanyId: user.company_id });
    const appointmentDate = input.appointment_date ?? defaultDate;
    return {
      ...columns,
      ...detailsColumns(input),
      company_id: input.company_id!,
      phone_number: input.phone_number ?? columns.phone_number ?? null,
      badge_number: input.badge_number ?? columns.badge_number ?? null,
      appointment_date: appointmentDate,
      appointment_time: input.appointment_time ?? DEFAULT_APPOINTMENT_TIME,
      original_request_date: appointmentDate,
      status: INITIAL_APPOINTMENT_STATUS,
      created_by: actor.userId,
    };
  }

  async function created(
    tx: Executor,
    actor: Actor,
    row: AppointmentRow,
    ip: string | null,
    extra: { remark?: string | null; role: RemarkRole | null },
  ) {
    await recordEvent(tx, row.id, actor, {
      event: 'created',
      to_status: row.status,
      remark: extra.remark ?? null,
      role: extra.remark ? extra.role : null,
    });
    await audit(tx, {
      actorId: actor.userId,
      action: 'appointment.create',
      entityType: 'appointment',
      entityId: row.id,
      outcome: 'success',
      ip,
      details: {
        request_type: row.request_type,
        user_id: row.user_id,
        company_id: row.company_id,
        appointment_date: row.appointment_date,
      },
    });
    return detail(actor, row.id, tx);
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

    /** Orderly room (section 2.5): company and user required, a phone (sent or the user's) required. */
    async createOrderlyRoom(
      actor: Actor,
      input: TCreateOrderlyRoomAppointment,
      ip: string | null,
    ): Promise<TAppointmentDetail> {
      assertRequired(ORDERLY_ROOM_REQUIRED_FIELDS, ORDERLY_ROOM_REQUIRED_MESSAGE, input);
      assertNotPast('appointment_date', 'Appointment date', input.appointment_date);
      assertNotPast('preferred_date', 'Preferred date', input.preferred_date);
      return db.transaction(async (tx) => {
        const columns = await newAppointmentColumns(tx, actor, input, input.preferred_date ?? today());
        if (!columns.phone_number)
          throw invalidField('phone_number', 'appointments.phone_required', {}, 'Phone number is required');
        const row = await repository.insertAppointment(tx, {
          ...columns,
          request_type: input.request_type ?? ORDERLY_ROOM_REQUEST_TYPE,
          is_leave_appointment: false,
        });
        return created(tx, actor, row, ip, { role: null });
      });
    },

    /** Leave request (section 2.4): the form's required fields, dates in order, remarks by role. */
    async createLeave(actor: Actor, input: TCreateLeaveAppointment, ip: string | null): Promise<TAppointmentDetail> {
      assertRequired(LEAVE_REQUIRED_FIELDS, LEAVE_REQUIRED_MESSAGE, input);
      assertLeaveDatesInOrder(input.leave_start_date, input.leave_end_date);
      assertNotPast('appointment_date', 'Appointment date', input.appointment_date);
      return db.transaction(async (tx) => {
        const role = remarkRoleFor(actor, { companyId: input.company_id! });
        const forward = input.forward_to_officer
          ? fileAndForwardOutcome(actor, { userId: input.user_id!, companyId: input.company_id! })
          : null;
        if (forward && !forward.ok) throw forbidden('appointments.forward_forbidden', forward.message);
        const remarks = remarkChanges(input, {}, role);
        const columns = await newAppointmentColumns(tx, actor, input, today());
        const counters = Object.fromEntries(LEAVE_COUNTERS.map((name) => [name, input[name] ?? 0]));
        const row = await repository.insertAppointment(tx, {
          ...columns,
          ...counters,
          ...remarks,
          request_type: input.request_type ?? LEAVE_REQUEST_TYPE,
          is_leave_appointment: true,
          leave_type: input.leave_type!,
          leave_start_date: input.leave_start_date!,
          leave_end_date: input.leave_end_date!,
          leave_reason: input.leave_reason!,
          date_of_joining: input.date_of_joining ?? null,
        });
        const ownRemark = remarkFieldOf(role);
        const filed = await created(tx, actor, row, ip, { role, remark: ownRemark ? remarks[ownRemark] : null });
        if (!forward?.ok) return filed;
        // The clerk's remark went in with the filing; her step records only the move to the officer.
        await recordApprovalStep(tx, actor, {
          id: row.id,
          from: row.status,
          to: forward.to,
          role: 'clerk',
          decision: 'approve',
          remark: null,
          ip,
        });
        return detail(actor, row.id, tx);
      });
    },

    /**
     * PUT /appointments/{id} and /appointments/leave/{id}: only what is sent, and of that only what
     * differs from the stored row, is written. `leave` also takes the leave fields and refuses an
     * orderly-room appointment (409).
     */
    async update(
      actor: Actor,
      id: number,
      input: TUpdateLeaveAppointment,
      ip: string | null,
      options: { leave: boolean },
    ): Promise<TAppointmentDetail> {
      const sent = input as Input;
      return db.transaction(async (tx) => {
        const { row, record } = await lockReadable(tx, actor, id);
        if (options.leave && !row.is_leave_appointment) {
          throw new AppError(
            'appointments.not_a_leave_request',
            {},
            'This is an orderly-room appointment, not a leave request; edit it with PUT /api/appointments/{id}',
          );
        }
        const stored = row as unknown as Input;
        const changes: Input = {};
        for (const column of [...EDITABLE_COLUMNS, ...(options.leave ? LEAVE_COLUMNS : [])]) {
          if (sent[column] !== undefined) changes[column] = sent[column];
        }
        if (input.company_id !== undefined && input.company_id !== row.company_id) {
          await people.assertCompanyExists(input.company_id, tx);
          changes.company_id = input.company_id;
        }
        let personCompanyId: number | null | undefined;
        if (input.user_id !== undefined && input.user_id !== row.user_id) {
          // A different person: their details replace the old ones, except what the form sent itself.
          const { user, columns } = await people.requesterColumns(input.user_id, tx);
          personCompanyId = user.company_id;
          for (const [column, value] of Object.entries(columns)) {
            if (changes[column] === undefined || changes[column] === null) changes[column] = value;
          }
        }
        if (changes.company_id !== undefined || changes.user_id !== undefined) {
          // Moving a request to another person or company: the actor must be one who may file it there.
          const userId = (changes.user_id ?? row.user_id) as number | null;
          const companyId = (changes.company_id ?? row.company_id) as number;
          if (userId === null) {
            // An older request about nobody on record: only administrators, who file for anyone, move it.
            if (!actsAcrossCompanies(actor))
              throw forbidden(
                'appointments.move_unnamed_admin_only',
                'Only an administrator can move a request that names no person',
              );
          } else {
            if (personCompanyId === undefined)
              personCompanyId = (await people.requesterColumns(userId, tx)).user.company_id;
            assertMayFile(actor, { userId, companyId, personCompanyId });
          }
        }

        const merged = { ...stored, ...changes };
        if (row.is_leave_appointment && options.leave) {
          const touched = Object.fromEntries(
            Object.entries(LEAVE_REQUIRED_FIELDS).filter(([field]) => field in changes),
          ) as Partial<typeof LEAVE_REQUIRED_FIELDS>;
          assertRequired(touched, LEAVE_REQUIRED_MESSAGE, merged);
          assertLeaveDatesInOrder(merged.leave_start_date as string | null, merged.leave_end_date as string | null);
        }
        if (!row.is_leave_appointment && 'phone_number' in changes && !merged.phone_number)
          throw invalidField('phone_number', 'appointments.phone_required', {}, 'Phone number is required');
        if (changes.appointment_date !== undefined && changes.appointment_date !== row.appointment_date) {
          if (changes.appointment_date === null)
            throw invalidField('appointment_date', 'appointments.date_required', {}, 'Appointment date is required');
          assertNotPast('appointment_date', 'Appointment date', changes.appointment_date as string);
          if (!row.original_request_date) changes.original_request_date = row.appointment_date;
        }
        if (changes.preferred_date !== undefined && changes.preferred_date !== row.preferred_date) {
          assertNotPast('preferred_date', 'Preferred date', changes.preferred_date as string | null);
        }
        const statusReason = input.status_reason ?? null;
        if (input.status !== undefined && input.status !== row.status) {
          if (!canChangeStatus(row.status, input.status)) {
            throw new AppError(
              'appointments.status_change_invalid',
              {},
              `An appointment that is ${row.status} cannot be changed to ${input.status}`,
              { field: 'status' },
            );
          }
          if (closesOwnRequest(actor, record, input.status)) {
            throw new AppError(
              'appointments.own_status_forbidden',
              {},
              `You cannot mark your own request ${input.status.replace(/_/g, ' ')}; someone else in the approval chain does`,
              { field: 'status' },
            );
          }
          if (!mayChangeStatusTo(actor, record, input.status)) {
            throw new AppError(
              'appointments.status_set_forbidden',
              {},
              `You cannot set this appointment to ${input.status.replace(/_/g, ' ')}: only the company's clerk or commandant, or an administrator, can`,
              { field: 'status' },
            );
          }
          if (statusChangeNeedsReason(actor) && !statusReason)
            throw invalidField(
              'status_reason',
              'appointments.status_reason_required',
              {},
              'Give the reason for setting the status by hand',
            );
          changes.status = input.status;
        }

        const role = remarkRoleFor(actor, record);
        Object.assign(changes, remarkChanges(input, row, role));

        const changed = Object.keys(changes).filter((column) => changes[column] !== stored[column]);
        if (changed.some((column) => !CHAIN_COLUMNS.has(column)) && !mayEditAppointmentDetails(actor, record)) {
          throw record.stepTaken
            ? forbidden(
                'appointments.details_locked_in_chain',
                'This request is already in the approval chain: its details no longer change; it moves on through the approval steps',
              )
            : forbidden(
                'appointments.details_edit_forbidden',
                'Only the person who filed this request, a clerk of its company or an administrator can change its details',
              );
        }
        if (changed.length === 0) return detail(actor, id, tx);
        const values = Object.fromEntries(changed.map((column) => [column, changes[column]])) as AppointmentChanges;
        await repository.updateAppointment(tx, id, values);

        if (values.status !== undefined)
          await recordEvent(tx, id, actor, {
            event: 'status_changed',
            from_status: row.status,
            to_status: values.status,
            remark: statusReason,
          });
        for (const field of REMARK_FIELD_NAMES) {
          if (field in values)
            await recordEvent(tx, id, actor, { event: 'remark_updated', remark: values[field] ?? null, role });
        }
        await audit(tx, {
          actorId: actor.userId,
          action: 'appointment.update',
          entityType: 'appointment',
          entityId: id,
          outcome: 'success',
          ip,
          details: { changed, ...(values.status !== undefined && statusReason ? { status_reason: statusReason } : {}) },
        });
        return detail(actor, id, tx);
      });
    },

    /** Administrators only (404 first for a record outside the reader's scope); the timeline goes with the row (ON DELETE CASCADE), the audit row stays. */
    async remove(actor: Actor, id: number, ip: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        const { row } = await lockReadable(tx, actor, id);
        if (!mayDeleteAppointment(actor))
          throw forbidden('appointments.delete_forbidden', 'Only an administrator can delete appointments');
        await repository.deleteAppointment(tx, id);
        await audit(tx, {
          actorId: actor.userId,
          action: 'appointment.delete',
          entityType: 'appointment',
          entityId: id,
          outcome: 'success',
          ip,
          details: {
            request_type: row.request_type,
            user_id: row.user_id,
            appointment_date: row.appointment_date,
            status: row.status,
          },
        });
      });
    },
  };
}
export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
