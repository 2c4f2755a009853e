/**
 * Reads one uploaded salary slip by its labels, never by position: English, Marathi or bilingual
 * labels, Latin or Devanagari digits, in tables, `<dl>` lists, divs and spans or `label: value`
 * text. Pure: the same HTML always gives the same reading. Which employee the Sevarth ID belongs to
 * is decided later, by the matcher.
 */
import { fieldClaims } from './payslips.claims.js';
import { readFields, type FieldReadings } from './payslips.fields.js';
import { parseHtml, SlipTooComplexError, type HtmlElement } from './payslips.html-tree.js';
import { mentionsSalarySlip } from './payslips.labels.js';
import { textLines, type TextLine } from './payslips.text-lines.js';

export interface ReadSlip {
  /** 7 capital letters then 4 digits: the employee's DGP ID. */
  readonly sevarthId: string;
  /** As written on the slip (`PATIL SUNIL RAMESH`, `Sunil Ramesh Patil`), spaces collapsed; null when the slip shows none. */
  readonly employeeName: string | null;
  /** `YYYY-MM`. */
  readonly month: string;
  /** `YYYY-MM-DD`, or null when the slip does not show it. */
  readonly dateOfBirth: string | null;
  readonly dateOfJoining: string | null;
  readonly dateOfRetirement: string | null;
  /** Integer paise, or null when the slip does not show it. */
  readonly grossPaise: number | null;
  readonly deductionsPaise: number | null;
  readonly netPaise: number | null;
  readonly payslipNumber: string | null;
  /** False when the slip shows gross, deductions and net and net ≠ gross − deductions; the figures are kept as shown. */
  readonly consistent: boolean;
}

export type SlipReadFailure = 'not_a_slip' | 'no_sevarth_id' | 'no_month' | 'too_complex';

export type SlipReading =
  | { readonly ok: true; readonly slip: ReadSlip }
  | { readonly ok: false; readonly reason: SlipReadFailure; readonly message: string };

const failure = (reason: SlipReadFailure, message: string): SlipReading => ({ ok: false, reason, message });

const lineText = (line: TextLine) =>
  line.columns.map((column) => column.lines.map((pieces) => pieces.join(' ')).join(' ')).join(' ');

/**
 * Whether the document is a salary slip at all: a Sevarth ID label, or two signs among a title
 * calling it a pay or salary slip, a salary month, a payslip number and the pay figures. A name and
 * dates alone are on many other papers.
 */
function looksLikeSlip(lines: readonly TextLine[], { values, sevarthIds, invalidSevarthText }: FieldReadings): boolean {
  if (sevarthIds.length > 0 || invalidSevarthText !== null) return true;
  const signs = [
    lines.some((line) => mentionsSalarySlip(lineText(line))),
    values.month !== null,
    values.payslipNumber !== null,
    values.grossPaise !== null,
    values.deductionsPaise !== null,
    values.netPaise !== null,
  ];
  return signs.filter(Boolean).length >= 2;
}

/** The tree, or why a file past the parser's limits (too deep, too many elements) was not read. */
function treeOf(html: string): HtmlElement | SlipTooComplexError {
  try {
    return parseHtml(html);
  } catch (error) {
    if (error instanceof SlipTooComplexError) return error;
    throw error;
  }
}

export function readSlip(html: string): SlipReading {
  const tree = treeOf(html);
  if (tree instanceof SlipTooComplexError) return failure('too_complex', tree.message);
  const lines = textLines(tree);
  const readings = readFields(fieldClaims(lines));
  const { values, sevarthIds, invalidSevarthText } = readings;

  if (!looksLikeSlip(lines, readings)) {
    return failure(
      'not_a_slip',
      'Not a salary slip: no Sevarth ID, salary month or pay figures were found in this file.',
    );
  }
  if (sevarthIds.length > 1) {
    return failure(
      'not_a_slip',
      `This file holds more than one Sevarth ID (${sevarthIds.join(', ')}); upload each slip as a file of its own.`,
    );
  }
  if (values.sevarthId === null) {
    return failure(
      'no_sevarth_id',
      invalidSevarthText === null
        ? 'No Sevarth ID found on the slip (a "Sevarth ID" or "सेवार्थ क्रमांक" label with 7 capital letters then 4 digits).'
        : `The Sevarth ID on the slip ("${invalidSevarthText}") is not 7 capital letters then 4 digits.`,
    );
  }
  if (values.month === null) {
    return failure(
      'no_month',
      'No salary month found on the slip (a label such as "Month" or "वेतन महिना" with a month and year, e.g. October 2026 or 10/2026).',
    );
  }

  const { grossPaise, deductionsPaise, netPaise } = values;
  const consistent =
    grossPaise === null || deductionsPaise === null || netPaise === null || netPaise === grossPaise - deductionsPaise;
  return { ok: true, slip: { ...values, sevarthId: values.sevarthId, month: values.month, consistent } };
}
