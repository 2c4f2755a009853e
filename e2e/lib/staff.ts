import type { APIRequestContext } from '@playwright/test';
import { expect, ADMIN } from './fixtures.js';

/** The administrator's bearer header, from signing in through the API. */
export async function bearer(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: ADMIN });
  expect(response.status(), await response.text()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/** A person as the administrator's user form sends them (POST /api/users); a viewer of company 1 unless told. */
export interface NewStaffMember {
  first_name: string;
  middle_name?: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  role?: string;
  company_id?: number;
  dgp_id?: string;
  whatsapp_enabled?: boolean;
  whatsapp_language?: 'en' | 'mr' | 'hi';
}

/**
 * Creates the people as an administrator does (`admin`: their bearer header), one after another, and
 * fails with the server's answer unless each is created (201). A number an administrator sets counts
 * as verified by the administrator.
 */
export async function createStaffMembers(
  request: APIRequestContext,
  admin: Record<string, string>,
  people: readonly NewStaffMember[],
): Promise<void> {
  for (const person of people) {
    const created = await request.post('/api/users', {
      headers: admin,
      data: { role: 'viewer', company_id: 1, ...person },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
}
