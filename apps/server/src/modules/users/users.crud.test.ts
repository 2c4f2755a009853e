import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
type Request = Awaited<ReturnType<TestApp['as']>>;
let asAdmin: Request;
let asViewer: Request;
let asSuperadmin: Request;
let designationId: number;

beforeAll(async () => {
  t = await createTestApp();
  asAdmin = await t.as('admin');
  asViewer = await t.as('viewer');
  asSuperadmin = await t.as('superadmin');
  designationId = (await t.buildDesignation({ name: 'Police Naik', code: 'PN' })).id;
});
afterAll(() => t.close());

let counter = 0;
/** A valid create body; each call gets its own email, phone, DGP ID and badge number. */
function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const n = String(counter).padStart(4, '0');
  return {
    first_name: 'Sachin',
    middle_name: 'Ramesh',
    last_name: 'Patil',
    email: `sachin.patil.${counter}@srpf.test`,
    phone: `98765${String(counter).padStart(5, '0')}`,
    password: 'Temp-pass-123',
    role: 'viewer',
    company_id: 1,
    designation_id: designationId,
    dgp_id: `SRPFPUN${n}`,
    badge_no: 1000 + counter,
    icard_no: `IC-${n}`,
    is_active: true,
    ...overrides,
  };
}

const create = (body: object, request: Request = asAdmin) =>
  request({ method: 'POST', url: '/api/users', payload: body });

describe('POST /api/users', () => {
  it('needs a token (401) and manage_users (403)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/users', payload: newUser() })).statusCode).toBe(401);
    const denied = await create(newUser(), asViewer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('FORBIDDEN');
  });

  it('refuses each invalid field with 400 naming it', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: undefined }, 'first_name', 'First name is required'],
      [{ first_name: 'A' }, 'first_name', 'First name must be at least 2 characters'],
      [{ last_name: 'B' }, 'last_name', 'Last name must be at least 2 characters'],
      [{ first_name: 'x'.repeat(101) }, 'first_name', 'First name must be at most 100 characters'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ phone: '98765' }, 'phone', 'Phone number must be exactly 10 digits'],
      [{ phone: '98765432101' }, 'phone', 'Phone number must be exactly 10 digits'],
      [{ phone: 9876543210 }, 'phone', 'Phone number must be text'],
      [{ password: undefined }, 'password', 'Password is required for new users'],
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ dgp_id: 'SRPF1234' }, 'dgp_id', 'DGP ID must be 7 capital letters followed by 4 digits'],
      [{ dgp_id: 'ABCDEFGH12345' }, 'dgp_id', 'DGP ID must be at most 11 characters'],
      [{ badge_no: 0 }, 'badge_no', 'Badge number must be at least 1'],
      [{ badge_no: 1.5 }, 'badge_no', 'Badge number must be a whole number'],
      [{ badge_no: 'abc' }, 'badge_no', 'Badge number must be a number'],
      [{ badge_no: 99_999_999_999 }, 'badge_no', 'Badge number is too large'],
      [{ company_id: undefined }, 'company_id', 'Company is required'],
      [{ company_id: 'x' }, 'company_id', 'Company must be a number'],
      [{ is_active: 'yes' }, 'is_active', 'is_active must be true or false'],
      [{ role: undefined }, 'role', 'Role is required'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await create(newUser(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.details, JSON.stringify(overrides)).toContainEqual({
        field,
        message,
        reason: expect.any(String),
        params: expect.any(Object),
      });
    }
    const noBody = await asAdmin({ method: 'POST', url: '/api/users' });
    expect(noBody.statusCode).toBe(400);
  });

  it('refuses unknown role, company and designation with 400 on the field', async () => {
    const role = await create(newUser({ role: 'general' }));
    expect(role.statusCode).toBe(400);
    expect(role.json().error).toMatchObject({ field: 'role', message: 'Unknown role: general' });
    const company = await create(newUser({ company_id: 999_999 }));
    expect(company.json().error).toMatchObject({ field: 'company_id', message: 'Company not found' });
    const designation = await create(newUser({ designation_id: 999_999 }));
    expect(designation.json().error).toMatchObject({ field: 'designation_id', message: 'Designation not found' });
  });

  it('creates a user with every field, normalised, and a temporary password', async () => {
    const body = newUser({
      phone: '+91 98111-22233',
      dgp_id: ' srpfdnd0042 ',
      email: 'Vijay.More@SRPF.test',
      role: undefined,
      role_name: 'Officer',
      is_active: undefined,
      active: false,
      badge_no: '77',
    });
    const response = await create(body);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('User created successfully');
    const user = response.json().data.user;
    expect(user).toMatchObject({
      first_name: 'Sachin',
      middle_name: 'Ramesh',
      last_name: 'Patil',
      full_name: 'Sachin Ramesh Patil',
      name: 'Sachin Ramesh Patil',
      email: 'vijay.more@srpf.test',
      phone_number: '9811122233',
      role: 'officer',
      role_name: 'officer',
      company_id: 1,
      company_name: 'Headquarters',
      company: { id: 1, name: 'Headquarters' },
      designation: 'Police Naik',
      designation_id: designationId,
      designation_name: 'Police Naik',
      dgp_id: 'SRPFDND0042',
      badge_no: 77,
      active: false,
      is_active: false,
      must_change_password: true,
      // None chosen yet: the default idle timeout.
      session_timeout: '1h',
      deleted_at: null,
    });
    expect(user.created_at).toBe(user.createdAt);
    expect(user).not.toHaveProperty('password_hash');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.create'), eq(auditLog.entity_id, String(user.id))));
    expect(entry).toBeDefined();
  });

  it('answers 409 naming the field for each duplicate, with the form’s texts', async () => {
    const original = newUser();
    expect((await create(original)).statusCode).toBe(201);
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ email: original.email.toUpperCase() }, 'email', 'Email already exists', 'users.email_taken'],
      [{ phone: original.phone }, 'phone', 'Phone already exists', 'users.phone_taken'],
      [{ badge_no: original.badge_no }, 'badge_no', 'Badge number already exists', 'users.badge_no_taken'],
      [{ dgp_id: original.dgp_id.toLowerCase() }, 'dgp_id', 'DGP ID already exists', 'users.dgp_id_taken'],
      [{ icard_no: original.icard_no }, 'icard_no', 'Icard number already exists', 'users.icard_no_taken'],
    ];
    for (const [overrides, field, message, reason] of cases) {
      const response = await create(newUser(overrides));
      expect(response.statusCode, field).toBe(409);
      expect(response.json().error).toEqual({ code: 'ALREADY_EXISTS', message, reason, params: {}, field });
    }
  });

  it('lets only a superadmin create a superadmin', async () => {
    const denied = await create(newUser({ role: 'superadmin' }));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('Permission denied. You cannot create superadmin users.');
    expect((await create(newUser({ role: 'superadmin' }), asSuperadmin)).statusCode).toBe(201);
  });

  it('makes the new user change the administrator-set password at first sign-in', async () => {
    const body = newUser();
    await create(body);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().must_change_password).toBe(true);
    const blocked = await t.withToken(login.json().token)({ method: 'GET', url: '/api/users/roles' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('PASSWORD_CHANGE_REQUIRED');
  });
});

