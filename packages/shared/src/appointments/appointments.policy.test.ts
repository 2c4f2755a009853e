import { describe, expect, it } from 'vitest';
import type { Actor } from '../access/actor.js';
import {
  appointmentReadScope,
  chainRoleIn,
  fileAndForwardOutcome,
  filesRequestsForOthers,
  mayChangeStatusTo,
  mayCloseAppointment,
  mayDeleteAppointment,
  mayEditAppointmentDetails,
  mayFileAppointment,
  mayReadAppointment,
  mayRescheduleAppointment,
  statusChangeNeedsReason,
  statusChoicesFor,
  type AppointmentRecord,
} from './appointments.policy.js';

const A = 1;
const B = 2;
const person = (overrides: Partial<Actor> = {}): Actor => ({
  userId: 10,
  role: 'viewer',
  companyId: A,
  overseenCompanyIds: [],
  grants: [],
  approvalRole: null,
  ...overrides,
});
const clerkA = person({ userId: 20, approvalRole: 'clerk' });
const officerA = person({ userId: 30, approvalRole: 'officer' });
const commandantA = person({ userId: 40, approvalRole: 'commandant' });
const clerkB = person({ userId: 50, companyId: B, approvalRole: 'clerk' });
const admin = person({ userId: 60, role: 'admin', approvalRole: 'commandant' });
const record = (overrides: Partial<AppointmentRecord> = {}): AppointmentRecord => ({
  userId: 10,
  companyId: A,
  createdBy: 10,
  status: 'scheduled',
  stepTaken: false,
  ...overrides,
});

describe('the chain role', () => {
  it('holds in the own company and the overseen ones, and administrators are commandants everywhere', () => {
    expect(chainRoleIn(clerkA, A)).toBe('clerk');
    expect(chainRoleIn(clerkA, B)).toBeNull();
    expect(chainRoleIn({ ...clerkA, overseenCompanyIds: [B] }, B)).toBe('clerk');
    expect(chainRoleIn(admin, B)).toBe('commandant');
    expect(chainRoleIn(person(), A)).toBeNull();
  });
});

describe('reading', () => {
  it('is for the person, the chain of the company, overseers and administrators', () => {
    const appointment = record({ userId: 99 });
    expect(mayReadAppointment(person({ userId: 99, companyId: B }), appointment)).toBe(true);
    expect(mayReadAppointment(clerkA, appointment)).toBe(true);
    expect(mayReadAppointment(officerA, appointment)).toBe(true);
    expect(mayReadAppointment(person({ companyId: B, overseenCompanyIds: [A] }), appointment)).toBe(true);
    expect(mayReadAppointment(admin, appointment)).toBe(true);
    expect(mayReadAppointment(person(), appointment)).toBe(false);
    expect(mayReadAppointment(clerkB, appointment)).toBe(false);
  });

  it('gives the query a scope: all, or oneself and the chain’s companies', () => {
    expect(appointmentReadScope(admin)).toBe('all');
    expect(appointmentReadScope(person())).toEqual({ selfId: 10, companyIds: [] });
    expect(appointmentReadScope({ ...clerkA, overseenCompanyIds: [B] })).toEqual({ selfId: 20, companyIds: [A, B] });
  });
});

describe('filing', () => {
  it('is for oneself in one’s company, a clerk for the people of theirs, administrators for anyone', () => {
    expect(mayFileAppointment(person(), { userId: 10, companyId: A, personCompanyId: A })).toBe(true);
    expect(mayFileAppointment(person(), { userId: 10, companyId: B, personCompanyId: A })).toBe(false);
    expect(mayFileAppointment(person(), { userId: 11, companyId: A, personCompanyId: A })).toBe(false);
    expect(mayFileAppointment(person({ companyId: null }), { userId: 10, companyId: B, personCompanyId: null })).toBe(
      true,
    );
    expect(mayFileAppointment(clerkA, { userId: 11, companyId: A, personCompanyId: A })).toBe(true);
    expect(mayFileAppointment(clerkA, { userId: 11, companyId: A, personCompanyId: B })).toBe(false);
    expect(mayFileAppointment(officerA, { userId: 11, companyId: A, personCompanyId: A })).toBe(false);
    expect(mayFileAppointment(admin, { userId: 11, companyId: B, personCompanyId: A })).toBe(true);
  });
});

