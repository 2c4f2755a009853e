/**
 * Seed data for bench/appointments.ts: companies, designations, people and officers, then N
 * appointments in one `INSERT … SELECT FROM generate_series(…)` per block of rows. Everything is
 * derived from the row number through hashint4, so two seeds of the same size hold the same rows
 * (relative to the day they were made).
 *
 * Spread (N = 1,000,000): ~10 companies (HQ + 9), 5,000 people, 20 officers; dates from 600 days ago to
 * 130 days ahead (about two years), TODAY_ROWS today, about 88% in the past, ~1,400 per past day;
 * past rows mostly completed/approved/cancelled/…, today and future rows scheduled/pending/…; 55% leave
 * requests, 38% orderly room, the rest the other request types.
 */
import { BENCH_DESIGNATIONS } from './designations.js';

export const PEOPLE = 5_000;
export const OFFICERS = 20;
export const TODAY_ROWS = 300;
export const PAST_DAYS = 600;
export const FUTURE_DAYS = 130;
/** Share of the rows (other than today's) dated in the past. */
const PAST_SHARE = 0.88;

const FIRST_NAMES = [
  'Sachin',
  'Rahul',
  'Amol',
  'Santosh',
  'Vijay',
  'Sunil',
  'Ganesh',
  'Prakash',
  'Mahesh',
  'Sandeep',
  'Anil',
  'Ramesh',
  'Nitin',
  'Yogesh',
  'Dnyaneshwar',
  'Kiran',
  'Pooja',
  'Sunita',
  'Priyanka',
  'Manisha',
  'Ashwini',
  'Swati',
  'Vaishali',
  'Datta',
];
const MIDDLE_NAMES = [
  'Ramesh',
  'Shankar',
  'Vitthal',
  'Maruti',
  'Baban',
  'Dattatray',
  'Suresh',
  'Namdev',
  'Bhimrao',
  'Pandurang',
];
const LAST_NAMES = [
  'Patil',
  'Jadhav',
  'Pawar',
  'Shinde',
  'More',
  'Kale',
  'Deshmukh',
  'Gaikwad',
  'Chavan',
  'Kamble',
  'Bhosale',
  'Salunkhe',
  'Kulkarni',
  'Mane',
  'Sawant',
  'Thorat',
  'Wagh',
  'Kadam',
  'Nikam',
  'Sonawane',
  'Londhe',
  'Mali',
  'Kharat',
  'Ghorpade',
  'Shelke',
  'Bhise',
  'Waghmare',
  'Raut',
  'Dhumal',
  'Gite',
];
const LEAVE_REASONS = [
  'Family function at native place',
  'Medical treatment of mother',
  'Marriage of sister',
  'Harvest work at the farm',
  'Child admission to school',
  'Recovery after fever',
  'Wife delivery',
  'House repair after rain',
  'Court hearing',
  'Pilgrimage to Pandharpur',
];
const ORDERLY_NOTES = [
  'Request for transfer to home district',
  'Grievance about duty roster',
  'Request for quarters allotment',
  'Pay fixation query',
  'Request for advance',
  'Medical reimbursement pending',
  'Request for training course',
  'Complaint about rations',
];

const textArray = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;
/** A value in [0, 1) from the row number g and a salt k. */
const u = (k: number, g = 'g') => `((hashint4(${g} * 32 + ${k}) & 2147483647)::float8 / 2147483648)`;
/** An element of a SQL array, picked by u(k). */
const pick = (values: readonly string[], k: number, g = 'g') =>
  `(${textArray(values)})[1 + floor(${u(k, g)} * ${values.length})::int]`;
const TODAY = `(now() at time zone 'Asia/Kolkata')::date`;

/** Cumulative weights → a CASE over u(k). */
function weighted(k: number, choices: [string, number][]): string {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let edge = 0;
  const arms = choices.map(([value, weight]) => {
    edge += weight / total;
    return `when ${u(k)} < ${edge.toFixed(6)} then '${value}'`;
  });
  return `(case ${arms.slice(0, -1).join(' ')} else '${choices.at(-1)![0]}' end)`;
}

