/** Marathi / English labels in divs (`नाव / Name: …`), the name surname first in capitals, dates like 23-Apr-1988. */
import { dayShortMonthYear, escapeHtml, MONTHS_EN, MONTHS_MR, rupees } from '../formats.js';
import type { PayItem } from '../people.js';
import { fullName, OFFICE_EN, type SlipLayout } from './layout.js';

const field = (mr: string, en: string, value: string) =>
  `<div class="field"><span class="label">${mr} / ${en}</span>: <span class="value">${value}</span></div>`;
const payRows = (items: readonly PayItem[]) =>
  items.map((item) => `<tr><td>${item.en}</td><td class="amt">${rupees(item.amount)}</td></tr>`).join('');

export const bilingualLayout: SlipLayout = {
  printsPan: false,
  fileName: (person, { year, month }) => `Payslip-${person.sevarthId}-${MONTHS_EN[month - 1]!.slice(0, 3)}${year}.html`,
  nameAsWritten: fullName,
  html(p, { year, month }) {
    const surnameFirst = `${p.lastName.toUpperCase()} ${p.firstName.toUpperCase()} ${p.middleName.toUpperCase()}`;
    return `<!DOCTYPE html><html lang="mr"><head><meta charset="utf-8"><title>वेतन पावती / Salary Slip</title>
<style>body{font-family:'Noto Sans Devanagari',Arial,sans-serif}.field{margin:2px 0}.label{font-weight:bold}table{width:100%;border-collapse:collapse}td{border-bottom:1px dotted #aaa;padding:3px}.amt{text-align:right}</style></head><body>
<div class="head"><div>महाराष्ट्र शासन / Government of Maharashtra</div><div>राज्य राखीव पोलीस बल, गट क्र. ५, दौंड / ${OFFICE_EN}</div>
<div>वेतन पावती / Salary Slip — ${MONTHS_MR[month - 1]} ${year} / ${MONTHS_EN[month - 1]} ${year}</div></div>
<section class="employee">
${field('नाव', 'Name', escapeHtml(surnameFirst))}
${field('सेवार्थ आयडी', 'Sevarth ID', p.sevarthId)}
${field('पदनाम', 'Designation', `${p.designation.mr} / ${p.designation.en}`)}
${field('जन्म दिनांक', 'Date of Birth', dayShortMonthYear(p.dateOfBirth))}
${field('रुजू दिनांक', 'Date of Joining', dayShortMonthYear(p.dateOfJoining))}
${field('सेवानिवृत्ती दिनांक', 'Date of Superannuation', dayShortMonthYear(p.dateOfRetirement))}
</section>
<h3>वेतन / Earnings</h3><table>${payRows(p.earnings)}</table>
<h3>कपात / Deductions</h3><table>${payRows(p.deductions)}</table>
<div class="total">एकूण वेतन / Gross: ₹${rupees(p.gross)} &nbsp; एकूण कपात / Total Deductions: ₹${rupees(p.totalDeductions)} &nbsp; निव्वळ वेतन / Net Pay: ₹${rupees(p.net)}</div>
</body></html>`;
  },
};
