/**
 * A web payroll export: English labels and values in divs without colons (a label div beside its
 * value div), abbreviated labels (DOB, DOJ), dates like 23-04-1988, the month as Oct-2026,
 * amounts as `Rs. 45,000.00`.
 */
import { dayMonthYear, escapeHtml, MONTHS_EN, rupeesWithPaise } from '../formats.js';
import type { PayItem } from '../people.js';
import { fullName, OFFICE_EN, type SlipLayout } from './layout.js';

const item = (label: string, value: string) =>
  `<div class="item"><div class="label">${label}</div><div class="value">${value}</div></div>`;
const payItems = (items: readonly PayItem[]) =>
  items.map((pay) => item(pay.en, `Rs. ${rupeesWithPaise(pay.amount)}`)).join('\n');

export const englishDivsLayout: SlipLayout = {
  printsPan: false,
  fileName: (person, { year, month }) =>
    `${person.sevarthId}-${MONTHS_EN[month - 1]!.slice(0, 3).toUpperCase()}-${year}.html`,
  nameAsWritten: fullName,
  html(p, { year, month }) {
    return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Salary Slip</title>
<style>body{font-family:Verdana,sans-serif;font-size:13px}.item{display:flex;gap:12px}.label{width:180px;color:#555}.value{font-weight:bold}.section{margin-top:10px;border-top:1px solid #ccc}</style></head><body>
<div class="slip">
<div class="top"><div class="org">Government of Maharashtra</div><div class="org">${OFFICE_EN}</div><div class="title">Salary Slip</div></div>
<div class="details">
${item('Employee Name', escapeHtml(fullName(p)))}
${item('Sevarth Code', p.sevarthId)}
${item('Designation', `${p.designation.en} (${p.designation.payLevel})`)}
${item('Pay Month', `${MONTHS_EN[month - 1]!.slice(0, 3)}-${year}`)}
${item('DOB', dayMonthYear(p.dateOfBirth, '-'))}
${item('DOJ', dayMonthYear(p.dateOfJoining, '-'))}
${item('Superannuation Date', dayMonthYear(p.dateOfRetirement, '-'))}
</div>
<div class="section"><div class="heading">Earnings</div>
${payItems(p.earnings)}
</div>
<div class="section"><div class="heading">Deductions</div>
${payItems(p.deductions)}
</div>
<div class="section totals">
${item('Total Earnings', `Rs. ${rupeesWithPaise(p.gross)}`)}
${item('Total Deductions', `Rs. ${rupeesWithPaise(p.totalDeductions)}`)}
${item('Net Amount Payable', `Rs. ${rupeesWithPaise(p.net)}/-`)}
</div>
</div></body></html>`;
  },
};