const PAST_STATUS = weighted(3, [
  ['completed', 45],
  ['approved', 14],
  ['cancelled', 8],
  ['rejected', 7],
  ['no_show', 5],
  ['rescheduled', 5],
  ['deferred', 3],
  ['scheduled', 5],
  ['pending', 3],
  ['pending_clerk', 2],
  ['pending_officer', 2],
  ['pending_final', 1],
]);
const OPEN_STATUS = weighted(3, [
  ['scheduled', 38],
  ['pending', 14],
  ['pending_clerk', 10],
  ['pending_officer', 10],
  ['pending_final', 6],
  ['approved', 14],
  ['rescheduled', 5],
  ['cancelled', 2],
  ['completed', 1],
]);
const REQUEST_TYPE = weighted(4, [
  ['leave related', 55],
  ['orderly room', 38],
  ['leave_conversion', 3],
  ['leave_remaining', 2],
  ['other', 2],
]);

/** Reference rows and people; run once on a freshly migrated database (after ensureReferenceData). */
export function seedPeopleSql(): string[] {
  return [
    `insert into designations (name, code) values ${BENCH_DESIGNATIONS.map(([name, code]) => `('${name}', '${code}')`).join(', ')} on conflict do nothing`,
    `insert into companies (name, code) select 'Company ' || chr(64 + g), 'C' || chr(64 + g) from generate_series(1, 9) g
       where not exists (select 1 from companies where lower(code) = lower('C' || chr(64 + g)))`,
    // People: spread unevenly over the companies (HQ small), unique email, phone, badge and DGP ID.
    `insert into users (first_name, middle_name, last_name, email, phone_number, password_hash, role_id, company_id, designation_id, designation, dgp_id, badge_no)
     select ${pick(FIRST_NAMES, 1)}, ${pick(MIDDLE_NAMES, 2)}, ${pick(LAST_NAMES, 3)}, 'person' || g || '@srpf.test',
            '98' || lpad(g::text, 8, '0'), 'bench-no-sign-in', (select id from roles where name = 'viewer'),
            (select id from companies order by id offset least(floor(sqrt(${u(4)}) * 10)::int, (select count(*) - 1 from companies)) limit 1),
            d.id, d.name,
            'SRPF' || chr(65 + g % 26) || chr(65 + (g / 26) % 26) || chr(65 + (g / 676) % 26) || lpad((g % 10000)::text, 4, '0'),
            10000 + g
       from generate_series(1, ${PEOPLE}) g
       join designations d on lower(d.code) = lower((array['PC','PC','PC','PN','PN','HC','HC','ASI','PSI','CLERK'])[1 + g % 10])`,
    `insert into users (first_name, last_name, email, phone_number, password_hash, role_id, company_id, designation_id, designation, badge_no)
     select ${pick(FIRST_NAMES, 5)}, ${pick(LAST_NAMES, 6)}, 'officer' || g || '@srpf.test', '97' || lpad(g::text, 8, '0'), 'bench-no-sign-in',
            (select id from roles where name = 'officer'), (select id from companies order by id offset (g % 10) limit 1),
            d.id, d.name, 90000 + g
       from generate_series(1, ${OFFICERS}) g join designations d on d.code = 'OFFICER'`,
  ];
}

