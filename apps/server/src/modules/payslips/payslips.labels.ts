/**
 * The label vocabulary: which field a label on a slip names, in English, Marathi or both
 * (`सेवार्थ क्रमांक / Sevarth ID`). Labels and vocabulary go through the same normalisation
 * (payslips.label-parts.ts), so spelling variants are handled once, there, and the lists below
 * stay readable.
 */
import { labelParts } from './payslips.label-parts.js';

export type SlipField =
  | 'sevarthId'
  | 'employeeName'
  | 'month'
  | 'dateOfBirth'
  | 'dateOfJoining'
  | 'dateOfRetirement'
  | 'grossPaise'
  | 'deductionsPaise'
  | 'netPaise'
  | 'payslipNumber';

/** Rank 1 names the field outright; rank 2 is a weaker name (a bare `Deductions`, a `Pay Slip` heading), used only when no rank-1 label has a valid value. */
export interface LabelMatch {
  readonly field: SlipField;
  readonly rank: 1 | 2;
}

type Vocabulary = Partial<Record<SlipField, { readonly 1?: readonly string[]; readonly 2?: readonly string[] }>>;

const VOCABULARY: Vocabulary = {
  sevarthId: {
    1: [
      'Sevarth ID',
      'Sevaarth ID',
      'Sevarth No',
      'Sevaarth No',
      'Sevarth Number',
      'Sevarth Code',
      'Sevaarth Code',
      'Sewarth ID',
      'Sevarth',
      'Sevaarth',
      'DGP ID',
      'DGP No',
      'Employee Sevarth ID',
      'सेवार्थ आयडी',
      'सेवार्थ आईडी',
      'सेवार्थ क्रमांक',
      'सेवार्थ क्र.',
      'सेवार्थ नं.',
      'सेवार्थ कोड',
      'सेवार्थ',
    ],
  },
  employeeName: {
    1: [
      'Name',
      'Employee Name',
      'Name of Employee',
      'Name of the Employee',
      "Employee's Name",
      'Emp Name',
      'Emp. Name',
      'Name of Officer',
      'Officer Name',
      'Name of Officer or Employee',
      'Full Name',
      'Staff Name',
      'Name of Government Servant',
      'नाव',
      'नांव',
      'कर्मचाऱ्याचे नाव',
      'कर्मचाऱ्याचे नांव',
      'कर्मचारी नाव',
      'कर्मचाऱ्याचे संपूर्ण नाव',
      'संपूर्ण नाव',
      'अधिकाऱ्याचे नाव',
      'अधिकारी नाव',
      'शासकीय कर्मचाऱ्याचे नाव',
      'नाम',
      'कर्मचारी का नाम',
      'कर्मचारी नाम',
    ],
    2: ['Employee', 'कर्मचारी'],
  },
  month: {
    1: [
      'Month',
      'Pay Month',
      'Salary Month',
      'Month of Salary',
      'Month of Pay',
      'Month of',
      'For the Month of',
      'For the Month',
      'Salary for the Month of',
      'Salary for the Month',
      'Pay for the Month of',
      'Month and Year',
      'Month Year',
      'Pay Period',
      'Salary Period',
      'Period',
      'महिना',
      'वेतन महिना',
      'पगार महिना',
      'वेतनाचा महिना',
      'पगाराचा महिना',
      'महिना व वर्ष',
      'माहे',
      'वेतन माहे',
      'पगार माहे',
      'माह',
      'वेतन माह',
      'वेतन कालावधी',
      'कालावधी',
    ],
    2: [
      'Pay Slip',
      'Salary Slip',
      'Pay Slip for',
      'Salary Slip for',
      'Pay Slip for the Month of',
      'Salary Slip for the Month of',
      'Pay Slip for the Month',
      'Salary Slip for the Month',
      'Pay Slip of',
      'Salary Slip of',
      'Pay Statement',
      'Salary Statement',
      'वेतन पावती',
      'वेतन चिठ्ठी',
      'पगार पावती',
      'पगार पत्रक',
      'वेतन पत्रक',
      'वेतन स्लिप',
      'पगार स्लिप',
      'पे स्लिप',
      'सॅलरी स्लिप',
      'वेतन पर्ची',
    ],
  },
  dateOfBirth: {
    1: [
      'Date of Birth',
      'Birth Date',
      'DOB',
      'D.O.B.',
      'Birth',
      'जन्म दिनांक',
      'जन्मदिनांक',
      'जन्म तारीख',
      'जन्मतारीख',
      'जन्माची तारीख',
      'जन्म',
      'जन्म तिथि',
    ],
  },
  dateOfJoining: {
    1: [
      'Date of Joining',
      'Joining Date',
      'DOJ',
      'D.O.J.',
      'Date of Joining Service',
      'Date of Joining in Service',
      'Date of Entry into Service',
      'Date of Entry in Service',
      'रुजू दिनांक',
      'रुजू तारीख',
      'सेवेत रुजू झाल्याची तारीख',
      'सेवेत रुजू झाल्याचा दिनांक',
      'रुजू झाल्याची तारीख',
      'रुजू झाल्याचा दिनांक',
      'सेवेत रुजू दिनांक',
      'सेवा प्रवेश दिनांक',
      'कार्यग्रहण तिथि',
    ],
    2: ['Date of Appointment', 'Appointment Date', 'नियुक्ती दिनांक', 'नियुक्तीचा दिनांक', 'नेमणूक दिनांक', 'नियुक्ति तिथि'],
  },
  dateOfRetirement: {
    1: [
      'Date of Retirement',
      'Retirement Date',
      'DOR',
      'D.O.R.',
      'Date of Superannuation',
      'Superannuation Date',
      'Retirement',
      'सेवानिवृत्ती दिनांक',
      'सेवानिवृत्तीची तारीख',
      'सेवानिवृत्तीचा दिनांक',
      'सेवानिवृत्त दिनांक',
      'सेवानिवृत्ती',
      'निवृत्ती दिनांक',
      'निवृत्तीची तारीख',
      'सेवानिवृत्ति तिथि',
    ],
  },
  grossPaise: {
    1: [
      'Gross',
      'Gross Pay',
      'Gross Salary',
      'Gross Earnings',
      'Gross Amount',
      'Gross Total',
      'Total Gross',
      'Gross Emoluments',
      'Total Earnings',
      'Earnings Total',
      'Total Emoluments',
      'Total Pay',
      'Total Salary',
      'एकूण वेतन',
      'एकूण पगार',
      'ढोबळ वेतन',
      'एकूण मिळकत',
      'एकूण प्राप्ती',
      'एकूण वेतन व भत्ते',
      'सकल वेतन',
      'कुल वेतन',
      'कुल आय',
    ],
  },
  deductionsPaise: {
    1: [
      'Total Deductions',
      'Total Deduction',
      'Deductions Total',
      'Gross Deductions',
      'Total Recoveries',
      'Total Recovery',
      'एकूण कपात',
      'एकूण कपाती',
      'एकूण वजाती',
      'एकूण वसुली',
      'कुल कटौती',
    ],
    2: ['Deductions', 'Deduction', 'Recoveries', 'कपात', 'कपाती', 'वजाती', 'कटौती'],
  },
  netPaise: {
    1: [
      'Net Pay',
      'Net Salary',
      'Net Amount',
      'Net Payable',
      'Net Amount Payable',
      'Net Pay Amount',
      'Net Salary Payable',
      'Net Paid',
      'Net',
      'Take Home Pay',
      'Take Home',
      'निव्वळ वेतन',
      'निव्वळ पगार',
      'निव्वळ देय',
      'निव्वळ देय वेतन',
      'निव्वळ रक्कम',
      'निव्वळ देय रक्कम',
      'निवळ वेतन',
      'हाती येणारे वेतन',
      'शुद्ध वेतन',
      'शुद्ध देय',
    ],
    2: ['Amount Payable', 'Amount Credited', 'देय रक्कम', 'देय वेतन'],
  },
  payslipNumber: {
    1: [
      'Payslip No',
      'Pay Slip No',
      'Payslip Number',
      'Salary Slip No',
      'Slip No',
      'Payslip ID',
      'Slip ID',
      'वेतन पावती क्रमांक',
      'पावती क्रमांक',
      'वेतन चिठ्ठी क्रमांक',
      'पगार पावती क्रमांक',
    ],
  },
};

