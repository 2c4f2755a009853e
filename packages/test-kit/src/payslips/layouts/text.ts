/**
 * A plain-text slip in a `<pre>`, as older payroll systems print it: `Label : value` lines in
 * English, two pairs on some lines, dates like 23.04.1988, amounts with paise.
 */
import { dayMonthYear, escapeHtml, MONTHS_EN, pad, rupeesWithPaise } from '../formats.js';
import type { PayItem } from '../people.js';
import { fullName, OFFICE_EN, type SlipLayout } from './layout.js';

const LABEL_WIDTH = 19;
const LINE_WIDTH = 64;
const PAIR_WIDTH = 44;

const pair = (label: string, value: string) => `${label.padEnd(LABEL_WIDTH)}: ${value}`;
const twoPairs = (left: string, right: string) => `${left.padEnd(PAIR_WIDTH)}${right}`;
const amountLine = (name: string, amount: string) => `${name.padEnd(LINE_WIDTH - 16)}${amount.padStart(16)}`;
const payLines = (heading: string, items: readonly PayItem[]) => [
  amountLine(heading, 'Rs.'),
  ...items.map((item) => amountLine(item.en, rupeesWithPaise(item.amount))),
];
const centred = (text: string) => text.padStart(Math.floor((LINE_WIDTH + text.length) / 2));

export const textLayout: SlipLayout = {
  printsPan: true,
  fileName: (person, { year, month }) => `SALSLIP_${person.sevarthId}_${pad(month)}${year}.html`,
  nameAsWritten: fullName,
  html(p, { year, month }) {
    const rule = '-'.repeat(LINE_WIDTH);
    const lines = [
      centred('GOVERNMENT OF MAHARASHTRA'),
      centred(OFFICE_EN.toUpperCase()),
      centred(`SALARY SLIP FOR ${MONTHS_EN[month - 1]!.toUpperCase()} ${year}`),
      '='.repeat(LINE_WIDTH),
      pair('Employee Name', escapeHtml(fullName(p))),
      twoPairs(pair('Sevarth ID', p.sevarthId), `Month : ${pad(month)}/${year}`),
      twoPairs(pair('Designation', p.designation.en), `Pay Level : ${p.designation.payLevel}`),
      twoPairs(
        pair('Date of Birth', dayMonthYear(p.dateOfBirth, '.')),
        `Date of Joining : ${dayMonthYear(p.dateOfJoining, '.')}`,
      ),
      twoPairs(pair('Date of Retirement', dayMonthYear(p.dateOfRetirement, '.')), `PAN : ${p.maskedPan ?? ''}`),
      rule,
      ...payLines('EARNINGS', p.earnings),
      rule,
      ...payLines('DEDUCTIONS', p.deductions),
      rule,
      pair('Gross Salary', `Rs. ${rupeesWithPaise(p.gross)}`),
      pair('Total Deductions', `Rs. ${rupeesWithPaise(p.totalDeductions)}`),
      pair('Net Pay', `Rs. ${rupeesWithPaise(p.net)}/-`),
      rule,
      'This is a computer generated slip; no signature is required.',
    ];
    return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Salary Slip</title></head><body><pre>
${lines.join('\n')}
</pre></body></html>`;
  },
};