/** Appointments first + 1 … last (1-based row numbers), one statement. */
export function seedAppointmentsSql(first: number, last: number): string {
  const day = `(case when r.g <= ${TODAY_ROWS} then 0
                     when ${u(1)} < ${PAST_SHARE} then -1 - floor(${u(2)} * ${PAST_DAYS})::int
                     else 1 + floor(${u(2)} * ${FUTURE_DAYS})::int end)`;
  return `
    with people as (select id, row_number() over (order by id) as n, first_name, middle_name, last_name, phone_number, badge_no, dgp_id, icard_no, email, designation_id, company_id
                      from users where email like 'person%@srpf.test'),
         officers as (select id, row_number() over (order by id) as n from users where email like 'officer%@srpf.test'),
         admin as (select min(id) as id from users),
         rows as (
           select g, ${day} as day_offset, ${REQUEST_TYPE} as request_type,
                  1 + floor(${u(5)} * ${PEOPLE})::int as person,
                  case when ${u(6)} < 0.25 then time '12:00' else time '10:00' + floor(${u(7)} * 28)::int * interval '15 minutes' end as slot
             from generate_series(${first + 1}, ${last}) as r(g))
    insert into appointments (company_id, user_id, badge_number, phone_number, contact_number, email, first_name, middle_name, last_name,
                              dgp_id, designation_id, officer_id, request_type, appointment_date, appointment_time, notes, additional_details,
                              purpose, preferred_date, original_request_date, status, auto_scheduled, whatsapp_enabled, whatsapp_language,
                              is_leave_appointment, leave_type, leave_start_date, leave_end_date, leave_reason, date_of_joining,
                              remaining_al, remaining_pl, sick, absent, clerk_remarks, created_by, created_at, updated_at)
    select p.company_id, p.id, p.badge_no::text, p.phone_number, p.phone_number, p.email, p.first_name, p.middle_name, p.last_name,
           p.dgp_id, p.designation_id,
           case when s.status in ('pending_final', 'approved', 'completed', 'no_show', 'deferred') or (s.status = 'rejected' and ${u(8)} < 0.5)
                then o.id end,
           r.request_type, ${TODAY} + r.day_offset, r.slot,
           case when r.request_type = 'leave related' then null else ${pick(ORDERLY_NOTES, 9, 'r.g')} end,
           case when ${u(10)} < 0.3 then 'Contact after ' || (14 + r.g % 4) || ':00 hours' end,
           case when r.request_type = 'leave related' then 'Leave' else 'Orderly room' end,
           ${TODAY} + r.day_offset, ${TODAY} + r.day_offset - case when ${u(11)} < 0.1 then 1 + floor(${u(12)} * 10)::int else 0 end,
           s.status, ${u(13)} < 0.05, ${u(14)} < 0.3, (array['en', 'mr', 'hi'])[1 + r.g % 3],
           r.request_type = 'leave related',
           case when r.request_type = 'leave related' then (array['leave_sick', 'leave_absent', 'Earned leave', 'Casual leave'])[1 + r.g % 4] end,
           case when r.request_type = 'leave related' then ${TODAY} + r.day_offset + 1 end,
           case when r.request_type = 'leave related' then ${TODAY} + r.day_offset + 1 + (r.g % 12) end,
           case when r.request_type = 'leave related' then ${pick(LEAVE_REASONS, 15, 'r.g')} end,
           case when r.request_type = 'leave related' then date '2005-06-01' + (r.person * 3) end,
           r.g % 30, r.g % 90, r.g % 7, r.g % 3,
           case when s.status not in ('scheduled', 'pending', 'pending_clerk') and ${u(16)} < 0.5 then '<p>Verified with the muster roll.</p>' end,
           (select id from admin),
           c.created_at, c.created_at + case when s.status in ('scheduled', 'pending') then interval '0' else interval '1 day' end
      from rows r
      join people p on p.n = r.person
      join officers o on o.n = 1 + r.g % ${OFFICERS}
      cross join lateral (select case when r.day_offset < 0 then ${PAST_STATUS} else ${OPEN_STATUS} end as status) s
      cross join lateral (select ((${TODAY} + r.day_offset - floor(${u(17, 'r.g')} * 21)::int)::timestamp + time '09:00' + floor(${u(18, 'r.g')} * 32400)::int * interval '1 second') at time zone 'Asia/Kolkata' as planned) t
      -- Requests for today and later were made at some moment of the last 30 days, not all "now".
      cross join lateral (select case when t.planned < now() then t.planned else now() - ${u(19, 'r.g')} * interval '30 days' end as created_at) c`.replaceAll(
    /hashint4\(g \*/g,
    'hashint4(r.g *',
  );
}
