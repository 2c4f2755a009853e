/**
 * Realistic demo data for trying the product (`npm run seed:demo`; tests call it only when they ask
 * for it): companies, designations, users of every role with Marathi and English names sharing one
 * generated password, and appointments from four days ago to tomorrow.
 */
import { and, asc, count, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { ADMIN_ROLES, type ApprovalRole } from '@srpf/shared';
import type { Database } from '../db/client.js';
import { appointments, companies, designations, roles, users } from '../db/schema/index.js';
import { addDays, today } from '../lib/clock.js';
import type { PasswordHasher } from '../lib/passwords.js';
import { randomSecret } from '../lib/secrets.js';
import { ensureReferenceData } from '../modules/setup/setup.bootstrap.js';

const COMPANIES = [
  { name: 'Group 1 Pune', code: 'G1-PUNE' },
  { name: 'Group 2 Pune', code: 'G2-PUNE' },
  { name: 'Group 5 Daund', code: 'G5-DAUND' },
  { name: 'Group 7 Daund', code: 'G7-DAUND' },
  { name: 'Group 8 Mumbai', code: 'G8-MUMBAI' },
];

/** With the approval roles an administrator would give them: the inspectors review as officers. */
const DESIGNATIONS: { name: string; code: string; approval_role: ApprovalRole }[] = [
  { name: 'Police Constable', code: 'PC', approval_role: 'none' },
  { name: 'Police Naik', code: 'PN', approval_role: 'none' },
  { name: 'Head Constable', code: 'HC', approval_role: 'none' },
  { name: 'Assistant Sub-Inspector', code: 'ASI', approval_role: 'none' },
  { name: 'Police Sub-Inspector', code: 'PSI', approval_role: 'officer' },
  { name: 'Inspector', code: 'PI', approval_role: 'officer' },
  { name: 'Commandant', code: 'CMDT', approval_role: 'commandant' },
  { name: 'Clerk', code: 'CLERK', approval_role: 'clerk' },
];

const PEOPLE: { first: string; middle: string; last: string; role: string; designation: string }[] = [
  { first: 'Sunita', middle: 'Ramesh', last: 'Patil', role: 'admin', designation: 'CLERK' },
  { first: 'Vikram', middle: 'Shivaji', last: 'Shinde', role: 'executive', designation: 'CMDT' },
  { first: 'अनिल', middle: 'विठ्ठल', last: 'जाधव', role: 'officer', designation: 'PI' },
  { first: 'Pooja', middle: 'Sanjay', last: 'Kulkarni', role: 'officer', designation: 'PSI' },
  { first: 'Rahul', middle: 'Dattatray', last: 'Pawar', role: 'company_lead', designation: 'ASI' },
  { first: 'संदीप', middle: 'मारुती', last: 'गायकवाड', role: 'manager', designation: 'HC' },
  { first: 'Meena', middle: 'Ashok', last: 'Deshmukh', role: 'viewer', designation: 'CLERK' },
  { first: 'गणेश', middle: 'बाळासाहेब', last: 'मोरे', role: 'viewer', designation: 'PN' },
  { first: 'Amol', middle: 'Prakash', last: 'Chavan', role: 'viewer', designation: 'PC' },
  { first: 'Kavita', middle: 'Nitin', last: 'Bhosale', role: 'viewer', designation: 'PC' },
  { first: 'प्रशांत', middle: 'हरिभाऊ', last: 'वाघ', role: 'viewer', designation: 'PC' },
  { first: 'Sachin', middle: 'Vasant', last: 'Kale', role: 'viewer', designation: 'HC' },
  { first: 'राजेश', middle: 'एकनाथ', last: 'सावंत', role: 'superadmin', designation: 'CMDT' },
];

const STATUSES = [
  'scheduled',
  'pending_clerk',
  'pending_officer',
  'approved',
  'completed',
  'rejected',
  'rescheduled',
  'scheduled',
];
const TIMES = ['09:30:00', '10:00:00', '10:45:00', '11:15:00', '12:00:00', '14:30:00', '15:00:00', '16:15:00'];

export const DEMO_APPOINTMENTS = 24;

export type DemoSeedResult =
  | { added: false }
  | { added: true; password: string; companies: number; designations: number; users: number; appointments: number };

const DEMO_EMAILS = PEOPLE.map((_, index) => `demo${index + 1}@srpf.test`);

/** The database holds real people: the demo users (one printed password) do not belong there. */
export class DemoSeedRefusedError extends Error {
  constructor(readonly people: number) {
    super(
      `This database holds ${people} ${people === 1 ? 'person' : 'people'} besides the first administrator and earlier demo data, ` +
        `so it looks like a real one. The demo adds ${PEOPLE.length} users (administrators among them) who share one printed password. ` +
        'Nothing was added. To add the demo data anyway, run it again with --force (npm run seed:demo -- --force).',
    );
  }
}

/** People (deleted ones included) other than the first administrator and the demo users. */
async function otherPeople(db: Database): Promise<number> {
  // The first administrator is the earliest user, created at the first start with an admin role.
  const [first] = await db
    .select({ id: users.id, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .orderBy(asc(users.id))
    .limit(1);
  const firstAdmin = first && (ADMIN_ROLES as readonly string[]).includes(first.role) ? first.id : null;
  const [others] = await db
    .select({ value: count() })
    .from(users)
    .where(and(notInArray(users.email, DEMO_EMAILS), firstAdmin === null ? undefined : ne(users.id, firstAdmin)));
  return others?.value ?? 0;
}

/**
 * Adds the demo data once: a database that already holds the demo companies is left as it is. A
 * database holding other people is refused (DemoSeedRefusedError) unless `force` is given.
 */
export async function seedDemoData(
  db: Database,
  hasher: PasswordHasher,
  options: { force?: boolean } = {},
): Promise<DemoSeedResult> {
  await ensureReferenceData(db);
  const [seeded] = await db
    .select({ value: count() })
    .from(companies)
    .where(
      inArray(
        companies.code,
        COMPANIES.map((c) => c.code),
      ),
    );
  if ((seeded?.value ?? 0) > 0) return { added: false };
  if (!options.force) {
    const people = await otherPeople(db);
    if (people > 0) throw new DemoSeedRefusedError(people);
  }

  const password = `Demo-${randomSecret(9)}`;
  const passwordHash = await hasher.hash(password);

  await db.transaction(async (tx) => {
    const companyRows = await tx.insert(companies).values(COMPANIES).returning({ id: companies.id });
    const designationRows = await tx
      .insert(designations)
      .values(DESIGNATIONS)
      .returning({ id: designations.id, code: designations.code, name: designations.name });
    const roleRows = await tx.select().from(roles);
    const roleId = (name: string) => roleRows.find((r) => r.name === name)!.id;

    const created = await tx
      .insert(users)
      .values(
        PEOPLE.map((person, index) => {
          const designation = designationRows.find((d) => d.code === person.designation)!;
          return {
            first_name: person.first,
            middle_name: person.middle,
            last_name: person.last,
            email: DEMO_EMAILS[index]!,
            phone_number: `98${String(22_000_000 + index * 7919).padStart(8, '0')}`,
            password_hash: passwordHash,
            role_id: roleId(person.role),
            company_id: companyRows[index % companyRows.length]!.id,
            designation_id: designation.id,
            designation: designation.name,
            dgp_id: `SRPFMAH${String(1001 + index)}`,
            badge_no: 1200 + index,
          };
        }),
      )
      .returning({
        id: users.id,
        first_name: users.first_name,
        last_name: users.last_name,
        phone_number: users.phone_number,
        badge_no: users.badge_no,
        company_id: users.company_id,
        role_id: users.role_id,
      });

    const officers = created.filter((u) => u.role_id === roleId('officer'));
    const staff = created.filter((u) => u.role_id === roleId('viewer'));
    const day = today();
    const rows = Array.from({ length: DEMO_APPOINTMENTS }, (_, index) => {
      const person = staff[index % staff.length]!;
      const leave = index % 2 === 0;
      return {
        company_id: person.company_id,
        user_id: person.id,
        first_name: person.first_name,
        last_name: person.last_name,
        phone_number: person.phone_number,
        badge_number: String(person.badge_no),
        officer_id: officers[index % officers.length]!.id,
        request_type: leave ? 'leave related' : 'orderly room',
        is_leave_appointment: leave,
        leave_type: leave ? 'leave_sick' : null,
        appointment_date: addDays(day, -Math.floor(index / 4) + 1),
        appointment_time: TIMES[index % TIMES.length]!,
        status: STATUSES[index % STATUSES.length]!,
        additional_details: leave ? null : 'Request to discuss transfer posting',
      };
    });
    await tx.insert(appointments).values(rows);
  });

  return {
    added: true,
    password,
    companies: COMPANIES.length,
    designations: DESIGNATIONS.length,
    users: PEOPLE.length,
    appointments: DEMO_APPOINTMENTS,
  };
}
