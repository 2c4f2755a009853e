import { describe, expect, it } from 'vitest';
import type { Actor } from '@srpf/shared/access/actor';
import { fileableCompanies, mayFileForOthers, mayOfferRowReschedule, mayOpenEditForm, rowAbilities } from './abilities';
import { buildAppointment } from './test-appointment';

function actor(overrides: Partial<Actor> = {}): Actor {
  return {
    userId: 50,
    role: 'viewer',
    companyId: 3,
    overseenCompanyIds: [],
    grants: [],
    approvalRole: null,
    ...overrides,
  };
}

const ADMIN = actor({ role: 'admin', companyId: 1, approvalRole: 'commandant' });
const CLERK = actor({ approvalRole: 'clerk' });
const OFFICER = actor({ role: 'officer', approvalRole: 'officer' });

describe('the edit button', () => {
  it('shows when the details may change, else when another status or the own remark is open', () => {
    const row = buildAppointment();
    expect(mayOpenEditForm({ can_edit: true, status_choices: [], remark_field: null }, row)).toBe(true);
    expect(
      mayOpenEditForm({ can_edit: false, status_choices: ['scheduled', 'completed'], remark_field: null }, row),
    ).toBe(true);
    expect(
      mayOpenEditForm({ can_edit: false, status_choices: ['scheduled'], remark_field: 'clerk_remarks' }, row),
    ).toBe(false);
    // Outside the edit form's statuses (section 4), a choice opens nothing.
    expect(
      mayOpenEditForm({ can_edit: false, status_choices: ['scheduled', 'deferred'], remark_field: null }, row),
    ).toBe(false);
    const leave = buildAppointment({ is_leave_appointment: true });
    expect(
      mayOpenEditForm({ can_edit: false, status_choices: ['scheduled', 'completed'], remark_field: null }, leave),
    ).toBe(false);
    expect(
      mayOpenEditForm({ can_edit: false, status_choices: ['scheduled'], remark_field: 'officer_remarks' }, leave),
    ).toBe(true);
  });

  it('on a list row follows the shared policy: the filer before the first step, never after', () => {
    const mine = buildAppointment({ user_id: 50, created_by: 50, company_id: 3 });
    expect(mayOpenEditForm(rowAbilities(actor(), mine), mine)).toBe(true);
    const stepped = buildAppointment({
      user_id: 50,
      created_by: 50,
      company_id: 3,
      status: 'pending_officer',
      is_leave_appointment: true,
    });
    expect(rowAbilities(actor(), stepped)).toEqual({
      can_edit: false,
      status_choices: ['pending_officer'],
      remark_field: null,
    });
    expect(mayOpenEditForm(rowAbilities(actor(), stepped), stepped)).toBe(false);
    // Filed for them by someone else: not theirs to change.
    const filedForMe = buildAppointment({ user_id: 50, created_by: 9, company_id: 3 });
    expect(mayOpenEditForm(rowAbilities(actor(), filedForMe), filedForMe)).toBe(false);
  });

  it('on a list row is there for the clerks of its company and for administrators', () => {
    const approved = buildAppointment({ user_id: 11, created_by: 9, company_id: 3, status: 'approved' });
    expect(mayOpenEditForm(rowAbilities(CLERK, approved), approved)).toBe(true);
    expect(rowAbilities(CLERK, approved).can_edit).toBe(false);
    expect(mayOpenEditForm(rowAbilities(ADMIN, approved), approved)).toBe(true);
    expect(mayOpenEditForm(rowAbilities(actor({ approvalRole: 'clerk', companyId: 4 }), approved), approved)).toBe(
      false,
    );
    // An officer's own remark on a leave request of their company.
    const leave = buildAppointment({ company_id: 3, status: 'pending_officer', is_leave_appointment: true });
    expect(rowAbilities(OFFICER, leave).remark_field).toBe('officer_remarks');
    expect(mayOpenEditForm(rowAbilities(OFFICER, leave), leave)).toBe(true);
  });
});

describe('Reschedule on a dashboard row', () => {
  it('is offered to administrators, clerks and commandants at every status that can move', () => {
    for (const who of [ADMIN, CLERK, actor({ approvalRole: 'commandant' })]) {
      expect(mayOfferRowReschedule(who, 'pending_officer')).toBe(true);
      expect(mayOfferRowReschedule(who, 'approved')).toBe(true);
      expect(mayOfferRowReschedule(who, 'completed')).toBe(false);
    }
  });

  it('is offered to anybody else only before the first step', () => {
    expect(mayOfferRowReschedule(actor(), 'scheduled')).toBe(true);
    expect(mayOfferRowReschedule(actor(), 'pending_clerk')).toBe(true);
    expect(mayOfferRowReschedule(actor(), 'pending_officer')).toBe(false);
    expect(mayOfferRowReschedule(OFFICER, 'pending_final')).toBe(false);
    expect(mayOfferRowReschedule(actor(), 'approved')).toBe(false);
  });
});

describe('filing a request', () => {
  it('for somebody else: administrators, and clerks of their own or an overseen company', () => {
    expect(mayFileForOthers(ADMIN)).toBe(true);
    expect(mayFileForOthers(CLERK)).toBe(true);
    expect(mayFileForOthers(actor({ approvalRole: 'clerk', companyId: null, overseenCompanyIds: [7] }))).toBe(true);
    expect(mayFileForOthers(actor({ approvalRole: 'clerk', companyId: null }))).toBe(false);
    expect(mayFileForOthers(actor())).toBe(false);
    expect(mayFileForOthers(OFFICER)).toBe(false);
  });

  it("names a company of the person's scope; every company for administrators and people without one", () => {
    const companies = [{ id: 1 }, { id: 3 }, { id: 7 }];
    expect(fileableCompanies(ADMIN, companies)).toEqual(companies);
    expect(fileableCompanies(actor(), companies)).toEqual([{ id: 3 }]);
    expect(fileableCompanies(actor({ overseenCompanyIds: [7] }), companies)).toEqual([{ id: 3 }, { id: 7 }]);
    expect(fileableCompanies(actor({ companyId: null }), companies)).toEqual(companies);
  });
});
