import { describe, expect, it } from 'vitest';
import { normalizeText, parseDate, parseMoneyToPaise, parseMonth, toLatinDigits } from './payslips.numbers.js';

describe('text normalisation', () => {
  it('turns Devanagari digits into Latin ones and leaves everything else', () => {
    expect(toLatinDigits('०१२३४५६७८९')).toBe('0123456789');
    expect(toLatinDigits('एकूण ₹५६,८१४')).toBe('एकूण ₹56,814');
  });

  it('composes, drops zero-width marks and collapses every kind of space', () => {
    expect(normalizeText('  Net\u00a0 Pay \t:\n ₹ 100  ')).toBe('Net Pay : ₹ 100');
    expect(normalizeText('कर्मचाऱ्\u200dयाचे')).toBe('कर्मचाऱ्याचे');
    expect(normalizeText('Ravi\u0000 Shinde\u001f\u007f')).toBe('Ravi Shinde');
    expect(normalizeText('Ravi \u0000 Shinde\tPatil')).toBe('Ravi Shinde Patil');
    expect(normalizeText('\u0906\u0945क्टोबर')).toBe('ऑक्टोबर');
    expect(normalizeText('e\u0301')).toBe('\u00e9');
  });
});

describe('money', () => {
  it('reads rupees with commas, ₹, Rs. and /- as integer paise', () => {
    expect(parseMoneyToPaise('₹ 70,270')).toBe(7_027_000);
    expect(parseMoneyToPaise('Rs. 70,270/-')).toBe(7_027_000);
    expect(parseMoneyToPaise('Rs70270')).toBe(7_027_000);
    expect(parseMoneyToPaise('INR 1,23,456')).toBe(12_345_600);
    expect(parseMoneyToPaise('123,456')).toBe(12_345_600);
    expect(parseMoneyToPaise(': ₹0')).toBe(0);
    expect(parseMoneyToPaise('₹५६,८१४.००')).toBe(5_681_400);
  });

  it('keeps decimals exactly, without floating point', () => {
    // 0.1 + 0.2 is not 0.3 in floating point; in paise the sums must come out exact.
    const [a, b, c] = ['₹0.10', '₹0.20', '₹0.30'].map(parseMoneyToPaise);
    expect(a! + b!).toBe(c);
    expect(parseMoneyToPaise('48,250.5')).toBe(4_825_050);
    expect(parseMoneyToPaise('12,34,56,789.99')).toBe(12_345_678_999);
    expect(parseMoneyToPaise('90,07,19,92,54,740.99')).toBe(900_719_925_474_099);
    expect(parseMoneyToPaise('100.500')).toBe(10_050);
  });

  it('refuses what is not a sum of money', () => {
    for (const text of [
      '',
      'Amount (₹)',
      'Nil',
      '1,2345',
      '100.505',
      '12.34.56',
      'S-14',
      '₹ ',
      '99,99,99,99,99,99,99,999',
    ])
      expect(parseMoneyToPaise(text), text).toBeNull();
  });
});

describe('dates', () => {
  it('reads day-first dates written with /, - or .', () => {
    expect(parseDate('23/04/1988')).toBe('1988-04-23');
    expect(parseDate('3-4-1988')).toBe('1988-04-03');
    expect(parseDate('23.04.1988')).toBe('1988-04-23');
    expect(parseDate('२३/०४/१९८८')).toBe('1988-04-23');
    expect(parseDate('1988-04-23')).toBe('1988-04-23');
  });

  it('reads month names in English and Marathi', () => {
    expect(parseDate('23-Apr-1988')).toBe('1988-04-23');
    expect(parseDate('23 April 1988')).toBe('1988-04-23');
    expect(parseDate('23rd Sept, 1988')).toBe('1988-09-23');
    expect(parseDate('April 23, 1988')).toBe('1988-04-23');
    expect(parseDate('२३ एप्रिल १९८८')).toBe('1988-04-23');
    expect(parseDate('३१-डिसेंबर-२०४६')).toBe('2046-12-31');
    expect(parseDate('1 मे 2030')).toBe('2030-05-01');
  });

  it('takes the first valid date and refuses impossible or two-digit-year ones', () => {
    expect(parseDate('31/02/1988 or 28/02/1988')).toBe('1988-02-28');
    expect(parseDate('23/04/1988 (age 38)')).toBe('1988-04-23');
    expect(parseDate('29/02/2023')).toBeNull();
    expect(parseDate('29/02/2024')).toBe('2024-02-29');
    expect(parseDate('23/04/88')).toBeNull();
    expect(parseDate('13/13/1988')).toBeNull();
    expect(parseDate('Pending')).toBeNull();
  });
});

describe('salary months', () => {
  it('reads a month name with its year, in English or Marathi, full or short', () => {
    for (const text of [
      'October 2026',
      'OCTOBER, 2026',
      'Oct-2026',
      'Oct 2026',
      "Oct'2026",
      'ऑक्टोबर २०२६',
      'ऑक्टो. 2026',
      '2026 October',
      'for the month of October 2026',
    ])
      expect(parseMonth(text), text).toBe('2026-10');
    expect(parseMonth('जानेवारी 2027')).toBe('2027-01');
    expect(parseMonth('Sept 2026')).toBe('2026-09');
    expect(parseMonth('मे २०२६')).toBe('2026-05');
  });

  it('reads a month written as numbers', () => {
    for (const text of [
      '10/2026',
      '10-2026',
      '10.2026',
      '2026-10',
      '2026/10',
      '१०/२०२६',
      '01/10/2026 to 31/10/2026',
      '०१.१०.२०२६ ते ३१.१०.२०२६',
    ])
      expect(parseMonth(text), text).toBe('2026-10');
  });

  it('needs a year and a real month', () => {
    for (const text of ['October', '13/2026', '2026-13', 'Pay Slip', '2026']) expect(parseMonth(text), text).toBeNull();
  });

  it('does not take a single date, or a period across months, for the salary month', () => {
    for (const text of ['printed on 05/11/2026', '2026-11-05', '16/10/2026 to 15/11/2026'])
      expect(parseMonth(text), text).toBeNull();
  });
});
