import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES } from '../common/status.js';
import {
  approvalOutcome,
  awaitingRole,
  canChangeStatus,
  canReschedule,
  canTakeApprovalStep,
  EDIT_FORM_STATUSES,
  KNOWN_LEAVE_TYPES,
  leaveDays,
  leaveTypeLabel,
  LEAVE_REQUIRED_FIELDS,
  MANUAL_STATUS_TRANSITIONS,
  missingRequiredFields,
  normaliseTime,
  remarkFieldOf,
  REMARK_ROLES,
  statusChoicesFrom,
  approvalRoleOf,
  COMMANDANT_ROLES,
} from './appointments.rules.js';
import { APPROVAL_ROLES } from '../designations/designations.rules.js';

describe('approvalRoleOf (the authorization issue)', () => {
  it('gives the admin and superadmin roles the commandant’s part whatever their designation', () => {
    expect(approvalRoleOf({ role: 'admin' })).toBe('commandant');
    expect(approvalRoleOf({ role: 'superadmin', designationApprovalRole: 'none' })).toBe('commandant');
    expect(approvalRoleOf({ role: 'admin', designationApprovalRole: 'clerk' })).toBe('commandant');
    expect(approvalRoleOf({ role: ' SuperAdmin ', designationApprovalRole: null })).toBe('commandant');
  });

  it('gives everybody else the approval role of their designation record', () => {
    expect(approvalRoleOf({ role: 'viewer', designationApprovalRole: 'clerk' })).toBe('clerk');
    expect(approvalRoleOf({ role: 'company_lead', designationApprovalRole: 'officer' })).toBe('officer');
    expect(approvalRoleOf({ role: 'viewer', designationApprovalRole: 'commandant' })).toBe('commandant');
  });

  it('grants nothing for none, no designation, an unknown value or another role name', () => {
    expect(approvalRoleOf({ role: 'viewer', designationApprovalRole: 'none' })).toBeNull();
    expect(approvalRoleOf({ role: 'viewer', designationApprovalRole: null })).toBeNull();
    expect(approvalRoleOf({ role: 'viewer', designationApprovalRole: 'Commandant' })).toBeNull();
    expect(approvalRoleOf({})).toBeNull();
    // Role names that used to count through their text count no more.
    for (const role of ['officer', 'executive', 'company_lead', 'manager', 'administrator', 'admin_clerk']) {
      expect(approvalRoleOf({ role, designationApprovalRole: 'none' }), role).toBeNull();
    }
  });

  it('knows the same roles as a designation’s approval roles, less none', () => {
    expect(APPROVAL_ROLES.filter((role) => role !== 'none')).toEqual([...REMARK_ROLES]);
    expect([...COMMANDANT_ROLES]).toEqual(['superadmin', 'admin']);
  });

  it('maps each role to its one remark field', () => {
    expect(remarkFieldOf('clerk')).toBe('clerk_remarks');
    expect(remarkFieldOf('officer')).toBe('officer_remarks');
    expect(remarkFieldOf('commandant')).toBe('commandant_remarks');
    expect(remarkFieldOf(null)).toBeNull();
  });
});

describe('the status table', () => {
  it('has a row for every status and names only known statuses', () => {
    expect(Object.keys(MANUAL_STATUS_TRANSITIONS).sort()).toEqual([...APPOINTMENT_STATUSES].sort());
    for (const targets of Object.values(MANUAL_STATUS_TRANSITIONS)) {
      for (const target of targets) expect(APPOINTMENT_STATUSES).toContain(target);
    }
  });

  it('never lets an edit reach a status owned by the approval steps', () => {
    for (const [from, targets] of Object.entries(MANUAL_STATUS_TRANSITIONS)) {
      for (const owned of ['approved', 'rejected', 'pending_officer', 'pending_final']) {
        if (from !== owned) expect(targets, `${from} → ${owned}`).not.toContain(owned);
      }
    }
  });

  it('allows the edit form’s choices from a new appointment and keeps final statuses final', () => {
    for (const to of EDIT_FORM_STATUSES) expect(canChangeStatus('scheduled', to), to).toBe(true);
    expect(canChangeStatus('scheduled', 'approved')).toBe(false);
    expect(canChangeStatus('completed', 'scheduled')).toBe(false);
    expect(canChangeStatus('cancelled', 'rescheduled')).toBe(false);
    expect(canChangeStatus('rejected', 'scheduled')).toBe(false);
    expect(canChangeStatus('completed', 'completed')).toBe(true);
    expect(canChangeStatus('pending_officer', 'completed')).toBe(false);
    expect(canChangeStatus('approved', 'completed')).toBe(true);
    expect(canChangeStatus('unknown', 'scheduled')).toBe(false);
  });

  it('reschedules from every status that is not final', () => {
    const reschedulable = APPOINTMENT_STATUSES.filter(canReschedule);
    expect(reschedulable.sort()).toEqual(
      [
        'approved',
        'deferred',
        'no_show',
        'pending',
        'pending_clerk',
        'pending_final',
        'pending_officer',
        'rescheduled',
        'scheduled',
      ].sort(),
    );
  });

  it('lists the choices from a status with the current one first', () => {
    expect(statusChoicesFrom('approved')).toEqual([
      'approved',
      'completed',
      'cancelled',
      'rescheduled',
      'deferred',
      'no_show',
    ]);
    expect(statusChoicesFrom('completed')).toEqual(['completed']);
  });
});

