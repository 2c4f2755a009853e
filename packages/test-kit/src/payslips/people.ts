/**
 * The invented staff behind the slips: names, designation, dates and pay, drawn from the seeded
 * sequence in a fixed order (changing the order changes every slip after it).
 */
import { pad } from './formats.js';
import { pickOne, type Random } from './seeded-random.js';

const FIRST_NAMES = [
  'Sachin',
  'Ganesh',
  'Amol',
  'Vijay',
  'Sunil',
  'Prakash',
  'Rahul',
  'Mahesh',
  'Santosh',
  'Nitin',
  'Priya',
  'Sunita',
  'Anita',
  'Kavita',
  'Swati',
] as const;
const MIDDLE_NAMES = ['Ramesh', 'Vitthal', 'Dattatray', 'Baban', 'Shankar', 'Maruti', 'Tukaram', 'Sopan'] as const;
const LAST_NAMES = [
  'Patil',
  'Shinde',
  'Jadhav',
  'Pawar',
  'More',
  'Kale',
  'Gaikwad',
  'Bhosale',
  'Deshmukh',
  'Kulkarni',
  'Chavan',
  'Salunkhe',
] as const;

/** The same names in Devanagari, as a Marathi slip writes them. */
const NAMES_MR: Readonly<Record<string, string>> = {
  Sachin: 'सचिन',
  Ganesh: 'गणेश',
  Amol: 'अमोल',
  Vijay: 'विजय',
  Sunil: 'सुनील',
  Prakash: 'प्रकाश',
  Rahul: 'राहुल',
  Mahesh: 'महेश',
  Santosh: 'संतोष',
  Nitin: 'नितीन',
  Priya: 'प्रिया',
  Sunita: 'सुनीता',
  Anita: 'अनिता',
  Kavita: 'कविता',
  Swati: 'स्वाती',
  Ramesh: 'रमेश',
  Vitthal: 'विठ्ठल',
  Dattatray: 'दत्तात्रय',
  Baban: 'बबन',
  Shankar: 'शंकर',
  Maruti: 'मारुती',
  Tukaram: 'तुकाराम',
  Sopan: 'सोपान',
  Patil: 'पाटील',
  Shinde: 'शिंदे',
  Jadhav: 'जाधव',
  Pawar: 'पवार',
  More: 'मोरे',
  Kale: 'काळे',
  Gaikwad: 'गायकवाड',
  Bhosale: 'भोसले',
  Deshmukh: 'देशमुख',
  Kulkarni: 'कुलकर्णी',
  Chavan: 'चव्हाण',
  Salunkhe: 'साळुंखे',
};

export const inMarathi = (name: string) => NAMES_MR[name] ?? name;

export interface Designation {
  readonly en: string;
  readonly mr: string;
  readonly payLevel: string;
  /** The basic pay at the start of the level, in rupees. */
  readonly basicFrom: number;
}

/** Six designations, by the names the demo data's designations carry (the user import matches them by name). */
const DESIGNATIONS: readonly Designation[] = [
  { en: 'Police Constable', mr: 'पोलीस शिपाई', payLevel: 'S-7', basicFrom: 21700 },
  { en: 'Police Naik', mr: 'पोलीस नाईक', payLevel: 'S-8', basicFrom: 25500 },
  { en: 'Head Constable', mr: 'पोलीस हवालदार', payLevel: 'S-10', basicFrom: 29200 },
  { en: 'Assistant Sub-Inspector', mr: 'सहायक पोलीस उपनिरीक्षक', payLevel: 'S-13', basicFrom: 35400 },
  { en: 'Police Sub-Inspector', mr: 'पोलीस उपनिरीक्षक', payLevel: 'S-14', basicFrom: 38600 },
  { en: 'Clerk', mr: 'लिपिक', payLevel: 'S-6', basicFrom: 19900 },
];

const SEVARTH_OFFICES = ['PUN', 'DND', 'NGP', 'JLN', 'AMR'] as const;

/** An earning or a deduction, with its English and Marathi names; in whole rupees. */
export interface PayItem {
  readonly en: string;
  readonly mr: string;
  readonly amount: number;
}

