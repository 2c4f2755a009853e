import { describe, expect, it } from 'vitest';
import { matchExactLabel, matchLabel, mentionsSalarySlip, type SlipField } from './payslips.labels.js';

const fieldOf = (label: string) => matchLabel(label)?.field ?? null;

describe('the label vocabulary', () => {
  const cases: Record<SlipField, readonly string[]> = {
    sevarthId: [
      'Sevarth ID',
      'Sevaarth ID',
      'SEVARTH NO.',
      'सेवार्थ क्रमांक',
      'सेवार्थ आयडी',
      'सेवार्थ आईडी',
      'सेवार्थ क्र.',
      'सेवार्थ क्रमांक / Sevarth ID',
      'DGP ID',
      "Employee's Sevaarth Code",
    ],
    employeeName: ['Name', 'Name of Employee', 'Employee Name:', 'नाव', 'कर्मचाऱ्याचे नाव', 'कर्मचाऱ्याचे नांव', 'नाव / Name'],
    month: [
      'Month',
      'Pay Month',
      'Salary Month',
      'वेतन महिना',
      'पगार महिना',
      'पगाराचा महिना',
      'महिना',
      'माहे',
      'Month & Year',
      'वेतन महिना / Salary Month',
    ],
    dateOfBirth: [
      'Date of Birth',
      'DOB',
      'जन्म तारीख',
      'जन्म दिनांक',
      'जन्मतारीख',
      'जन्माची तारीख',
      'जन्म दि.',
      'जन्म दिनांक / Date of Birth',
      "Employee's Date of Birth",
    ],
    dateOfJoining: [
      'Date of Joining',
      'DOJ',
      'सेवेत रुजू झाल्याची तारीख',
      'सेवेत रुजू झाल्याचा दिनांक',
      'रुजू दिनांक',
      'Date of Appointment',
      'सेवेत प्रथम रुजू झाल्याचा दिनांक',
    ],
    dateOfRetirement: [
      'Date of Retirement',
      'Date of Superannuation',
      'सेवानिवृत्तीची तारीख',
      'सेवानिवृत्ती दिनांक',
      'सेवानिवृत्तीचा दिनांक',
      'निवृत्ती दिनांक',
      'सेवानिवृत्ती दिनांक / Date of Superannuation',
    ],
    grossPaise: ['Gross', 'Gross Salary', 'Gross Pay (₹)', 'Total Earnings', 'एकूण वेतन', 'एकूण पगार', 'एकूण वेतन / Gross'],
    deductionsPaise: [
      'Total Deductions',
      'Total Deduction (Rs.)',
      'एकूण कपात',
      'Deductions',
      'कपात',
      'एकूण कपात / Total Deductions',
    ],
    netPaise: [
      'Net Pay',
      'Net Salary',
      'Net Amount Payable',
      'निव्वळ वेतन',
      'निव्वळ पगार',
      'निव्वळ देय रक्कम',
      'निव्वळ वेतन / Net Pay',
    ],
    payslipNumber: ['Payslip No.', 'Pay Slip Number', 'Slip No', 'वेतन पावती क्रमांक', 'पावती क्र.'],
  };
  for (const [field, labels] of Object.entries(cases)) {
    it(`knows the labels of ${field}`, () => {
      for (const label of labels) expect(fieldOf(label), label).toBe(field);
    });
  }

  it('ranks a bare heading below the label that names the field', () => {
    expect(matchLabel('Total Deductions')).toEqual({ field: 'deductionsPaise', rank: 1 });
    expect(matchLabel('Deductions')).toEqual({ field: 'deductionsPaise', rank: 2 });
    expect(matchLabel('Month')).toEqual({ field: 'month', rank: 1 });
    expect(matchLabel('Pay Slip')).toEqual({ field: 'month', rank: 2 });
  });

  it('names nothing for labels of other things, or parts that disagree', () => {
    for (const label of [
      'Designation',
      'Basic Pay',
      'Bank Name',
      "Father's Name",
      'Name of Office',
      'PAN',
      'Pay Level',
      'Date',
      'Earnings',
      'Gross / Net',
      'SRPFAMR1085',
      '₹ 70,270',
    ])
      expect(fieldOf(label), label).toBeNull();
  });

  it('takes a label cut from running text only when all of it is in the vocabulary', () => {
    expect(matchExactLabel('एकूण कपात / Total Deductions')?.field).toBe('deductionsPaise');
    expect(matchExactLabel("Employee's Date of Birth")).toBeNull();
    expect(matchExactLabel('Patil Sevarth ID')).toBeNull();
  });
});

describe('slip titles', () => {
  it('recognises a page calling itself a pay or salary slip', () => {
    expect(mentionsSalarySlip('Pay Slip for the month of October 2026')).toBe(true);
    expect(mentionsSalarySlip('वेतन पावती / Salary Slip — ऑक्टोबर 2026')).toBe(true);
    expect(mentionsSalarySlip('PAYSLIP')).toBe(true);
    expect(mentionsSalarySlip('Leave application form')).toBe(false);
  });
});
