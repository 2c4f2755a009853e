import {
  DEFAULT_APPOINTMENT_TIME,
  INITIAL_APPOINTMENT_STATUS,
  LEAVE_COUNTERS,
  LEAVE_REQUEST_TYPE,
  LEAVE_REQUIRED_FIELDS,
  LEAVE_REQUIRED_MESSAGE,
  ORDERLY_ROOM_REQUEST_TYPE,
  ORDERLY_ROOM_REQUIRED_FIELDS,
  ORDERLY_ROOM_REQUIRED_MESSAGE,
  remarkFieldOf,
  remarkRoleFor,
  type Actor,
  type RemarkRole,
  type TAppointmentDetail,
  type TCreateLeaveAppointment,
  type TCreateOrderlyRoomAppointment,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { today } from '../../lib/clock.js';
import { invalidField } from '../../lib/validation.js';
import { recordEvent } from './appointments.events.js';
import { forwardTarget, forwardToOfficer } from './appointments.file-and-forward.js';
import type { AppointmentPeople } from './appointments.people.js';
import type { AppointmentsReadService } from './appointments.read.service.js';
import { assertMayFile } from './appointments.record.js';
import { remarkChanges } from './appointments.remarks.js';
import * as repository from './appointments.repository.js';
import type { AppointmentChanges, AppointmentRow } from './appointments.repository.js';
import { assertLeaveDatesInOrder, assertNotPast, assertRequired } from './appointments.validation.js';

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

/** Filing a new appointment: an orderly-room appointment or a leave request (forwarded or not). */
export function createAppointmentsCreateService(
  context: AppContext,
  people: AppointmentPeople,
  { detail }: Pick<AppointmentsReadService, 'detail'>,
) {
  const { db } = context;

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

  /** The timeline entry and the audit row of a new appointment, in its transaction. */
  async function recordCreated(
    tx: Executor,
    actor: Actor,
    row: AppointmentRow,
    ip: string | null,
    extra: { remark?: string | null; role: RemarkRole | null },
  ): Promise<void> {
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
  }

  return {
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
        await recordCreated(tx, actor, row, ip, { role: null });
        return detail(actor, row.id, tx);
      });
    },

    /** Leave request (section 2.4): the form's required fields, dates in order, remarks by role. */
    async createLeave(actor: Actor, input: TCreateLeaveAppointment, ip: string | null): Promise<TAppointmentDetail> {
      assertRequired(LEAVE_REQUIRED_FIELDS, LEAVE_REQUIRED_MESSAGE, input);
      assertLeaveDatesInOrder(input.leave_start_date, input.leave_end_date);
      assertNotPast('appointment_date', 'Appointment date', input.appointment_date);
      return db.transaction(async (tx) => {
        const role = remarkRoleFor(actor, { companyId: input.company_id! });
        const forwardTo = forwardTarget(actor, input);
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
        await recordCreated(tx, actor, row, ip, { role, remark: ownRemark ? remarks[ownRemark] : null });
        if (forwardTo) await forwardToOfficer(tx, actor, row, forwardTo, ip);
        // One detail, after the forward step when there is one.
        return detail(actor, row.id, tx);
      });
    },
  };
}
