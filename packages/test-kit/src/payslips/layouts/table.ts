/** English labels in tables: the employee's details four cells to a row, then earnings beside deductions. */
import { dayMonthYear, escapeHtml, MONTHS_EN, rupees } from '../formats.js';
import { fullName, OFFICE_EN, type SlipLayout } from './layout.js';

export const tableLayout: SlipLayout = {
  printsPan: true,
  fileName: (person, month) => `${person.sevarthId}_${month.text}.html`,
  nameAsWritten: fullName,
  html(p, { year, month }) {
    const monthName = MONTHS_EN[month - 1]!;
    const payRows = p.earnings.map((earning, i) => {
      const deduction = p.deductions[i];
      return `<tr><td>${earning.en}</td><td class="amt">${rupees(earning.amount)}</td><td>${deduction?.en ?? ''}</td><td class="amt">${deduction ? rupees(deduction.amount) : ''}</td></tr>`;
    });
    return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Pay Slip ${monthName} ${year}</title>
<style>body{font-family:Arial,sans-serif;margin:24px}table{border-collapse:collapse;width:100%}td,th{border:1px solid #999;padding:4px 8px;text-align:left}.amt{text-align:right}h1,h2{text-align:center;margin:4px}</style></head><body>
<h1>Government of Maharashtra</h1><h2>${OFFICE_EN}</h2><h2>Pay Slip for the month of ${monthName} ${year}</h2>
<table class="emp">
<tr><th>Name of Employee</th><td>${escapeHtml(fullName(p))}</td><th>Sevaarth ID</th><td>${p.sevarthId}</td></tr>
<tr><th>Designation</th><td>${p.designation.en}</td><th>Pay Level</th><td>${p.designation.payLevel}</td></tr>
<tr><th>Date of Birth</th><td>${dayMonthYear(p.dateOfBirth)}</td><th>Date of Joining</th><td>${dayMonthYear(p.dateOfJoining)}</td></tr>
<tr><th>Date of Retirement</th><td>${dayMonthYear(p.dateOfRetirement)}</td><th>PAN</th><td>${p.maskedPan ?? ''}</td></tr>
</table><br>
<table><tr><th>Earnings</th><th class="amt">Amount (₹)</th><th>Deductions</th><th class="amt">Amount (₹)</th></tr>
${payRows.join('\n')}
<tr><th>Gross Salary</th><th class="amt">${rupees(p.gross)}</th><th>Total Deductions</th><th class="amt">${rupees(p.totalDeductions)}</th></tr>
</table><p><b>Net Pay: ₹ ${rupees(p.net)}</b></p><p>This is a computer generated pay slip and does not require a signature.</p></body></html>`;
  },
};
