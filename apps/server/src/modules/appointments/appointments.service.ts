import {
  actsAcrossCompanies,
  canChangeStatus,
  closesOwnRequest,
  LEAVE_COUNTERS,
  LEAVE_REQUIRED_FIELDS,
  LEAVE_REQUIRED_MESSAGE,
  mayChangeStatusTo,
  mayDeleteAppointment,
  mayEditAppointmentDetails,
  REMARK_FIELD_NAMES,
  remarkRoleFor,
  statusChangeNeedsReason,
  type Actor,
  type TAppointmentDetail,
  type TUpdateLeaveAppointment,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { invalidField } from '../../lib/validation.js';
import { createAppointmentsCreateService } from './appointments.create.service.js';
import { recordEvent } from './appointments.events.js';
import type { AppointmentPeople } from './appointments.people.js';
import { createAppointmentsReadService } from './appointments.read.service.js';
import { assertMayFile, lockReadable } from './appointments.record.js';
import { remarkChanges } from './appointments.remarks.js';
import * as repository from './appointments.repository.js';
import type { AppointmentChanges } from './appointments.repository.js';
import { assertLeaveDatesInOrder, assertNotPast, assertRequired } from './appointments.validation.js';

// The steps service locks rows the same way.
export { lockReadable, recordOf } from './appointments.record.js';

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

/**
 * The appointments service the routes call: the read side and the filing live in their own files;
 * here are the edit and the delete of a stored appointment.
 */
export function createAppointmentsService(context: AppContext, people: AppointmentPeople) {
  const { db } = context;
  const reads = createAppointmentsReadService(context, people);
  const { detail } = reads;

  return {
    ...reads,
    ...createAppointmentsCreateService(context, people, reads),

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
