/**
 * Label text in one canonical form, so that a label matches the vocabulary however it is spelled:
 * case, dots and punctuation, `(₹)` and other brackets, currency words, Marathi genitive endings
 * (`सेवानिवृत्तीची` = `सेवानिवृत्ती`, `जन्माची` = `जन्म`), `तारीख` / `दि.` = `दिनांक`,
 * `No.` / `Number` / `क्रमांक` / `क्र.` / `नं.` = one word, `आयडी` / `आईडी` = `ID`.
 */
import { normalizeText } from './payslips.numbers.js';

/** Words that mean one thing however they are written. */
const SYNONYMS = new Map<string, string>([
  ['तारीख', 'दिनांक'],
  ['तारिख', 'दिनांक'],
  ['दि', 'दिनांक'],
  ['dt', 'date'],
  ['number', 'no'],
  ['num', 'no'],
  ['nr', 'no'],
  ['क्रमांक', 'no'],
  ['क्र', 'no'],
  ['क्रं', 'no'],
  ['नं', 'no'],
  ['नंबर', 'no'],
  ['आयडी', 'id'],
  ['आईडी', 'id'],
  ['payslip', 'pay slip'],
  ['salaryslip', 'salary slip'],
  ['व', 'and'],
]);

/** Words that say nothing about which field it is: an article, currency. */
const FILLERS = new Set(['the', 'rs', 'inr', 'rupees', 'रु', 'रुपये', 'in']);

const GENITIVE_ENDING = /(?:च्या|ची|चे|चा|चं)$/u;

/** `सेवानिवृत्तीची` → `सेवानिवृत्ती`, `जन्माची` → `जन्म` (the oblique `ा` goes with the ending). */
function withoutGenitive(word: string): string {
  if (!GENITIVE_ENDING.test(word)) return word;
  const stem = word.replace(GENITIVE_ENDING, '');
  if ([...stem].length < 2) return word;
  return stem.endsWith('\u093e') ? stem.slice(0, -1) : stem;
}

function canonicalWord(word: string): string {
  const stem = withoutGenitive(word);
  return SYNONYMS.get(stem) ?? stem;
}

const BRACKETS = /\([^)]*\)|\[[^\]]*\]/gu;
const PUNCTUATION = /[^\p{L}\p{M}\p{N}/]+/gu;

/**
 * The normalised parts of a label: bilingual labels are split at `/` or `|`, each part lower-case
 * words in canonical form. `सेवार्थ क्रमांक / Sevarth ID:` → [`सेवार्थ no`, `sevarth id`].
 */
export function labelParts(label: string): string[] {
  const flat = normalizeText(label)
    .toLowerCase()
    .replace(BRACKETS, ' ')
    .replace(/\u0931/g, '\u0930') // ऱ and र्‍ are the same letter typed two ways
    .replace(/[.'’‘`]/g, '')
    .replace(/\|/g, '/')
    .replace(/&/g, ' and ')
    .replace(PUNCTUATION, ' ');
  return flat
    .split('/')
    .map(
      (part) =>
        part
          .split(' ')
          .filter((word) => word !== '' && !FILLERS.has(word))
          .map(canonicalWord)
          .join(' ')
          .replace(/^\d+ (?=\D)/u, ''), // list numbering: `3. Name` is `Name`
    )
    .filter((part) => part !== '');
}