describe('editing, closing and moving', () => {
  it('lets the filer, a clerk of the company or an admin edit until a step is taken', () => {
    expect(mayEditAppointmentDetails(person(), record())).toBe(true);
    expect(mayEditAppointmentDetails(clerkA, record())).toBe(true);
    expect(mayEditAppointmentDetails(admin, record())).toBe(true);
    expect(mayEditAppointmentDetails(officerA, record())).toBe(false);
    expect(mayEditAppointmentDetails(person({ userId: 10 }), record({ createdBy: 20 }))).toBe(false);
    for (const actor of [person(), clerkA, admin]) {
      expect(mayEditAppointmentDetails(actor, record({ stepTaken: true }))).toBe(false);
      for (const status of ['completed', 'cancelled', 'rejected'])
        expect(mayEditAppointmentDetails(actor, record({ status }))).toBe(false);
    }
  });

  it('gives closing to the clerk and the commandant of the company and to administrators', () => {
    expect(mayCloseAppointment(clerkA, record())).toBe(true);
    expect(mayCloseAppointment(commandantA, record())).toBe(true);
    expect(mayCloseAppointment(admin, record())).toBe(true);
    expect(mayCloseAppointment(officerA, record())).toBe(false);
    expect(mayCloseAppointment(clerkB, record())).toBe(false);
    expect(mayChangeStatusTo(person(), record(), 'cancelled')).toBe(false);
    expect(mayChangeStatusTo(person(), record(), 'rescheduled')).toBe(true);
    expect(mayChangeStatusTo(clerkA, record(), 'completed')).toBe(true);
    expect(mayChangeStatusTo(clerkA, record({ status: 'completed' }), 'scheduled')).toBe(false);
  });

  it('offers each the statuses they may set, the current one first', () => {
    expect(statusChoicesFor(person(), record())).toEqual([
      'scheduled',
      'pending',
      'pending_clerk',
      'rescheduled',
      'deferred',
    ]);
    expect(statusChoicesFor(clerkA, record())).toEqual([
      'scheduled',
      'pending',
      'pending_clerk',
      'completed',
      'cancelled',
      'rescheduled',
      'deferred',
      'no_show',
    ]);
    expect(statusChoicesFor(person(), record({ status: 'approved', stepTaken: true }))).toEqual(['approved']);
  });

  it('moves an approved request only by the clerk, the commandant or an admin', () => {
    const approved = record({ status: 'approved', stepTaken: true });
    expect(mayRescheduleAppointment(person(), approved)).toBe(false);
    expect(mayRescheduleAppointment(clerkA, approved)).toBe(true);
    expect(mayRescheduleAppointment(person(), record())).toBe(true);
    expect(mayRescheduleAppointment(admin, record({ status: 'completed' }))).toBe(false);
    // A no-show or a deferral the clerk set is not undone by the filer.
    for (const status of ['no_show', 'deferred']) {
      expect(mayRescheduleAppointment(person(), record({ status })), status).toBe(false);
      expect(mayRescheduleAppointment(clerkA, record({ status })), status).toBe(true);
      expect(statusChoicesFor(person(), record({ status })), status).toEqual([status]);
    }
  });

  it('lets nobody mark their own request completed or no-show; withdrawing it stays theirs', () => {
    for (const actor of [clerkA, commandantA, admin]) {
      const own = record({ userId: actor.userId, createdBy: actor.userId });
      for (const status of ['completed', 'no_show'])
        expect(mayChangeStatusTo(actor, own, status), `${actor.userId} ${status}`).toBe(false);
      expect(mayChangeStatusTo(actor, own, 'cancelled')).toBe(true);
      expect(statusChoicesFor(actor, own)).not.toContain('completed');
      expect(statusChoicesFor(actor, own)).not.toContain('no_show');
    }
    // Someone else in the chain closes it.
    expect(mayChangeStatusTo(commandantA, record({ userId: clerkA.userId }), 'completed')).toBe(true);
    expect(mayChangeStatusTo(admin, record({ userId: commandantA.userId }), 'no_show')).toBe(true);
  });

  it('asks administrators for a reason and leaves deleting to them', () => {
    expect(statusChangeNeedsReason(admin)).toBe(true);
    expect(statusChangeNeedsReason(clerkA)).toBe(false);
    expect(mayDeleteAppointment(admin)).toBe(true);
    expect(mayDeleteAppointment(commandantA)).toBe(false);
  });
});

describe('file and forward to the officer', () => {
  it('is the filing clerk’s own step: pending_officer for a person of her company', () => {
    expect(fileAndForwardOutcome(clerkA, { userId: 10, companyId: A })).toEqual({ ok: true, to: 'pending_officer' });
  });

  it('is refused to other roles, other companies and the clerk’s own request', () => {
    for (const actor of [officerA, commandantA, admin, person()])
      expect(fileAndForwardOutcome(actor, { userId: 10, companyId: A })).toMatchObject({
        ok: false,
        reason: 'forbidden',
      });
    expect(fileAndForwardOutcome(clerkB, { userId: 10, companyId: A }).ok).toBe(false);
    expect(fileAndForwardOutcome(clerkA, { userId: clerkA.userId, companyId: A }).ok).toBe(false);
  });
});

describe('filing requests for colleagues as daily work', () => {
  it('is a clerk’s of the chain, not an officer’s, a commandant’s, an administrator’s or a constable’s', () => {
    expect(filesRequestsForOthers(clerkA)).toBe(true);
    expect(filesRequestsForOthers(clerkB)).toBe(true);
    for (const actor of [officerA, commandantA, admin, person()]) expect(filesRequestsForOthers(actor)).toBe(false);
  });
});