describe('GET /api/users', () => {
  let companyId: number;
  beforeAll(async () => {
    companyId = (await t.buildCompany({ name: 'Group 5 Daund', code: 'G5-DAUND' })).id;
    // Addresses of their own: the default one holds the time in milliseconds, whose digits a search for
    // '502' matched now and then.
    await t.buildUser({
      first_name: 'गणेश',
      middle_name: 'बाळासाहेब',
      last_name: 'मोरे',
      company_id: companyId,
      phone_number: '9000000001',
      dgp_id: 'GANESHM0001',
      badge_no: 501,
      email: 'ganesh.more.list@srpf.test',
    });
    await t.buildUser({
      first_name: 'Amol',
      middle_name: 'Prakash',
      last_name: 'Chavan',
      company_id: companyId,
      phone_number: '9000000002',
      dgp_id: 'AMOLCHA0002',
      badge_no: 502,
      role: 'officer',
      email: 'amol.chavan.list@srpf.test',
    });
    await t.buildUser({
      first_name: 'Kavita',
      last_name: 'Bhosale',
      company_id: companyId,
      phone_number: '9000000003',
      is_active: false,
      badge_no: 503,
      email: 'kavita.bhosale.list@srpf.test',
    });
  });
  const list = (query: string, request: Request = asAdmin) => request({ method: 'GET', url: `/api/users?${query}` });

  it('needs a token (401) and manage_users (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    expect((await list('', asViewer)).statusCode).toBe(403);
  });

  it('refuses bad parameters with 400', async () => {
    for (const [query, field] of [
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['company_id=abc', 'company_id'],
      ['is_active=maybe', 'is_active'],
      ['include_deleted=1', 'include_deleted'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ]) {
      const response = await list(query!);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.field, query).toBe(field);
    }
  });

  it('answers a page with the pagination object', async () => {
    const response = await list(`company_id=${companyId}&limit=2`);
    expect(response.statusCode).toBe(200);
    expect(response.json().pagination).toEqual({
      page: 1,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasNext: true,
      hasPrev: false,
    });
    expect(response.json().data).toHaveLength(2);
    const second = await list(`company_id=${companyId}&limit=2&page=2`);
    expect(second.json().pagination).toMatchObject({ page: 2, hasNext: false, hasPrev: true });
  });

  it('filters by search (any word, any field, Devanagari too), role, status, phone and DGP ID', async () => {
    const names = async (query: string) =>
      (await list(`company_id=${companyId}&${query}`)).json().data.map((u: { full_name: string }) => u.full_name);
    expect(await names('search=amol chavan')).toEqual(['Amol Prakash Chavan']);
    expect(await names('search=CHAV')).toEqual(['Amol Prakash Chavan']);
    expect(await names(`search=${encodeURIComponent('मोरे')}`)).toEqual(['गणेश बाळासाहेब मोरे']);
    expect(await names(`search=${encodeURIComponent('गणेश मोरे')}`)).toEqual(['गणेश बाळासाहेब मोरे']);
    expect(await names('search=9000000003')).toEqual(['Kavita Bhosale']);
    expect(await names('search=ganeshm0001')).toEqual(['गणेश बाळासाहेब मोरे']);
    expect(await names('search=502')).toEqual(['Amol Prakash Chavan']);
    expect(await names('search=%25')).toEqual([]);
    expect(await names('role=officer')).toEqual(['Amol Prakash Chavan']);
    expect(await names('is_active=false')).toEqual(['Kavita Bhosale']);
    expect((await names('is_active=')).length).toBe(3);
    expect(await names('phone=%2B91%2090000%2000002')).toEqual(['Amol Prakash Chavan']);
    expect(await names('dgp_id=amolcha')).toEqual(['Amol Prakash Chavan']);
  });
});

