import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import { auditLog, designations, users } from '../../db/schema/index.js';
import { multipartBody, type MultipartPart } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
type Request = Awaited<ReturnType<TestApp['as']>>;
let asAdmin: Request;
let companyId: number;

const HEADER = 'DESIGNATION,SEVARTH ID,FIRST NAME,MIDDLE NAME,LAST NAME,EMAIL ID,MOBILE NO';
const FIRST = ['Sachin', 'Ganesh', 'Amol', 'Vijay', 'Priya', 'Sunita'];
const LAST = ['Patil', 'Shinde', 'Jadhav', 'Pawar', 'More', 'Kale'];

/** `count` valid rows whose SEVARTH IDs, emails and phones start from `from`. */
function rows(count: number, from = 0, designation = 'Police Constable'): string[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const letters = String.fromCharCode(65 + (n % 26), 65 + (Math.floor(n / 26) % 26), 65 + (Math.floor(n / 676) % 26));
    return [
      designation,
      `SRPF${letters}${String(n % 10000).padStart(4, '0')}`,
      FIRST[n % 6],
      'Ramesh',
      LAST[n % 6],
      `person.${n}@srpf.test`,
      `9${String(n).padStart(9, '0')}`,
    ].join(',');
  });
}

function upload(
  csv: string | Buffer,
  fields: Record<string, string> = { company_id: String(companyId) },
  file: Partial<MultipartPart> = {},
  request: Request = asAdmin,
) {
  const parts: MultipartPart[] = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', filename: 'users.csv', content: csv, ...file },
  ];
  return request({ method: 'POST', url: '/api/users/import', ...multipartBody(parts) });
}

beforeAll(async () => {
  t = await createTestApp();
  asAdmin = await t.as('admin');
  companyId = (await t.buildCompany({ name: 'Group 5 Daund', code: 'G5' })).id;
  await t.buildDesignation({ name: 'Police Constable', code: 'PC' });
  await t.buildDesignation({ name: 'Head Constable', code: 'HC' });
});
afterAll(() => t.close());