/**
 * Labels of things on a slip that the reader does not take (designation, pay level, bank, the pay
 * items). Never a field's value: seen where a value should be, they mean the value is missing.
 */
const OTHER_LABELS = [
  'Designation',
  'Post',
  'Pay Level',
  'Level',
  'Pay Scale',
  'Pay Band',
  'Grade Pay',
  'PAN',
  'PAN No',
  'Bank',
  'Bank Name',
  'Account No',
  'Bank Account No',
  'IFSC',
  'Office',
  'Office Name',
  'DDO Code',
  'Group',
  'Unit',
  'Basic Pay',
  'Earnings',
  'Allowances',
  'Amount',
  'Remarks',
  'पदनाम',
  'पद',
  'वेतन स्तर',
  'वेतनश्रेणी',
  'बँक',
  'बँकेचे नाव',
  'खाते क्रमांक',
  'कार्यालय',
  'मूळ वेतन',
  'भत्ते',
  'रक्कम',
  'शेरा',
];

const EXACT = new Map<string, LabelMatch>();
for (const [field, ranks] of Object.entries(VOCABULARY) as [SlipField, NonNullable<Vocabulary[SlipField]>][]) {
  for (const rank of [1, 2] as const) {
    for (const label of ranks[rank] ?? []) {
      const [part, ...more] = labelParts(label);
      if (part === undefined || more.length > 0)
        throw new Error(`vocabulary label "${label}" must normalise to one part`);
      const known = EXACT.get(part);
      if (known && known.field !== field)
        throw new Error(`vocabulary label "${label}" names both ${known.field} and ${field}`);
      if (!known || rank < known.rank) EXACT.set(part, { field, rank });
    }
  }
}

