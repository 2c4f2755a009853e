import {
  approvalOutcome,
  canChangeStatus,
  DEFAULT_APPOINTMENT_TIME,
  INITIAL_APPOINTMENT_STATUS,
  LEAVE_COUNTERS,
  LEAVE_REQUEST_TYPE,
  LEAVE_REQUIRED_FIELDS,
  LEAVE_REQUIRED_MESSAGE,
  mayDeleteAppointments,
  normalisePhone,
  ORDERLY_ROOM_REQUEST_TYPE,
  ORDERLY_ROOM_REQUIRED_FIELDS,
  ORDERLY_ROOM_REQUIRED_MESSAGE,
  paginationOf,
  REMARK_FIELD_NAMES,
  remarkFieldOf,
  type RemarkRole,
  type TAppointment,
  type TAppointmentAbilities,
  type TAppointmentDetail,
  type TAppointmentListQuery,
  type TCreateLeaveAppointment,
  type TCreateOrderlyRoomAppointment,
  type TPagination,
  type TUpdateLeaveAppointment,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { today } from '../../lib/clock.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import type { AccessClaims } from '../../lib/tokens.js';
import { recordEvent } from './appointments.events.js';
import type { AppointmentPeople } from './appointments.people.js';
import { toAppointment, toTimelineEntry } from './appointments.presenter.js';
import { remarkChanges } from './appointments.remarks.js';
import * as repository from './appointments.repository.js';
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
const LEAVE_COLUMNS = ['leave_type', 'leave_start_date', 'leave_end_date', 'leave_reason', 'date_of_joining', ...LEAVE_COUNTERS] as const;

type Input = Record<string, unknown>;

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

export function createAppointmentsService(context: AppContext, people: AppointmentPeople) {
  const { db } = context;

  function abilitiesOf(actor: AccessClaims, role: RemarkRole | null): TAppointmentAbilities {
    return { remark_role: role, remark_field: remarkFieldOf(role), can_delete: mayDeleteAppointments(actor.role) };
  }

  /** The detail answer: the record, its timeline, and what this person may do with it now. */
  async function detail(actor: AccessClaims, id: number, executor: Executor = db, knownRole?: RemarkRole | null): Promise<TAppointmentDetail> {
    const view = await repository.findAppointmentView(executor, id);
    if (!view) throw notFound('Appointment');
    const events = await repository.listEvents(executor, id);
    const role = knownRole !== undefined ? knownRole : await people.remarkRoleOfActor(actor, executor);
    const status = view.appointment.status;
    return {
      ...toAppointment(view),
      timeline: events.map(toTimelineEntry),
      abilities: {
        ...abilitiesOf(actor, role),
        can_approve: approvalOutcome(role, status, 'approve').ok,
        can_reject: approvalOutcome(role, status, 'reject').ok,
      },
    };
  }

  /** The requester, the company and the booking of a new appointment, checked in the transaction. */
  async function newAppointmentColumns(tx: Executor, actor: AccessClaims, input: TCreateOrderlyRoomAppointment, defaultDate: string) {
    await people.assertCompanyExists(input.company_id!, tx);
    const { columns } = await people.requesterColumns(input.user_id!, tx);
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

  async function created(tx: Executor, actor: AccessClaims, row: AppointmentRow, ip: string | null, extra: { remark?: string | null; role: RemarkRole | null }) {
    await recordEvent(tx, row.id, actor, { event: 'created', to_status: row.status, remark: extra.remark ?? null, role: extra.remark ? extra.role : null });
    await audit(tx, {
      actorId: actor.userId,
      action: 'appointment.create',
      entityType: 'appointment',
      entityId: row.id,
      outcome: 'success',
      ip,
      details: { request_type: row.request_type, user_id: row.user_id, company_id: row.company_id, appointment_date: row.appointment_date },
    });
    return detail(actor, row.id, tx, extra.role);
  }

  return {
    detail,

    /** GET /{id}: opening an appointment about another person is a sensitive read, audited. */
    async read(actor: AccessClaims, id: number, ip: string | null): Promise<TAppointmentDetail> {
      const appointment = await detail(actor, id);
      if (appointment.user_id !== actor.userId) {
        await audit(db, { actorId: actor.userId, action: 'appointment.read', entityType: 'appointment', entityId: id, outcome: 'success', ip });
      }
      return appointment;
    },

    async abilities(actor: AccessClaims): Promise<TAppointmentAbilities> {
      return abilitiesOf(actor, await people.remarkRoleOfActor(actor, db));
    },

    async list(query: TAppointmentListQuery): Promise<{ appointments: TAppointment[]; pagination: TPagination }> {
      const { rows, total, capped } = await repository.listAppointments(
        db,
        {
          search: query.search,
          status: query.status,
          company_id: query.company_id,
          phoneDigits: query.phone_number ? normalisePhone(query.phone_number) || undefined : undefined,
          appointment_date: query.appointment_date,
          request_type: query.request_type,
          is_leave_appointment: query.is_leave_appointment,
        },
        { sortBy: query.sortBy, sortOrder: query.sortOrder },
        query.page,
        query.limit,
      );
      return { appointments: rows.map(toAppointment), pagination: paginationOf(query.page, query.limit, total, capped) };
    },

    /** Orderly room (section 2.5): company and user required, a phone (sent or the user's) required. */
    async createOrderlyRoom(actor: AccessClaims, input: TCreateOrderlyRoomAppointment, ip: string | null): Promise<TAppointmentDetail> {
      assertRequired(ORDERLY_ROOM_REQUIRED_FIELDS, ORDERLY_ROOM_REQUIRED_MESSAGE, input);
      assertNotPast('appointment_date', 'Appointment date', input.appointment_date);
      assertNotPast('preferred_date', 'Preferred date', input.preferred_date);
      return db.transaction(async (tx) => {
        const columns = await newAppointmentColumns(tx, actor, input, input.preferred_date ?? today());
        if (!columns.phone_number) throw invalidField('phone_number', 'Phone number is required');
        const row = await repository.insertAppointment(tx, { ...columns, request_type: input.request_type ?? ORDERLY_ROOM_REQUEST_TYPE, is_leave_appointment: false });
        return created(tx, actor, row, ip, { role: null });
      });
    },

    /** Leave request (section 2.4): the form's required fields, dates in order, remarks by role. */
    async createLeave(actor: AccessClaims, input: TCreateLeaveAppointment, ip: string | null): Promise<TAppointmentDetail> {
      assertRequired(LEAVE_REQUIRED_FIELDS, LEAVE_REQUIRED_MESSAGE, input);
      assertLeaveDatesInOrder(input.leave_start_date, input.leave_end_date);
      assertNotPast('appointment_date', 'Appointment date', input.appointment_date);
      return db.transaction(async (tx) => {
        const role = await people.remarkRoleOfActor(actor, tx);
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
        return created(tx, actor, row, ip, { role, remark: ownRemark ? remarks[ownRemark] : null });
      });
    },

    /**
     * PUT /appointments/{id} and /appointments/leave/{id}: only what is sent, and of that only what
     * differs from the stored row, is written. `leave` also takes the leave fields and refuses an
     * orderly-room appointment (409).
     */
    async update(actor: AccessClaims, id: number, input: TUpdateLeaveAppointment, ip: string | null, options: { leave: boolean }): Promise<TAppointmentDetail> {
      const sent = input as Input;
      return db.transaction(async (tx) => {
        const row = await repository.lockAppointment(tx, id);
        if (!row) throw notFound('Appointment');
        if (options.leave && !row.is_leave_appointment) {
          throw new AppError('CONFLICT', 'This is an orderly-room appointment, not a leave request; edit it with PUT /api/appointments/{id}');
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
        if (input.user_id !== undefined && input.user_id !== row.user_id) {
          // A different person: their details replace the old ones, except what the form sent itself.
          const { columns } = await people.requesterColumns(input.user_id, tx);
          for (const [column, value] of Object.entries(columns)) {
            if (changes[column] === undefined || changes[column] === null) changes[column] = value;
          }
        }

        const merged = { ...stored, ...changes };
        if (row.is_leave_appointment && options.leave) {
          const touched = Object.fromEntries(Object.entries(LEAVE_REQUIRED_FIELDS).filter(([field]) => field in changes)) as Partial<typeof LEAVE_REQUIRED_FIELDS>;
          assertRequired(touched, LEAVE_REQUIRED_MESSAGE, merged);
          assertLeaveDatesInOrder(merged.leave_start_date as string | null, merged.leave_end_date as string | null);
        }
        if (!row.is_leave_appointment && 'phone_number' in changes && !merged.phone_number) throw invalidField('phone_number', 'Phone number is required');
        if (changes.appointment_date !== undefined && changes.appointment_date !== row.appointment_date) {
          if (changes.appointment_date === null) throw invalidField('appointment_date', 'Appointment date is required');
          assertNotPast('appointment_date', 'Appointment date', changes.appointment_date as string);
          if (!row.original_request_date) changes.original_request_date = row.appointment_date;
        }
        if (changes.preferred_date !== undefined && changes.preferred_date !== row.preferred_date) {
          assertNotPast('preferred_date', 'Preferred date', changes.preferred_date as string | null);
        }
        if (input.status !== undefined && input.status !== row.status) {
          if (!canChangeStatus(row.status, input.status)) {
            throw new AppError('CONFLICT', `An appointment that is ${row.status} cannot be changed to ${input.status}`, { field: 'status' });
          }
          changes.status = input.status;
        }

        const role = await people.remarkRoleOfActor(actor, tx);
        Object.assign(changes, remarkChanges(input, row, role));

        const changed = Object.keys(changes).filter((column) => changes[column] !== stored[column]);
        if (changed.length === 0) return detail(actor, id, tx, role);
        const values = Object.fromEntries(changed.map((column) => [column, changes[column]])) as AppointmentChanges;
        await repository.updateAppointment(tx, id, values);

        if (values.status !== undefined) await recordEvent(tx, id, actor, { event: 'status_changed', from_status: row.status, to_status: values.status });
        for (const field of REMARK_FIELD_NAMES) {
          if (field in values) await recordEvent(tx, id, actor, { event: 'remark_updated', remark: values[field] ?? null, role });
        }
        await audit(tx, { actorId: actor.userId, action: 'appointment.update', entityType: 'appointment', entityId: id, outcome: 'success', ip, details: { changed } });
        return detail(actor, id, tx, role);
      });
    },

    /** Administrators only; the timeline goes with the row (ON DELETE CASCADE), the audit row stays. */
    async remove(actor: AccessClaims, id: number, ip: string | null): Promise<void> {
      if (!mayDeleteAppointments(actor.role)) throw forbidden('Only an administrator can delete appointments');
      await db.transaction(async (tx) => {
        const row = await repository.lockAppointment(tx, id);
        if (!row) throw notFound('Appointment');
        await repository.deleteAppointment(tx, id);
        await audit(tx, {
          actorId: actor.userId,
          action: 'appointment.delete',
          entityType: 'appointment',
          entityId: id,
          outcome: 'success',
          ip,
          details: { request_type: row.request_type, user_id: row.user_id, appointment_date: row.appointment_date, status: row.status },
        });
      });
    },
  };
}
export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
