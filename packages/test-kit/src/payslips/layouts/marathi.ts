/**
 * Marathi only: Marathi labels, the name in Devanagari surname first, Devanagari digits in dates and
 * amounts (the Sevarth ID stays as the payroll system writes it, in Latin letters and digits).
 */
import { dayMonthYear, devanagariDigits, escapeHtml, MONTHS_EN, MONTHS_MR, rupees } from '../formats.js';
import { inMarathi } from '../people.js';
import { OFFICE_MR, type SlipLayout, type SlipSubject } from './layout.js';

const amount = (rupeesAmount: number) => devanagariDigits(rupees(rupeesAmount));
const date = (value: Date) => devanagariDigits(dayMonthYear(value));
const nameInMarathi = (p: SlipSubject) =>
  `${inMarathi(p.firstName)} ${inMarathi(p.middleName)} ${inMarathi(p.lastName)}`;

export const marathiLayout: SlipLayout = {
  printsPan: false,
  fileName: (person, { year, month }) =>
    `vetan-pavati-${person.sevarthId}-${MONTHS_EN[month - 1]!.toLowerCase()}-${year}.html`,
  nameAsWritten: nameInMarathi,
  html(p, { year, month }) {
    const salaryMonth = `${MONTHS_MR[month - 1]} ${devanagariDigits(year)}`;
    const surnameFirst = `${inMarathi(p.lastName)} ${inMarathi(p.firstName)} ${inMarathi(p.middleName)}`;
    const payRows = p.earnings.map((earning, i) => {
      const deduction = p.deductions[i];
      return `<tr><td>${earning.mr}</td><td class="amt">${amount(earning.amount)}</td><td>${deduction?.mr ?? ''}</td><td class="amt">${deduction ? amount(deduction.amount) : ''}</td></tr>`;
    });
    return `<!DOCTYPE html><html lang="mr"><head><meta charset="utf-8"><title>वेतन पावती</title>
<style>body{font-family:'Noto Sans Devanagari',sans-serif;margin:20px}table{border-collapse:collapse;width:100%}td,th{border:1px solid #888;padding:3px 6px;text-align:left}.amt{text-align:right}h2,h3{text-align:center;margin:4px}</style></head><body>
<h2>महाराष्ट्र शासन</h2><h3>${OFFICE_MR}</h3><h3>वेतन पावती — माहे ${salaryMonth}</h3>
<table class="emp">
<tr><th>कर्मचाऱ्याचे नाव</th><td>${escapeHtml(surnameFirst)}</td><th>सेवार्थ क्रमांक</th><td>${p.sevarthId}</td></tr>
<tr><th>पदनाम</th><td>${p.designation.mr}</td><th>वेतन स्तर</th><td>${p.designation.payLevel}</td></tr>
<tr><th>जन्म तारीख</th><td>${date(p.dateOfBirth)}</td><th>सेवेत रुजू झाल्याचा दिनांक</th><td>${date(p.dateOfJoining)}</td></tr>
<tr><th>सेवानिवृत्तीचा दिनांक</th><td>${date(p.dateOfRetirement)}</td><th>वेतन महिना</th><td>${salaryMonth}</td></tr>
</table><br>
<table><tr><th>वेतन व भत्ते</th><th class="amt">रक्कम (रु.)</th><th>कपाती</th><th class="amt">रक्कम (रु.)</th></tr>
${payRows.join('\n')}
<tr><th>एकूण वेतन</th><th class="amt">${amount(p.gross)}</th><th>एकूण कपात</th><th class="amt">${amount(p.totalDeductions)}</th></tr>
</table><p><b>निव्वळ देय वेतन : ₹ ${amount(p.net)}</b></p><p>ही संगणकीकृत वेतन पावती असल्याने स्वाक्षरीची आवश्यकता नाही.</p></body></html>`;
  },
};