// Labels repeat from slip to slip; remembering their reading keeps 5,000 slips fast. Bounded, since
// the reader also tries values as labels.
const CACHE_MAX = 20_000;
const lenientCache = new Map<string, LabelMatch | null>();
const strictCache = new Map<string, LabelMatch | null>();

// Longer text is a sentence or a value, never a label; it is also kept out of the caches.
const LABEL_LENGTH_MAX = 120;

function remembered<T>(cache: Map<string, T>, key: string, read: () => T): T {
  const known = cache.get(key);
  if (known !== undefined) return known;
  if (cache.size >= CACHE_MAX) cache.clear();
  const value = read();
  cache.set(key, value);
  return value;
}

const OTHER = new Set(OTHER_LABELS.flatMap((label) => labelParts(label)));

/** Whether the text is a label the slip uses, for a field the reader takes or for another. */
export function isKnownLabel(text: string): boolean {
  if (text.length > LABEL_LENGTH_MAX) return false;
  return matchLabel(text) !== null || labelParts(text).some((part) => OTHER.has(part));
}

const FIRST_WORDS = new Set([...EXACT.keys()].map((label) => label.split(' ')[0]!));

const firstWordCache = new Map<string, boolean>();

/** Whether a word can open a label of the vocabulary: a quick test before trying the words after it. */
export function mayStartLabel(word: string): boolean {
  if (word.length > LABEL_LENGTH_MAX) return false;
  return remembered(firstWordCache, word, () => {
    const first = labelParts(word)[0];
    return first !== undefined && FIRST_WORDS.has(first);
  });
}