describe('POST /api/users/import: access and bad requests', () => {
  it('needs a token (401) and manage_users (403)', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/import',
          ...multipartBody([{ name: 'file', filename: 'a.csv', content: HEADER }]),
        })
      ).statusCode,
    ).toBe(401);
    const asViewer = await t.as('viewer');
    expect((await upload([HEADER, ...rows(1)].join('\n'), undefined, undefined, asViewer)).statusCode).toBe(403);
  });

  it('refuses a request without a CSV file with 400', async () => {
    const json = await asAdmin({ method: 'POST', url: '/api/users/import', payload: { company_id: 1 } });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.field).toBe('file');

    const noFile = await asAdmin({
      method: 'POST',
      url: '/api/users/import',
      ...multipartBody([{ name: 'company_id', value: String(companyId) }]),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error).toMatchObject({ field: 'file', message: 'Please select a CSV file first' });

    const image = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), undefined, {
      filename: 'photo.png',
      contentType: 'image/png',
    });
    expect(image.statusCode).toBe(400);
    expect(image.json().error.message).toBe('Please select a valid CSV file');

    const otherField = await upload([HEADER, ...rows(1)].join('\n'), undefined, { name: 'document' });
    expect(otherField.json().error.message).toBe('Please select a CSV file first');
  });

  it('answers 400, not a hanging request, for a body cut short or a second file', async () => {
    const cutShort = await asAdmin({
      method: 'POST',
      url: '/api/users/import',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: `--xyz\r\nContent-Disposition: form-data; name="file"; filename="users.csv"\r\nContent-Type: text/csv\r\n\r\n${HEADER}\nClerk,SRPFCUT0001,Amol`,
    });
    expect(cutShort.statusCode).toBe(400);
    expect(cutShort.json().error).toMatchObject({
      field: 'file',
      message: 'The upload ended before the file was complete',
    });

    const twoFiles = multipartBody([
      { name: 'company_id', value: String(companyId) },
      { name: 'file', filename: 'a.csv', content: [HEADER, ...rows(1, 7000)].join('\n') },
      { name: 'file', filename: 'b.csv', content: [HEADER, ...rows(1, 7001)].join('\n') },
    ]);
    const response = await asAdmin({ method: 'POST', url: '/api/users/import', ...twoFiles });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('names the missing columns, and refuses empty or header-only files', async () => {
    const missing = await upload(
      'DESIGNATION,FIRST NAME,LAST NAME,MOBILE NO\nPolice Constable,Amol,Patil,9000000000\n',
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('missing the columns SEVARTH ID, EMAIL ID');
    expect((await upload('')).json().error.message).toContain('The CSV file is empty');
    expect((await upload(`${HEADER}\n\n`)).json().error.message).toBe('The CSV file has a header but no user rows');
    const broken = await upload(`${HEADER}\n"Police Constable,SRPFAAA0001,Amol,,Patil,a@srpf.test,9000000000\n`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toContain('could not be read');
  });

  it('checks the company and the role of the import', async () => {
    const csv = [HEADER, ...rows(1, 900)].join('\n');
    // The rule of every schema failure: the message names the field, the details list each one.
    expect((await upload(csv, {})).json().error).toMatchObject({
      field: 'company_id',
      message: 'company_id: Company is required',
      details: [{ field: 'company_id', message: 'Company is required' }],
    });
    expect((await upload(csv, { company_id: 'abc' })).json().error.field).toBe('company_id');
    expect((await upload(csv, { company_id: '999999' })).json().error).toMatchObject({
      field: 'company_id',
      message: 'Company not found',
    });
    expect((await upload(csv, { company_id: String(companyId), role: 'chief' })).json().error).toMatchObject({
      field: 'role',
      message: 'Unknown role: chief',
    });
    const superadmins = await upload(csv, { company_id: String(companyId), role: 'superadmin' });
    expect(superadmins.statusCode).toBe(403);
    const [created] = await t.database.db.select().from(users).where(eq(users.email, 'person.900@srpf.test'));
    expect(created).toBeUndefined();
  });

  it('reads fields sent after the file, and refuses more than 20,000 rows', async () => {
    const after = await asAdmin({
      method: 'POST',
      url: '/api/users/import',
      ...multipartBody([
        { name: 'file', filename: 'users.csv', content: [HEADER, ...rows(1, 5000)].join('\n') },
        { name: 'company_id', value: String(companyId) },
        { name: 'role', value: 'officer' },
      ]),
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.created).toBe(1);
    const [person] = await t.database.db.select().from(users).where(eq(users.email, 'person.5000@srpf.test'));
    expect((await asAdmin({ method: 'GET', url: `/api/users/${person!.id}` })).json().data.user.role).toBe('officer');

    const tooMany = await upload([HEADER, ...rows(20_001, 30_000)].join('\n'));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('At most 20,000 rows can be imported at once');
  });

  it('refuses a file over 5 MB with 413 and creates nobody', async () => {
    const big = [HEADER, ...rows(70_000, 100_000)].join('\n');
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const response = await upload(big);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The CSV file is too large. The largest file accepted is 5 MB.',
    });
    const [created] = await t.database.db.select().from(users).where(eq(users.email, 'person.100000@srpf.test'));
    expect(created).toBeUndefined();
  });
});

describe('POST /api/users/import: 1,000 rows', () => {
  const bad = [
    'Police Constable,SRPF1234,Amol,,Patil,bad.dgp@srpf.test,9811111111',
    'Police Constable,SRPFBAD0001,Amol,,Patil,bad.phone@srpf.test,98111',
    'Sub Divisional Officer,SRPFBAD0002,Amol,,Patil,bad.designation@srpf.test,9811111112',
    'Police Constable,SRPFBAD0003,Amol,,Patil,,9811111113',
    'Police Constable,SRPFBAD0004,A,,Patil,short.name@srpf.test,9811111114',
    'Police Constable,SRPFBAD0005,Amol,,Patil,person.0@srpf.test,9811111115',
  ];
  let first: ReturnType<typeof JSON.parse>;

  beforeAll(async () => {
    // A byte-order mark, lower-case and padded headers in another order, an extra column and a code as designation.
    const header = '\uFEFF first name ,Last Name,sevarth id,Email ID,mobile no,designation,Middle Name,REMARKS';
    const reordered = rows(1000).map((line) => {
      const [designation, dgp, firstName, middle, last, email, phone] = line.split(',');
      return [
        firstName,
        last,
        dgp!.toLowerCase(),
        email!.toUpperCase(),
        `+91 ${phone}`,
        designation === 'Police Constable' ? 'pc' : designation,
        middle,
        'x',
      ].join(',');
    });
    const badReordered = bad.map((line) => {
      const [designation, dgp, firstName, middle, last, email, phone] = line.split(',');
      return [firstName, last, dgp, email, phone, designation, middle, ''].join(',');
    });
    const response = await upload([header, ...reordered, ...badReordered].join('\r\n'));
    expect(response.statusCode).toBe(200);
    first = response.json();
  });

  it('creates every valid row and reports each bad one with its field and message', async () => {
    expect(first.data).toMatchObject({ created: 1000, failed: 6, skipped: 0 });
    expect(first.message).toBe('1000 created, 6 failed, 0 skipped');
    expect(first.data.results).toHaveLength(1006);
    expect(first.data.results[0]).toMatchObject({
      row: 2,
      name: 'Sachin Ramesh Patil',
      email: 'person.0@srpf.test',
      status: 'created',
    });
    const failures = first.data.results.filter((r: { status: string }) => r.status === 'failed');
    expect(failures.map((r: { row: number; field: string; error: string }) => [r.row, r.field, r.error])).toEqual([
      [1002, 'dgp_id', 'SEVARTH ID "SRPF1234" must be 7 capital letters followed by 4 digits'],
      [1003, 'phone', 'MOBILE NO "98111" must be exactly 10 digits'],
      [1004, 'designation', 'Unknown designation "Sub Divisional Officer"'],
      [1005, 'email', 'EMAIL ID is required'],
      [1006, 'first_name', 'FIRST NAME must be at least 2 characters'],
      [1007, 'email', 'EMAIL ID repeats line 2'],
    ]);
  });

  it('stores the people with the company, the default role, the designation, a one-time password and must_change_password', async () => {
    const stored = await t.database.db
      .select()
      .from(users)
      .where(inArray(users.email, ['person.0@srpf.test', 'person.999@srpf.test']));
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row).toMatchObject({
        company_id: companyId,
        designation: 'Police Constable',
        must_change_password: true,
        is_active: true,
      });
      expect(row.dgp_id).toMatch(/^SRPF[A-Z]{3}\d{4}$/);
      expect(row.phone_number).toMatch(/^9\d{9}$/);
      expect(row.password_hash).toMatch(/^hmac-sha256\$/);
    }
    const roleOf = await asAdmin({ method: 'GET', url: `/api/users/${stored[0]!.id}` });
    expect(roleOf.json().data.user).toMatchObject({
      role: 'viewer',
      designation_name: 'Police Constable',
      company_name: 'Group 5 Daund',
    });
    expect(first.data.passwords).toHaveLength(1000);
    const passwords = first.data.passwords.map((p: { password: string }) => p.password);
    expect(new Set(passwords).size).toBe(1000);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  });

  it('writes one audit row with the counts', async () => {
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.import'));
    expect(entries.map((e) => e.details)).toContainEqual(
      expect.objectContaining({
        created: 1000,
        failed: 6,
        skipped: 0,
        rows: 1006,
        company_id: companyId,
        role: 'viewer',
        file: 'users.csv',
      }),
    );
  });

  it('creates nothing new when the same file is imported again', async () => {
    const again = await upload([HEADER, ...rows(1000)].join('\n'));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ created: 0, failed: 0, skipped: 1000, passwords: [] });
    expect(again.json().data.results[0]).toMatchObject({
      status: 'skipped',
      field: 'email',
      error: 'Email already exists',
    });
    const [counted] = await t.database.db.select({ total: count() }).from(users).where(like(users.email, 'person.%'));
    expect(counted!.total).toBe(1001); // the 1,000 of the file and person.5000 of an earlier test
  });

  it('skips a row whose phone or SEVARTH ID already belongs to someone else', async () => {
    const response = await upload(
      [
        HEADER,
        'Head Constable,SRPFNEW0001,Rahul,,Pawar,rahul.new@srpf.test,9000000005',
        'hc,SRPFAAA0000,Rahul,,Pawar,rahul.new2@srpf.test,9811000000',
      ].join('\n'),
    );
    expect(
      response
        .json()
        .data.results.map((r: { status: string; field: string; error: string }) => [r.status, r.field, r.error]),
    ).toEqual([
      ['skipped', 'phone', 'Phone already exists'],
      ['skipped', 'dgp_id', 'DGP ID already exists'],
    ]);
  });

  it('lets an imported person in only through the password change', async () => {
    const { email, password } = first.data.passwords[10];
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(login.statusCode).toBe(200);
    expect(login.json().must_change_password).toBe(true);
    const request = t.withToken(login.json().token);
    const blocked = await request({ method: 'GET', url: '/api/users/roles' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('PASSWORD_CHANGE_REQUIRED');

    const change = await request({
      method: 'PUT',
      url: '/api/users/profile/password',
      payload: { current_password: password, new_password: 'Chosen-by-me-1', confirm_password: 'Chosen-by-me-1' },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().must_change_password).toBe(false);
    expect((await t.withToken(change.json().token)({ method: 'GET', url: '/api/users/roles' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode,
    ).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.email, email)));
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('POST /api/users/import: approval roles', () => {
  /** Signs an imported person in with their one-time password and sets their own, as the first sign-in asks. */
  async function signInImported(email: string, oneTime: string): Promise<Request> {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: oneTime } });
    const change = await t.withToken(login.json().token)({
      method: 'PUT',
      url: '/api/users/profile/password',
      payload: { current_password: oneTime, new_password: 'Chosen-by-me-2', confirm_password: 'Chosen-by-me-2' },
    });
    expect(change.statusCode).toBe(200);
    return t.withToken(change.json().token);
  }

  it('an import cannot grant an approval role', async () => {
    // An administrator's designation whose name the old text rule read as commandant, set to take no step.
    const assistant = await t.buildDesignation({ name: 'Executive Assistant', code: 'EXA', approval_role: 'none' });
    const before = await t.database.db.select().from(designations).orderBy(designations.id);

    // Designation texts that name a chain role but match no record, and extra columns asking for rights.
    const csv = [
      `${HEADER},APPROVAL ROLE,ROLE`,
      'Executive Assistant,SRPFEXA0001,Kiran,,Gawde,kiran.gawde@srpf.test,9822100001,commandant,admin',
      'Commandant,SRPFEXA0002,Ravi,,Salve,ravi.salve@srpf.test,9822100002,commandant,admin',
      'Executive Clerk,SRPFEXA0003,Asha,,Kamble,asha.kamble@srpf.test,9822100003,clerk,superadmin',
    ].join('\n');
    const response = await upload(csv);
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .data.results.map((r: { row: number; status: string; error?: string }) => [r.row, r.status, r.error]),
    ).toEqual([
      [2, 'created', undefined],
      [3, 'failed', 'Unknown designation "Commandant"'],
      [4, 'failed', 'Unknown designation "Executive Clerk"'],
    ]);

    // No designation was created or changed.
    expect(await t.database.db.select().from(designations).orderBy(designations.id)).toEqual(before);
    expect(
      (
        await t.database.db
          .select()
          .from(users)
          .where(inArray(users.email, ['ravi.salve@srpf.test', 'asha.kamble@srpf.test']))
      ).length,
    ).toBe(0);

    // The imported person holds the record, with the import's role and no remark role.
    const [kiran] = await t.database.db.select().from(users).where(eq(users.email, 'kiran.gawde@srpf.test'));
    expect(kiran).toMatchObject({ designation_id: assistant.id, designation: 'Executive Assistant' });
    expect((await asAdmin({ method: 'GET', url: `/api/users/${kiran!.id}` })).json().data.user.role).toBe('viewer');
    const { password } = response.json().data.passwords[0];
    const asKiran = await signInImported('kiran.gawde@srpf.test', password);
    expect((await asKiran({ method: 'GET', url: '/api/appointments/my-role' })).json().data).toEqual({
      remark_role: null,
      remark_field: null,
      can_delete: false,
    });
    // Their own request (in their company) they may read, but not decide.
    const appointment = await t.buildAppointment({ status: 'scheduled', user_id: kiran!.id, company_id: companyId });
    const approve = await asKiran({ method: 'POST', url: `/api/appointments/${appointment.id}/approve` });
    expect(approve.statusCode).toBe(403);
    expect(approve.json().error.message).toBe('Only a clerk, an officer or a commandant can approve appointments');
  });
});

describe('an import that fails part-way', () => {
  it('creates nobody: no account exists whose one-time password nobody saw, and the same file can be sent again', async () => {
    const file = [HEADER, ...rows(700, 50_000)].join('\n');
    const before = (await t.database.db.select({ n: count() }).from(users))[0]!.n;
    const auditsBefore = (
      await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'user.import'))
    )[0]!.n;
    // The database refuses one person of the second batch of 500, as a crash or a lost connection would stop it.
    await t.database.db.execute(sql`
      create function refuse_one_import() returns trigger language plpgsql as $$
      begin
        if new.email = 'person.50650@srpf.test' then raise exception 'simulated failure'; end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_one_import before insert on users for each row execute function refuse_one_import()`,
    );
    try {
      const failed = await upload(file);
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
      expect(
        (await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'user.import')))[0]!.n,
      ).toBe(auditsBefore);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_one_import on users`);
      await t.database.db.execute(sql`drop function refuse_one_import()`);
    }

    const again = await upload(file);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ created: 700, skipped: 0, failed: 0 });
    expect(again.json().data.passwords).toHaveLength(700);
  });
});