export interface SlipPerson {
  readonly index: number;
  readonly firstName: string;
  readonly middleName: string;
  readonly lastName: string;
  readonly designation: Designation;
  readonly dateOfBirth: Date;
  readonly dateOfJoining: Date;
  /** The last day of the month of the 58th birthday. */
  readonly dateOfRetirement: Date;
  /** 7 capital letters then 4 digits. */
  readonly sevarthId: string;
  readonly earnings: readonly PayItem[];
  readonly deductions: readonly PayItem[];
  readonly gross: number;
  readonly totalDeductions: number;
  readonly net: number;
  readonly mobile: string;
  readonly email: string;
}

/** Distinct for the first 10,000 people: 37 and 10,000 have no common factor. */
const sevarthDigits = (index: number) => pad((index * 37 + 1011) % 10000, 4);

export const SLIP_COUNT_MAX = 10_000;

const utcDate = (year: number, monthIndex: number, day: number) => new Date(Date.UTC(year, monthIndex, day));

/** The `index`-th person; draws from `random` in the order the first generator did. */
export function drawPerson(random: Random, index: number): SlipPerson {
  const firstName = pickOne(random, FIRST_NAMES);
  const middleName = pickOne(random, MIDDLE_NAMES);
  const lastName = pickOne(random, LAST_NAMES);
  const designation = pickOne(random, DESIGNATIONS);
  const dateOfBirth = utcDate(
    1968 + Math.floor(random() * 30),
    Math.floor(random() * 12),
    1 + Math.floor(random() * 28),
  );
  const dateOfJoining = utcDate(
    dateOfBirth.getUTCFullYear() + 20 + Math.floor(random() * 6),
    Math.floor(random() * 12),
    1 + Math.floor(random() * 28),
  );
  const dateOfRetirement = utcDate(dateOfBirth.getUTCFullYear() + 58, dateOfBirth.getUTCMonth() + 1, 0);
  const sevarthId = `SRPF${pickOne(random, SEVARTH_OFFICES)}${sevarthDigits(index)}`;
  const basic = designation.basicFrom + Math.floor(random() * 12) * 600;
  const earnings: PayItem[] = [
    { en: 'Basic Pay', mr: 'मूळ वेतन', amount: basic },
    { en: 'Dearness Allowance', mr: 'महागाई भत्ता', amount: Math.round(basic * 0.53) },
    { en: 'House Rent Allowance', mr: 'घरभाडे भत्ता', amount: Math.round(basic * 0.1) },
    { en: 'Transport Allowance', mr: 'वाहतूक भत्ता', amount: 2700 },
    { en: 'Uniform Allowance', mr: 'गणवेश भत्ता', amount: 500 },
    { en: 'Washing Allowance', mr: 'धुलाई भत्ता', amount: 150 },
  ];
  const deductions: PayItem[] = [
    { en: 'GPF Subscription', mr: 'भविष्य निर्वाह निधी', amount: Math.round(basic * 0.06) },
    { en: 'Professional Tax', mr: 'व्यवसाय कर', amount: 200 },
    { en: 'Group Insurance', mr: 'गट विमा', amount: 360 },
    { en: 'Police Welfare Fund', mr: 'पोलीस कल्याण निधी', amount: 100 },
    { en: 'Income Tax', mr: 'आयकर', amount: basic > 35000 ? 1500 : 0 },
  ];
  const gross = earnings.reduce((sum, item) => sum + item.amount, 0);
  const totalDeductions = deductions.reduce((sum, item) => sum + item.amount, 0);
  // Nine random digits after a 9; they repeat within a few thousand people (the sequence cycles).
  const mobile = `9${pad(Math.floor(random() * 1e9), 9)}`;
  return {
    index,
    firstName,
    middleName,
    lastName,
    designation,
    dateOfBirth,
    dateOfJoining,
    dateOfRetirement,
    sevarthId,
    earnings,
    deductions,
    gross,
    totalDeductions,
    net: gross - totalDeductions,
    mobile,
    email: `${firstName}.${lastName}.${index}@srpf.test`.toLowerCase(),
  };
}

/** A masked PAN (XXXXX1234X), drawn only for the layouts that print one, right after their person. */
export const drawMaskedPan = (random: Random) => `XXXXX${pad(Math.floor(random() * 9999), 4)}X`;
