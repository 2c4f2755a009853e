/**
 * From the claims (label beside possible value) to one value per field: a claim counts only when
 * its text has the field's form, a rank-1 label beats a rank-2 one, and otherwise the first in the
 * document wins. Sevarth IDs are all kept, so a file holding two slips can be refused.
 */
import type { FieldClaim } from './payslips.claims.js';
import { isKnownLabel, type SlipField } from './payslips.labels.js';
import { parseDate, parseMonth, parseMoneyToPaise } from './payslips.numbers.js';

/** The employee's identifier in the state payroll system (= the DGP ID): 7 capital letters then 4 digits. */
const SEVARTH_ID = /(?<![A-Z0-9])[A-Z]{7}\d{4}(?![A-Z0-9])/;
const PAYSLIP_NUMBER = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,39}$/;
const NAME_MAX = 120;
const NO_VALUE = /^(?:n\/?a|nil|none|null|not applicable)$/i;

const LEADING_SEPARATORS = /^[\s:：=|/\-–—]+/u;
const TRAILING_SEPARATORS = /[\s:：=|/,;\-–—]+$/u;
const cleanValue = (value: string) => value.replace(LEADING_SEPARATORS, '').replace(TRAILING_SEPARATORS, '');

/** Text that was meant as an ID (it has a digit and is short), as opposed to a neighbouring label or heading. */
function idLikeText(value: string): string | null {
  const text = cleanValue(value);
  return /\d/.test(text) && text.length <= 30 ? text : null;
}

function parseSevarthId(value: string): string | null {
  return SEVARTH_ID.exec(value.toUpperCase())?.[0] ?? null;
}

/** A person's name: letters, no digits, no colon, and not itself a label (an empty value cell, then the next label). */
function parseName(value: string): string | null {
  const name = cleanValue(value);
  if (name === '' || name.length > NAME_MAX || NO_VALUE.test(name)) return null;
  if (!/\p{L}/u.test(name) || /[\d:：]/u.test(name) || isKnownLabel(name)) return null;
  return name;
}

function parsePayslipNumber(value: string): string | null {
  const token =
    cleanValue(value)
      .split(' ')[0]
      ?.replace(/[.\-/]+$/, '') ?? '';
  return PAYSLIP_NUMBER.test(token) && /\d/.test(token) ? token : null;
}

type FieldValue = string | number;

const PARSERS: Record<SlipField, (value: string) => FieldValue | null> = {
  sevarthId: parseSevarthId,
  employeeName: parseName,
  month: parseMonth,
  dateOfBirth: parseDate,
  dateOfJoining: parseDate,
  dateOfRetirement: parseDate,
  grossPaise: parseMoneyToPaise,
  deductionsPaise: parseMoneyToPaise,
  netPaise: parseMoneyToPaise,
  payslipNumber: parsePayslipNumber,
};

// A name has no form to check, so it is taken only where something separates it from its label.
const NEEDS_SEPARATED_LABEL = new Set<SlipField>(['employeeName']);

export interface FieldValues {
  readonly sevarthId: string | null;
  readonly employeeName: string | null;
  readonly month: string | null;
  readonly dateOfBirth: string | null;
  readonly dateOfJoining: string | null;
  readonly dateOfRetirement: string | null;
  readonly grossPaise: number | null;
  readonly deductionsPaise: number | null;
  readonly netPaise: number | null;
  readonly payslipNumber: string | null;
}

export interface FieldReadings {
  readonly values: FieldValues;
  /** Every distinct valid Sevarth ID in the document, in order. */
  readonly sevarthIds: readonly string[];
  /** Text found under a Sevarth ID label that is not a Sevarth ID, for the failure message. */
  readonly invalidSevarthText: string | null;
}

/** The longest value a field may have (a name, a date, an amount): longer text is not one. */
const VALUE_MAX = 200;

export function readFields(claims: readonly FieldClaim[]): FieldReadings {
  const best = new Map<SlipField, { rank: number; value: FieldValue }>();
  const sevarthIds: string[] = [];
  let invalidSevarthText: string | null = null;

  for (const claim of claims) {
    if (claim.loose && NEEDS_SEPARATED_LABEL.has(claim.field)) continue;
    // No field's value is this long; the number patterns would take quadratic time over a huge cell.
    if (claim.value.length > VALUE_MAX) continue;
    const value = PARSERS[claim.field](claim.value);
    if (claim.field === 'sevarthId') {
      if (typeof value === 'string' && !sevarthIds.includes(value)) sevarthIds.push(value);
      if (value === null && !claim.loose) invalidSevarthText ??= idLikeText(claim.value);
    }
    if (value === null) continue;
    const known = best.get(claim.field);
    if (!known || claim.rank < known.rank) best.set(claim.field, { rank: claim.rank, value });
  }

  const text = (field: SlipField) => {
    const value = best.get(field)?.value;
    return typeof value === 'string' ? value : null;
  };
  const paise = (field: SlipField) => {
    const value = best.get(field)?.value;
    return typeof value === 'number' ? value : null;
  };
  return {
    values: {
      sevarthId: text('sevarthId'),
      employeeName: text('employeeName'),
      month: text('month'),
      dateOfBirth: text('dateOfBirth'),
      dateOfJoining: text('dateOfJoining'),
      dateOfRetirement: text('dateOfRetirement'),
      grossPaise: paise('grossPaise'),
      deductionsPaise: paise('deductionsPaise'),
      netPaise: paise('netPaise'),
      payslipNumber: text('payslipNumber'),
    },
    sevarthIds,
    invalidSevarthText,
  };
}
