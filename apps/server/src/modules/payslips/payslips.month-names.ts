/**
 * Month names as slips write them: English full and short, Marathi full and short, and the Hindi
 * spellings that Marathi typists also use. Each maps to its month number (1–12).
 */
const MONTH_NAMES: readonly (readonly string[])[] = [
  ['january', 'jan', 'जानेवारी', 'जाने', 'जनवरी'],
  ['february', 'feb', 'फेब्रुवारी', 'फेब्रु', 'फेब्रुवरी', 'फरवरी'],
  ['march', 'mar', 'मार्च'],
  ['april', 'apr', 'एप्रिल', 'एप्रि', 'अप्रैल', 'अप्रिल'],
  ['may', 'मे', 'मई'],
  ['june', 'jun', 'जून'],
  ['july', 'jul', 'जुलै', 'जुलाई'],
  ['august', 'aug', 'ऑगस्ट', 'ऑग', 'ओगस्ट', 'अगस्ट', 'अगस्त'],
  ['september', 'sept', 'sep', 'सप्टेंबर', 'सप्टेम्बर', 'सप्टें', 'सितंबर', 'सितम्बर'],
  ['october', 'oct', 'ऑक्टोबर', 'ऑक्टो', 'ओक्टोबर', 'अक्टूबर', 'अक्तूबर'],
  ['november', 'nov', 'नोव्हेंबर', 'नोव्हेम्बर', 'नोव्हें', 'नोवेंबर', 'नवंबर', 'नवम्बर'],
  ['december', 'dec', 'डिसेंबर', 'डिसेम्बर', 'डिसें', 'दिसंबर', 'दिसम्बर'],
];

const MONTH_BY_NAME = new Map<string, number>(
  MONTH_NAMES.flatMap((names, index) => names.map((name) => [name.normalize('NFC'), index + 1] as const)),
);

/** The month number of a name (any case), or undefined. */
export function monthNumberOf(name: string): number | undefined {
  return MONTH_BY_NAME.get(name.toLowerCase());
}

/**
 * A regular-expression source matching any month name as a whole word. Longest names first, so
 * `September` is not read as `Sep`; a Devanagari vowel sign after a name means a longer word.
 */
export const MONTH_NAME_PATTERN = `(?<![\\p{L}\\p{M}])(${[...MONTH_BY_NAME.keys()]
  .sort((a, b) => b.length - a.length)
  .join('|')})(?![\\p{L}\\p{M}])`;