describe('GET /api/users/{id}', () => {
  it('answers the full record to its owner and to managers, 404 to others (as if it did not exist) and when unknown', async () => {
    const owner = await t.buildUser({ first_name: 'Ganesh', last_name: 'Jadhav' });
    const token = await t.signIn(owner.email, owner.password);
    const own = await t.withToken(token)({ method: 'GET', url: `/api/users/${owner.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.user).toMatchObject({
      id: owner.id,
      first_name: 'Ganesh',
      role: 'viewer',
      company_name: 'Headquarters',
      must_change_password: false,
    });
    const hidden = await asViewer({ method: 'GET', url: `/api/users/${owner.id}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'User not found',
      reason: 'users.not_found',
      params: {},
    });
    expect((await asAdmin({ method: 'GET', url: `/api/users/${owner.id}` })).statusCode).toBe(200);
    expect((await asAdmin({ method: 'GET', url: '/api/users/2147483647' })).statusCode).toBe(404);
    expect((await asAdmin({ method: 'GET', url: '/api/users/99999999999' })).statusCode).toBe(400);
  });
});

describe('PUT /api/users/{id}', () => {
  const update = (id: number, body: object, request: Request = asAdmin) =>
    request({ method: 'PUT', url: `/api/users/${id}`, payload: body });

  it('needs a token, manage_users and a known user', async () => {
    const target = await t.buildUser();
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${target.id}`, payload: {} })).statusCode).toBe(401);
    expect((await update(target.id, { first_name: 'Rahul' }, asViewer)).statusCode).toBe(403);
    expect((await update(999_999, { first_name: 'Rahul' })).statusCode).toBe(404);
    const bad = await update(target.id, { first_name: 'R', phone_number: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: { field: string }) => d.field)).toEqual(['first_name', 'phone_number']);
    expect((await update(target.id, { role_name: 'nobody' })).json().error.field).toBe('role');
  });

  it('changes only the fields sent, under either name, and clears with null', async () => {
    const created = (await create(newUser())).json().data.user;
    const response = await update(created.id, {
      first_name: 'Rahul',
      phone_number: '9822012345',
      active: false,
      middle_name: null,
      role_name: 'executive',
      badge_no: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('User updated successfully');
    expect(response.json().data.user).toMatchObject({
      first_name: 'Rahul',
      middle_name: null,
      last_name: 'Patil',
      phone_number: '9822012345',
      is_active: false,
      role: 'executive',
      badge_no: null,
      email: created.email,
      dgp_id: created.dgp_id,
    });
  });

  it('answers 409 on a duplicate', async () => {
    const first = (await create(newUser())).json().data.user;
    const second = (await create(newUser())).json().data.user;
    const response = await update(second.id, { email: first.email });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'ALREADY_EXISTS',
      message: 'Email already exists',
      reason: 'users.email_taken',
      params: {},
      field: 'email',
    });
  });

  it('makes a password set by an administrator temporary and ends the user’s sessions', async () => {
    const target = await t.buildUser();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: target.password, token_delivery: 'body' },
    });
    expect((await update(target.id, { password: 'New-temp-pass-1' })).statusCode).toBe(200);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: login.json().refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: 'New-temp-pass-1' },
    });
    expect(again.json().must_change_password).toBe(true);
  });

  it('keeps superadmins in the hands of superadmins, and stops self-lockout', async () => {
    const superadmin = await t.buildUser({ role: 'superadmin' });
    expect((await update(superadmin.id, { first_name: 'Changed' })).statusCode).toBe(403);
    const viewer = (await create(newUser())).json().data.user;
    const promote = await update(viewer.id, { role: 'superadmin' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().error.message).toBe('Permission denied. Only a superadmin can assign the superadmin role.');
    expect((await update(viewer.id, { role: 'superadmin' }, asSuperadmin)).statusCode).toBe(200);

    const admin = await t.buildUser({ role: 'admin' });
    const self = t.withToken(await t.signIn(admin.email, admin.password));
    expect((await update(admin.id, { is_active: false }, self)).json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'You cannot deactivate your own account',
    });
    expect((await update(admin.id, { role: 'viewer' }, self)).statusCode).toBe(409);
    expect((await update(admin.id, { role: 'admin', first_name: 'Same' }, self)).statusCode).toBe(200);
  });
});

describe('DELETE /api/users/{id}', () => {
  const remove = (id: number, request: Request = asAdmin) => request({ method: 'DELETE', url: `/api/users/${id}` });

  it('needs a token, manage_users and a known user', async () => {
    const target = await t.buildUser();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${target.id}` })).statusCode).toBe(401);
    expect((await remove(target.id, asViewer)).statusCode).toBe(403);
    expect((await remove(999_999)).statusCode).toBe(404);
    expect((await asAdmin({ method: 'DELETE', url: '/api/users/x' })).statusCode).toBe(400);
  });

  it('refuses to delete yourself', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const self = t.withToken(await t.signIn(admin.email, admin.password));
    const response = await remove(admin.id, self);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('You cannot delete your own account');
  });

  it('deletes softly: no sign-in, sessions end, shown only with include_deleted, and the person can be added again', async () => {
    const body = newUser();
    const created = (await create(body)).json().data.user;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password, token_delivery: 'body' },
    });

    const response = await remove(created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'User deleted successfully' });
    expect((await remove(created.id)).statusCode).toBe(404);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    expect(signIn.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refreshToken: login.json().refreshToken },
        })
      ).statusCode,
    ).toBe(401);

    const hidden = await asAdmin({ method: 'GET', url: `/api/users?search=${body.email}` });
    expect(hidden.json().data).toEqual([]);
    const shown = await asAdmin({ method: 'GET', url: `/api/users?search=${body.email}&include_deleted=true` });
    expect(shown.json().data).toHaveLength(1);
    expect(shown.json().data[0].deleted_at).not.toBeNull();
    expect(
      (await asAdmin({ method: 'GET', url: `/api/users/${created.id}` })).json().data.user.deleted_at,
    ).not.toBeNull();
    expect(
      (await asAdmin({ method: 'PUT', url: `/api/users/${created.id}`, payload: { first_name: 'Back' } })).statusCode,
    ).toBe(404);

    const again = await create(body);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.user.id).not.toBe(created.id);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.entity_id, String(created.id))));
    expect(entry).toBeDefined();
  });

  it('leaves a superadmin to superadmins', async () => {
    const superadmin = await t.buildUser({ role: 'superadmin' });
    expect((await remove(superadmin.id)).statusCode).toBe(403);
    expect((await remove(superadmin.id, asSuperadmin)).statusCode).toBe(200);
  });
});

describe('GET /api/users/roles', () => {
  it('answers the roles to any signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/roles' })).statusCode).toBe(401);
    const response = await asViewer({ method: 'GET', url: '/api/users/roles' });
    expect(response.statusCode).toBe(200);
    const names = response.json().data.roles.map((role: { name: string }) => role.name);
    expect(names).toEqual(['superadmin', 'admin', 'executive', 'company_lead', 'officer', 'manager', 'viewer']);
    expect(response.json().data.roles[0]).toEqual({
      id: expect.any(Number),
      name: 'superadmin',
      description: expect.any(String),
    });
  });
});