describe('the approval chain', () => {
  it('moves a new request from clerk to officer to the final decision', () => {
    expect(approvalOutcome('clerk', 'scheduled', 'approve')).toEqual({ ok: true, to: 'pending_officer' });
    expect(approvalOutcome('clerk', 'pending', 'approve')).toEqual({ ok: true, to: 'pending_officer' });
    expect(approvalOutcome('clerk', 'pending_clerk', 'approve')).toEqual({ ok: true, to: 'pending_officer' });
    expect(approvalOutcome('officer', 'pending_officer', 'approve')).toEqual({ ok: true, to: 'pending_final' });
    for (const status of ['scheduled', 'pending', 'pending_clerk', 'pending_officer', 'pending_final']) {
      expect(approvalOutcome('commandant', status, 'approve'), status).toEqual({ ok: true, to: 'approved' });
      expect(approvalOutcome('commandant', status, 'reject'), status).toEqual({ ok: true, to: 'rejected' });
    }
  });

  it('lets each role reject only at its own step', () => {
    expect(approvalOutcome('clerk', 'scheduled', 'reject')).toEqual({ ok: true, to: 'rejected' });
    expect(approvalOutcome('officer', 'pending_officer', 'reject')).toEqual({ ok: true, to: 'rejected' });
    expect(approvalOutcome('clerk', 'pending_officer', 'reject')).toMatchObject({ ok: false, reason: 'forbidden' });
  });

  it('refuses another role’s step with forbidden', () => {
    expect(approvalOutcome('clerk', 'pending_officer', 'approve')).toMatchObject({
      ok: false,
      reason: 'forbidden',
      message: expect.stringContaining('officer'),
    });
    expect(approvalOutcome('clerk', 'pending_final', 'approve')).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(approvalOutcome('officer', 'scheduled', 'approve')).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(approvalOutcome('officer', 'pending_final', 'approve')).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(approvalOutcome(null, 'scheduled', 'approve')).toMatchObject({ ok: false, reason: 'forbidden' });
  });

  it('refuses with conflict outside the pending group', () => {
    for (const status of ['approved', 'rejected', 'completed', 'cancelled', 'rescheduled', 'no_show', 'deferred']) {
      expect(approvalOutcome('commandant', status, 'approve'), status).toMatchObject({ ok: false, reason: 'conflict' });
      expect(approvalOutcome('clerk', status, 'reject'), status).toMatchObject({ ok: false, reason: 'conflict' });
    }
  });

  it('says whose turn it is', () => {
    expect(awaitingRole('scheduled')).toBe('clerk');
    expect(awaitingRole('pending_clerk')).toBe('clerk');
    expect(awaitingRole('pending_officer')).toBe('officer');
    expect(awaitingRole('pending_final')).toBe('commandant');
    expect(awaitingRole('approved')).toBeNull();
    expect(canTakeApprovalStep('officer', 'pending_officer')).toBe(true);
    expect(canTakeApprovalStep('officer', 'pending_final')).toBe(false);
  });
});

describe('form helpers', () => {
  it('lists the leave form’s empty required fields in order', () => {
    expect(missingRequiredFields(LEAVE_REQUIRED_FIELDS, {})).toHaveLength(6);
    expect(
      missingRequiredFields(LEAVE_REQUIRED_FIELDS, {
        company_id: 1,
        user_id: 2,
        leave_type: ' ',
        leave_start_date: '2026-11-22',
        leave_end_date: null,
        leave_reason: 'x',
      }),
    ).toEqual([
      { field: 'leave_type', message: 'Leave type is required' },
      { field: 'leave_end_date', message: 'End date is required' },
    ]);
  });

  it('normalises times and refuses impossible ones', () => {
    expect(normaliseTime('09:30')).toBe('09:30:00');
    expect(normaliseTime('12:00:00')).toBe('12:00:00');
    expect(normaliseTime('24:00')).toBeNull();
    expect(normaliseTime('9:30')).toBeNull();
    expect(normaliseTime('noon')).toBeNull();
  });

  it('labels the two known leave types in Marathi and keeps free text', () => {
    expect(leaveTypeLabel('leave_sick')).toBe('गैरहजेरीतून हजर');
    expect(leaveTypeLabel('leave_absent')).toBe('आजारपणातून हजर');
    expect(leaveTypeLabel('Earned leave')).toBe('Earned leave');
    expect(leaveTypeLabel(null)).toBe('');
  });

  it('knows the kinds of leave of the Maharashtra Civil Services (Leave) Rules a force grants, and the spec’s two', () => {
    expect(KNOWN_LEAVE_TYPES).toEqual([
      'leave_earned',
      'leave_half_pay',
      'leave_commuted',
      'leave_casual',
      'leave_medical',
      'leave_maternity',
      'leave_paternity',
      'leave_special_casual',
      'leave_sick',
      'leave_absent',
    ]);
    expect(leaveTypeLabel('leave_earned')).toBe('Earned leave');
    expect(leaveTypeLabel('leave_special_casual')).toBe('Special casual leave');
  });

  it('counts the days of a leave with both ends, and none for dates out of order', () => {
    expect(leaveDays('2026-11-23', '2026-11-23')).toBe(1);
    expect(leaveDays('2026-11-23', '2026-11-27')).toBe(5);
    expect(leaveDays('2026-02-27', '2026-03-02')).toBe(4);
    // Across the change to 2027, and a leap year's February.
    expect(leaveDays('2026-12-30', '2027-01-02')).toBe(4);
    expect(leaveDays('2028-02-28', '2028-03-01')).toBe(3);
    expect(leaveDays('2026-11-27', '2026-11-23')).toBeNull();
    expect(leaveDays('2026-11-23', '')).toBeNull();
  });
});
