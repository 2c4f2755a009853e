import { describe, expect, it } from 'vitest';
import {
  editFormStatusChoices,
  leaveEditValues,
  orderlyRoomUpdate,
  statusReasonNeeded,
  withStatusReason,
  type EditAbilities,
} from './edit-form';
import { leaveValues, orderlyRoomValues } from './form-payload';
import { buildAppointment } from './test-appointment';

function abilities(overrides: Partial<EditAbilities> = {}): EditAbilities {
  return {
    can_edit: true,
    status_choices: ['scheduled', 'completed', 'cancelled', 'rescheduled', 'no_show', 'pending'],
    status_reason_required: false,
    remark_role: null,
    remark_field: null,
    ...overrides,
  };
}

describe('the statuses the edit form offers', () => {
  it("are the server's choices within the spec's edit statuses, the current one first", () => {
    expect(editFormStatusChoices(abilities(), 'scheduled')).toEqual([
      'scheduled',
      'completed',
      'cancelled',
      'rescheduled',
    ]);
    expect(editFormStatusChoices(abilities({ status_choices: ['approved', 'rescheduled'] }), 'approved')).toEqual([
      'approved',
      'rescheduled',
    ]);
  });

  it('are only the current status when the server offers nothing else, or before it has answered', () => {
    expect(editFormStatusChoices(abilities({ status_choices: ['pending_officer'] }), 'pending_officer')).toEqual([
      'pending_officer',
    ]);
    expect(editFormStatusChoices({ status_choices: [] }, 'approved')).toEqual(['approved']);
  });
});

describe('the reason for a status change', () => {
  it('is needed when the abilities ask for it and the status changes', () => {
    expect(statusReasonNeeded(abilities({ status_reason_required: true }), 'scheduled', 'completed')).toBe(true);
    expect(statusReasonNeeded(abilities({ status_reason_required: true }), 'scheduled', 'scheduled')).toBe(false);
    expect(statusReasonNeeded(abilities({ status_reason_required: false }), 'scheduled', 'completed')).toBe(false);
    expect(statusReasonNeeded(undefined, 'scheduled', 'completed')).toBe(false);
  });

  it('travels as status_reason, trimmed, only with a status', () => {
    expect(withStatusReason({ status: 'completed' }, '  Came on the wrong day ', true)).toEqual({
      status: 'completed',
      status_reason: 'Came on the wrong day',
    });
    expect(withStatusReason({ notes: 'x' }, 'why', true)).toEqual({ notes: 'x' });
    expect(withStatusReason({ status: 'completed' }, 'why', false)).toEqual({ status: 'completed' });
  });
});

describe('saving the orderly-room edit form', () => {
  const appointment = buildAppointment();

  it("sends the changed fields, with the reason of an administrator's status change", () => {
    const values = { ...orderlyRoomValues(appointment), status: 'completed', notes: 'Seen by the commandant' };
    expect(
      orderlyRoomUpdate(values, appointment, abilities({ status_reason_required: true }), 'Heard on 25/11'),
    ).toEqual({
      kind: 'update',
      payload: { status: 'completed', notes: 'Seen by the commandant', status_reason: 'Heard on 25/11' },
    });
  });

  it("refuses an administrator's status change without a reason", () => {
    const values = { ...orderlyRoomValues(appointment), status: 'cancelled' };
    expect(orderlyRoomUpdate(values, appointment, abilities({ status_reason_required: true }), '   ')).toEqual({
      kind: 'reasonMissing',
    });
    // Nobody else gives one, and nobody gives one when the status stays.
    expect(orderlyRoomUpdate(values, appointment, abilities(), '')).toEqual({
      kind: 'update',
      payload: { status: 'cancelled' },
    });
    expect(
      orderlyRoomUpdate(
        { ...orderlyRoomValues(appointment), notes: 'n' },
        appointment,
        abilities({ status_reason_required: true }),
        '',
      ),
    ).toEqual({ kind: 'update', payload: { notes: 'n' } });
  });

  it('sends only the status when the details are locked, whatever the disabled fields hold', () => {
    const approved = buildAppointment({ status: 'approved' });
    const typed = {
      ...orderlyRoomValues(approved),
      status: 'completed',
      notes: 'changed',
      phone_number: '9000000000',
      company_id: '9',
    };
    expect(
      orderlyRoomUpdate(typed, approved, abilities({ can_edit: false, status_choices: ['approved', 'completed'] }), ''),
    ).toEqual({ kind: 'update', payload: { status: 'completed' } });
    expect(orderlyRoomUpdate({ ...typed, status: 'approved' }, approved, abilities({ can_edit: false }), '')).toEqual({
      kind: 'update',
      payload: {},
    });
  });

  it('reschedules automatically (no reason: it is not a status set by hand) when Rescheduled keeps the date', () => {
    const values = { ...orderlyRoomValues(appointment), status: 'rescheduled', notes: 'Moved at his request' };
    expect(orderlyRoomUpdate(values, appointment, abilities({ status_reason_required: true }), '')).toEqual({
      kind: 'autoReschedule',
      payload: { notes: 'Moved at his request' },
    });
  });
});

describe('saving the leave edit form with the details locked', () => {
  const today = '2026-11-24';
  const leave = buildAppointment({
    is_leave_appointment: true,
    request_type: 'leave related',
    leave_type: 'leave_sick',
    leave_start_date: '2026-12-01',
    leave_end_date: '2026-12-03',
    leave_reason: 'Fever',
    status: 'pending_officer',
  });

  it("keeps the stored details and takes only the person's own remark", () => {
    const typed = {
      ...leaveValues(leave, today),
      leave_reason: 'Changed',
      officer_remarks: '<p>Recommended</p>',
      clerk_remarks: '<p>Not mine</p>',
    };
    const sent = leaveEditValues(typed, leave, { can_edit: false, remark_field: 'officer_remarks' }, today);
    expect(sent).toEqual({ ...leaveValues(leave, today), officer_remarks: '<p>Recommended</p>' });
  });

  it('sends what was typed while the details may change', () => {
    const typed = { ...leaveValues(leave, today), leave_reason: 'Changed' };
    expect(leaveEditValues(typed, leave, { can_edit: true, remark_field: null }, today)).toBe(typed);
  });
});