/**
 * Keywords for labels worded in a way the lists do not hold (`Employee's Date of Birth`,
 * `सेवेत प्रथम रुजू झाल्याचा दिनांक`). Only for fields whose values have a strict form (an ID, a
 * date), which keeps a stray match harmless, and only where a label stands on its own.
 */
const KEYWORDS: readonly (readonly [RegExp, LabelMatch])[] = [
  [/(?:^| )(?:seva+rth|sewa+rth|सेवार्थ)/u, { field: 'sevarthId', rank: 1 }],
  [/(?:^| )(?:birth|dob|जन्म)/u, { field: 'dateOfBirth', rank: 1 }],
  [/(?:^| )(?:joining|joined|doj|रुजू)/u, { field: 'dateOfJoining', rank: 1 }],
  [/(?:^| )(?:appointment|नियुक्ती|नियुक्ति|नेमणूक)/u, { field: 'dateOfJoining', rank: 2 }],
  [
    /(?:^| )(?:retirement|retiring|superannuation|dor|सेवानिवृत्त|सेवा निवृत्त|निवृत्त)/u,
    { field: 'dateOfRetirement', rank: 1 },
  ],
];
const KEYWORD_LABEL_WORDS_MAX = 8;

function keywordMatch(part: string): LabelMatch | null {
  if (/\d/.test(part) || part.split(' ').length > KEYWORD_LABEL_WORDS_MAX) return null;
  const found = KEYWORDS.filter(([pattern]) => pattern.test(part)).map(([, match]) => match);
  const fields = new Set(found.map((match) => match.field));
  return fields.size === 1 ? found.reduce((best, match) => (match.rank < best.rank ? match : best)) : null;
}

function combine(matches: readonly LabelMatch[]): LabelMatch | null {
  const first = matches[0];
  if (!first || matches.some((match) => match.field !== first.field)) return null;
  return matches.reduce((best, match) => (match.rank < best.rank ? match : best));
}

/**
 * The field a label standing on its own names (a table cell, a `<dt>`, the text before a colon):
 * a part in the vocabulary, or failing that a keyword; the parts that name something must agree.
 */
export function matchLabel(label: string): LabelMatch | null {
  if (label.length > LABEL_LENGTH_MAX) return null;
  return remembered(lenientCache, label, () => {
    const matches = labelParts(label)
      .map((part) => EXACT.get(part) ?? keywordMatch(part))
      .filter((match): match is LabelMatch => match !== null);
    return combine(matches);
  });
}

/**
 * The field a label names when it is cut out of running text (`₹70,180 एकूण कपात / Total Deductions`):
 * every part must be in the vocabulary, so the cut never swallows a neighbouring value.
 */
export function matchExactLabel(label: string): LabelMatch | null {
  if (label.length > LABEL_LENGTH_MAX || /[\d०-९]/.test(label)) return null; // no label of the vocabulary has a digit
  return remembered(strictCache, label, () => {
    const parts = labelParts(label);
    const matches = parts.map((part) => EXACT.get(part));
    return matches.every((match) => match !== undefined) ? combine(matches) : null;
  });
}

const SLIP_TITLES = [
  'pay slip',
  'salary slip',
  'pay statement',
  'salary statement',
  'वेतन पावती',
  'वेतन चिठ्ठी',
  'पगार पावती',
  'पगार पत्रक',
  'वेतन पत्रक',
  'वेतन स्लिप',
  'पगार स्लिप',
  'पे स्लिप',
  'सॅलरी स्लिप',
  'वेतन पर्ची',
];

/** Whether a line of the document calls it a salary slip (`Pay Slip for October 2026`, `वेतन पावती`). */
export function mentionsSalarySlip(text: string): boolean {
  return labelParts(text).some((part) => SLIP_TITLES.some((title) => ` ${part} `.includes(` ${title} `)));
}
