/**
 * What a person's WhatsApp message asks for (issue 31), in English, Marathi or Hindi: STOP (the whole
 * message is a stop word), their salary slip (optionally of a month: its name in any of the three
 * languages or its number, and a year), the status of their latest leave request, or anything else
 * (help). Devanagari digits read as digits. Pure: the job decides what to do with it.
 */

export type SelfServiceRequest =
  | { intent: 'stop' }
  | { intent: 'payslip'; month: number | null; year: number | null }
  | { intent: 'leave' }
  | { intent: 'help' };

const STOP_WORDS = new Set(['stop', 'बंद', 'रोको']);
const PAYSLIP_WORDS = [
  'payslip',
  'pay slip',
  'salary slip',
  'salaryslip',
  'पगार',
  'वेतन पत्रक',
  'वेतन पावती',
  'सैलरी स्लिप',
  'वेतन पर्ची',
];
const LEAVE_WORDS = new Set(['leave', 'रजा', 'छुट्टी', 'सुट्टी']);

/** Month names and common short forms, English, Marathi and Hindi (both spellings Hindi writers use). */
const MONTHS: readonly (readonly string[])[] = [
  ['january', 'jan', 'जानेवारी', 'जनवरी'],
  ['february', 'feb', 'फेब्रुवारी', 'फरवरी', 'फ़रवरी'],
  ['march', 'mar', 'मार्च'],
  ['april', 'apr', 'एप्रिल', 'अप्रैल'],
  ['may', 'मे', 'मई'],
  ['june', 'jun', 'जून'],
  ['july', 'jul', 'जुलै', 'जुलाई'],
  ['august', 'aug', 'ऑगस्ट', 'अगस्त'],
  ['september', 'sep', 'sept', 'सप्टेंबर', 'सितंबर', 'सितम्बर'],
  ['october', 'oct', 'ऑक्टोबर', 'अक्टूबर', 'अक्तूबर'],
  ['november', 'nov', 'नोव्हेंबर', 'नवंबर', 'नवम्बर'],
  ['december', 'dec', 'डिसेंबर', 'दिसंबर', 'दिसम्बर'],
];
const MONTH_OF = new Map(MONTHS.flatMap((names, index) => names.map((name) => [name, index + 1] as const)));

const DEVANAGARI_DIGITS = /[०-९]/g;

function normalise(text: string): string {
  return text
    .normalize('NFC')
    .replace(DEVANAGARI_DIGITS, (digit) => String(digit.charCodeAt(0) - 0x0966))
    .toLowerCase()
    .trim();
}

/** The words of a message: split on spaces and punctuation (Devanagari has no \b in JavaScript's regexes). */
const wordsOf = (text: string) => text.split(/[\s,.;:!?()'"“”‘’।॥/\\-]+/u).filter((word) => word !== '');

function monthOf(text: string, words: readonly string[]): { month: number | null; year: number | null } {
  const numeric = /(\d{4})-(\d{1,2})(?!\d)/.exec(text) ?? null;
  if (numeric) return { year: Number(numeric[1]), month: valid(Number(numeric[2])) };
  const slashed = /(?<!\d)(\d{1,2})[/-](\d{4})(?!\d)/.exec(text);
  if (slashed) return { month: valid(Number(slashed[1])), year: Number(slashed[2]) };
  let month: number | null = null;
  let year: number | null = null;
  for (const word of words) {
    if (month === null && MONTH_OF.has(word)) month = MONTH_OF.get(word)!;
    else if (/^\d{4}$/.test(word)) year = Number(word);
    else if (month === null && /^\d{1,2}$/.test(word)) month = valid(Number(word));
  }
  return { month, year };
}

const valid = (month: number) => (month >= 1 && month <= 12 ? month : null);

export function readSelfServiceRequest(raw: string | null | undefined): SelfServiceRequest {
  const text = normalise(raw ?? '');
  const words = wordsOf(text);
  if (words.length === 1 && STOP_WORDS.has(words[0]!)) return { intent: 'stop' };
  const joined = words.join(' ');
  if (PAYSLIP_WORDS.some((word) => joined.includes(word))) return { intent: 'payslip', ...monthOf(text, words) };
  if (words.some((word) => LEAVE_WORDS.has(word))) return { intent: 'leave' };
  return { intent: 'help' };
}
