import type {
  ApprovalRole,
  TAppointmentResponse,
  TCompanyResponse,
  TDesignationResponse,
  TUserResponse,
} from '@srpf/shared';
import { ApiSession } from '@srpf/test-kit';
import { ADMIN } from './server.js';

export type { ApprovalRole };

/**
 * Test set-up for the appointment tests through the product's own API: people with the roles and
 * designations the approval chain reads, and appointments booked on the server's clock (dates today
 * or later in Asia/Kolkata). What a test checks it still checks on the screens.
 */

/** The default company every fresh database has (the spec's company_id 1). */
export const HEADQUARTERS = { id: 1, name: 'Headquarters' };

/** Today in the force's time zone (the server's "today"), YYYY-MM-DD. */
export function todayInKolkata(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

export function addDays(date: string, days: number): string {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

/** 2026-04-23 as the screens write it: 23/04/2026. */
export function dayFirst(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** A short run of letters no other test uses, for names and search words. */
export function uniqueWord(prefix: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = '';
  for (let i = 0; i < 6; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return `${prefix}${word}`;
}

/** Ten digits starting with 9, different on every call. */
export function uniquePhone(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

export interface Person {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  fullName: string;
  phone: string;
}

/** The product's API as one signed-in person. */
export class AppointmentsApi {
  private constructor(
    private readonly server: { baseUrl: string },
    private readonly session: ApiSession,
  ) {}

  static async signIn(
    server: { baseUrl: string },
    email = ADMIN.email,
    password = ADMIN.password,
  ): Promise<AppointmentsApi> {
    return new AppointmentsApi(server, await ApiSession.signIn(server.baseUrl, { email, password }));
  }

  /** The bearer header of this person, for calls a test makes itself. */
  get headers(): Record<string, string> {
    return this.session.headers;
  }

  /**
   * A person created by the administrator. With `signsIn`, also given their own password the way the
   * first sign-in asks for it (an administrator-set password must be changed before anything else).
   * `designation` creates a designation of that name (with `approvalRole`, else the server's default
   * for the name: 'Clerk' a clerk, 'Commandant' a commandant) and gives it to the person: the approval
   * chain reads the designation record's approval role, never the free text.
   */
  async createPerson(options: {
    role: string;
    designation?: string;
    approvalRole?: ApprovalRole;
    designationId?: number;
    /** The person's company; the headquarters unless given. */
    companyId?: number;
    firstName?: string;
    lastName?: string;
    signsIn?: boolean;
  }): Promise<Person> {
    const designationId =
      options.designationId ??
      (options.designation ? await this.createDesignation(options.designation, options.approvalRole) : undefined);
    const firstName = options.firstName ?? uniqueWord('Test');
    const lastName = options.lastName ?? uniqueWord('Person');
    const email = `${firstName}.${lastName}@srpf.test`.toLowerCase();
    const phone = uniquePhone();
    const initial = `Initial-${uniqueWord('pw')}-2026`;
    const body = await this.session.post<TUserResponse>('/api/users', {
      first_name: firstName,
      last_name: lastName,
      email,
      phone,
      password: initial,
      role: options.role,
      company_id: options.companyId ?? HEADQUARTERS.id,
      ...(designationId ? { designation_id: designationId } : {}),
    });
    const password = options.signsIn ? `Own-${uniqueWord('pw')}-2026` : initial;
    if (options.signsIn) {
      const own = await AppointmentsApi.signIn(this.server, email, initial);
      await own.session.put('/api/users/profile/password', {
        current_password: initial,
        new_password: password,
        confirm_password: password,
      });
    }
    return { id: body.data.user.id, email, password, firstName, lastName, fullName: `${firstName} ${lastName}`, phone };
  }

  /** A designation of the list (an appointment names the requester's designation from it), with the server's default approval role unless one is given. */
  async createDesignation(name: string, approvalRole?: ApprovalRole): Promise<number> {
    const body = await this.session.post<TDesignationResponse>('/api/designations', {
      name,
      code: uniqueWord('D').toUpperCase(),
      active: true,
      ...(approvalRole ? { approval_role: approvalRole } : {}),
    });
    return body.data.designation.id;
  }

  /** A company (a group of the force) of this name, with a code of its own. */
  async createCompany(name: string): Promise<{ id: number; name: string }> {
    const body = await this.session.post<TCompanyResponse>('/api/companies', {
      name,
      code: uniqueWord('C').toUpperCase(),
      active: true,
    });
    return { id: body.data.company.id, name };
  }

  /**
   * A company of its own with a clerk and an officer of the chain who both sign in, and `members` of
   * it (people who only make requests): what waits for this officer is only what the test files there.
   */
  async createChain(options: {
    officer?: { firstName?: string };
    members: { firstName: string; lastName: string }[];
  }): Promise<{ companyId: number; clerk: Person; officer: Person; members: Person[] }> {
    const companyId = (await this.createCompany(uniqueWord('Group'))).id;
    const [clerk, officer, ...members] = await Promise.all([
      this.createPerson({
        role: 'viewer',
        designation: uniqueWord('Clerk'),
        approvalRole: 'clerk',
        companyId,
        signsIn: true,
      }),
      this.createPerson({
        role: 'viewer',
        designation: uniqueWord('Officer'),
        approvalRole: 'officer',
        firstName: options.officer?.firstName,
        companyId,
        signsIn: true,
      }),
      ...options.members.map((member) => this.createPerson({ role: 'viewer', ...member, companyId })),
    ]);
    return { companyId, clerk, officer, members };
  }

  /** A leave request of `person` dated `date`, filed here and taken through the chain's clerk's step: now waiting for its officer. */
  async leaveAtOfficersStep(
    chain: { companyId: number; clerk: Person },
    person: Person,
    date: string,
  ): Promise<{ id: number }> {
    const leave = await this.createLeave(person, { appointment_date: date, company_id: chain.companyId });
    await (await AppointmentsApi.signIn(this.server, chain.clerk.email, chain.clerk.password)).approve(leave.id);
    return leave;
  }

  /** This person's approval step (POST /appointments/{id}/approve). */
  async approve(id: number): Promise<void> {
    await this.session.post(`/api/appointments/${id}/approve`, {});
  }

  /** An orderly-room request (POST /appointments); the date defaults to today. */
  async createOrderlyRoom(person: Person, fields: Record<string, unknown> = {}): Promise<{ id: number }> {
    const body = await this.session.post<TAppointmentResponse>('/api/appointments', {
      company_id: HEADQUARTERS.id,
      user_id: person.id,
      request_type: 'orderly room',
      appointment_date: todayInKolkata(),
      ...fields,
    });
    return body.data.appointment;
  }

  /** PUT /appointments/{id}: the fields sent change (a status change follows the status table). */
  async update(id: number, fields: Record<string, unknown>): Promise<void> {
    await this.session.put(`/api/appointments/${id}`, fields);
  }

  /** A leave request (POST /appointments/leave) with the required fields filled. */
  async createLeave(person: Person, fields: Record<string, unknown> = {}): Promise<{ id: number }> {
    const today = todayInKolkata();
    const body = await this.session.post<TAppointmentResponse>('/api/appointments/leave', {
      company_id: HEADQUARTERS.id,
      user_id: person.id,
      leave_type: 'leave_sick',
      leave_start_date: addDays(today, 7),
      leave_end_date: addDays(today, 9),
      leave_reason: 'Family function in the village',
      appointment_date: today,
      ...fields,
    });
    return body.data.appointment;
  }
}
