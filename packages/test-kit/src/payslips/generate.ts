/**
 * Invented salary slips as HTML files, the way payroll systems export them, with their staff (rows of
 * the spec's user-import CSV, so a test can import the people first) and what a correct reading of
 * each slip gives. Every value is invented; the same options always give the same files.
 */
import { isoDate } from './formats.js';
import {
  isSlipLayoutName,
  SLIP_LAYOUT_NAMES,
  SLIP_LAYOUTS,
  type SalaryMonth,
  type SlipLayoutName,
} from './layouts/index.js';
import { drawMaskedPan, drawPerson, SLIP_COUNT_MAX, type SlipPerson } from './people.js';
import { seededRandom, SLIP_SEED } from './seeded-random.js';

export { SLIP_COUNT_MAX } from './people.js';

/** The header of the user import's CSV (the spec's format). */
export const USERS_CSV_HEADER = 'DESIGNATION,SEVARTH ID,FIRST NAME,MIDDLE NAME,LAST NAME,EMAIL ID,MOBILE NO';

/** The layouts the tests used from the start; the default. */
export const DEFAULT_SLIP_LAYOUTS: readonly SlipLayoutName[] = ['table', 'bilingual'];
export const DEFAULT_SLIP_MONTH = '2026-10';

export interface SlipStaff {
  readonly designation: string;
  readonly sevarthId: string;
  readonly firstName: string;
  readonly middleName: string;
  readonly lastName: string;
  readonly email: string;
  readonly mobile: string;
}

/** What a correct reading of one slip gives (field names as in expected.json); amounts in whole rupees. */
export interface ExpectedSlipReading {
  readonly sevarth_id: string;
  /** The name as the slip writes it, in given-name order (a slip may write it surname first: the same words). */
  readonly name: string;
  readonly salary_month: string;
  readonly date_of_birth: string;
  readonly date_of_joining: string;
  readonly date_of_retirement: string;
  readonly gross: number;
  readonly deductions: number;
  readonly net_pay: number;
  readonly layout: SlipLayoutName;
}

export interface SlipFile {
  readonly name: string;
  readonly html: string;
}

export interface GeneratedSlipFiles {
  /** One slip per person, in the order generated. */
  readonly files: readonly SlipFile[];
  readonly staff: readonly SlipStaff[];
  readonly expected: readonly ExpectedSlipReading[];
  /** The staff as the import CSV (header, a line per person, a final newline). */
  readonly usersCsv: string;
  /** The expected readings as the JSON the first generator wrote (two-space indent, no final newline). */
  readonly expectedJson: string;
}

export interface SlipGeneratorOptions {
  /** How many slips (one person each); at most 10,000, beyond which Sevarth IDs would repeat. */
  readonly count: number;
  /** The layouts in turn: slip i has layout i mod their number. Default table, bilingual. */
  readonly layouts?: readonly SlipLayoutName[];
  /** `YYYY-MM`; default 2026-10. */
  readonly month?: string;
  readonly seed?: number;
}

function salaryMonthOf(text: string): SalaryMonth {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text);
  if (!match) throw new Error(`The salary month must be YYYY-MM, not "${text}".`);
  return { text, year: Number(match[1]), month: Number(match[2]) };
}

function checkOptions(count: number, layouts: readonly string[]): void {
  if (!Number.isInteger(count) || count < 0 || count > SLIP_COUNT_MAX)
    throw new Error(`The slip count must be a whole number from 0 to ${SLIP_COUNT_MAX}, not ${count}.`);
  if (layouts.length === 0) throw new Error('Name at least one layout.');
  const unknown = layouts.filter((layout) => !isSlipLayoutName(layout));
  if (unknown.length > 0)
    throw new Error(`Unknown slip layout(s) ${unknown.join(', ')}; known: ${SLIP_LAYOUT_NAMES.join(', ')}.`);
}

const staffOf = (person: SlipPerson): SlipStaff => ({
  designation: person.designation.en,
  sevarthId: person.sevarthId,
  firstName: person.firstName,
  middleName: person.middleName,
  lastName: person.lastName,
  email: person.email,
  mobile: person.mobile,
});

const csvLine = (staff: SlipStaff) =>
  [
    staff.designation,
    staff.sevarthId,
    staff.firstName,
    staff.middleName,
    staff.lastName,
    staff.email,
    staff.mobile,
  ].join(',');

export function generateSlipFiles({
  count,
  layouts = DEFAULT_SLIP_LAYOUTS,
  month = DEFAULT_SLIP_MONTH,
  seed = SLIP_SEED,
}: SlipGeneratorOptions): GeneratedSlipFiles {
  checkOptions(count, layouts);
  const salaryMonth = salaryMonthOf(month);
  const random = seededRandom(seed);
  const files: SlipFile[] = [];
  const staff: SlipStaff[] = [];
  const expected: ExpectedSlipReading[] = [];
  for (let index = 0; index < count; index += 1) {
    const person = drawPerson(random, index);
    const layoutName = layouts[index % layouts.length]!;
    const layout = SLIP_LAYOUTS[layoutName];
    const subject = { ...person, maskedPan: layout.printsPan ? drawMaskedPan(random) : null };
    files.push({ name: layout.fileName(subject, salaryMonth), html: layout.html(subject, salaryMonth) });
    staff.push(staffOf(person));
    expected.push({
      sevarth_id: person.sevarthId,
      name: layout.nameAsWritten(subject),
      salary_month: month,
      date_of_birth: isoDate(person.dateOfBirth),
      date_of_joining: isoDate(person.dateOfJoining),
      date_of_retirement: isoDate(person.dateOfRetirement),
      gross: person.gross,
      deductions: person.totalDeductions,
      net_pay: person.net,
      layout: layoutName,
    });
  }
  return {
    files,
    staff,
    expected,
    usersCsv: `${[USERS_CSV_HEADER, ...staff.map(csvLine)].join('\n')}\n`,
    expectedJson: JSON.stringify(expected, null, 2),
  };
}
