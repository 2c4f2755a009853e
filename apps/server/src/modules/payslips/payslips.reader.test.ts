/**
 * The reader on layouts written by hand, none of them the fixture generator's: each states what a
 * person reading the page would take from it.
 */
import { describe, expect, it } from 'vitest';
import { SLIP_ELEMENTS_MAX, SLIP_NESTING_MAX } from './payslips.html-tree.js';
import { readSlip, type ReadSlip, type SlipReading } from './payslips.reader.js';

function slipOf(reading: SlipReading): ReadSlip {
  if (!reading.ok) throw new Error(`expected a slip, got ${reading.reason}: ${reading.message}`);
  return reading.slip;
}

const page = (body: string, title = 'Salary slip') =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

describe('reading slips by their labels', () => {
  it('reads a Marathi table with Devanagari digits and label | : | value cells', () => {
    const html = page(
      `
      <h2>महाराष्ट्र शासन</h2><h3>राज्य राखीव पोलीस बल, गट क्र. ५</h3>
      <table border="1">
        <tr><td>कर्मचाऱ्याचे नाव</td><td>:</td><td>संतोष मारुती काळे</td></tr>
        <tr><td>सेवार्थ क्रमांक</td><td>:</td><td>SRPFPUN१२३४</td></tr>
        <tr><td>वेतन महिना</td><td>:</td><td>ऑक्टोबर २०२६</td></tr>
        <tr><td>जन्म तारीख</td><td>:</td><td>२३/०४/१९८८</td></tr>
        <tr><td>सेवेत रुजू झाल्याची तारीख</td><td>:</td><td>०१.०६.२०१०</td></tr>
        <tr><td>सेवानिवृत्तीची तारीख</td><td>:</td><td>३०-०४-२०४६</td></tr>
        <tr><td>एकूण वेतन</td><td>:</td><td>₹ ५६,८१४.००</td></tr>
        <tr><td>एकूण कपात</td><td>:</td><td>२,६२८</td></tr>
        <tr><td>निव्वळ वेतन</td><td>:</td><td>५४,१८६</td></tr>
      </table>`,
      'वेतन पावती',
    );
    expect(slipOf(readSlip(html))).toEqual({
      sevarthId: 'SRPFPUN1234',
      employeeName: 'संतोष मारुती काळे',
      month: '2026-10',
      dateOfBirth: '1988-04-23',
      dateOfJoining: '2010-06-01',
      dateOfRetirement: '2046-04-30',
      grossPaise: 5_681_400,
      deductionsPaise: 262_800,
      netPaise: 5_418_600,
      payslipNumber: null,
      consistent: true,
    });
  });

  it("reads 'label: value' text in a <pre>, several pairs to a line, decimals kept exactly", () => {
    const html = page(`<pre>
                 SALARY SLIP
Sevarth ID     : SRPFDND1234        Month : 10/2026
Employee Name  : Ganesh Vitthal More
Date of Birth  : 05.11.1979         Date of Joining : 14.02.2001
Date of Retirement : 30.11.2037
Gross Pay      : Rs. 48,250.50
Total Deductions : Rs. 3,120.25
Net Pay        : Rs. 45,130.25/-
Payslip No     : PS/2026/10/00417
</pre>`);
    expect(slipOf(readSlip(html))).toEqual({
      sevarthId: 'SRPFDND1234',
      employeeName: 'Ganesh Vitthal More',
      month: '2026-10',
      dateOfBirth: '1979-11-05',
      dateOfJoining: '2001-02-14',
      dateOfRetirement: '2037-11-30',
      grossPaise: 4_825_050,
      deductionsPaise: 312_025,
      netPaise: 4_513_025,
      payslipNumber: 'PS/2026/10/00417',
      consistent: true,
    });
  });

  it("reads 'label: value' lines in paragraphs split by <br>, with the value in inline elements", () => {
    const html = page(`
      <p><b>Pay Slip No:</b> 2026-10-0091</p>
      <p><b>Name:</b> Sunil <i>R.</i> Patil <b>Sevarth ID:</b> SRPFNGP1048<br>
         <b>Salary Month:</b> <span>October, 2026</span><br>
         <b>D.O.B.:</b> 08-Jul-1982 <b>D.O.J.:</b> 27-Apr-2006 <b>D.O.R.:</b> 31-Jul-2040</p>
      <p>Gross Earnings: ₹70,180 | Total Deductions: ₹4,620 | Net Pay: ₹65,560</p>`);
    expect(slipOf(readSlip(html))).toEqual({
      sevarthId: 'SRPFNGP1048',
      employeeName: 'Sunil R. Patil',
      month: '2026-10',
      dateOfBirth: '1982-07-08',
      dateOfJoining: '2006-04-27',
      dateOfRetirement: '2040-07-31',
      grossPaise: 7_018_000,
      deductionsPaise: 462_000,
      netPaise: 6_556_000,
      payslipNumber: '2026-10-0091',
      consistent: true,
    });
  });

  it('reads a <dl> of terms and definitions', () => {
    const html = page(`
      <h1>Salary Statement</h1>
      <dl>
        <dt>Employee Name</dt><dd>Priya <strong>Baban</strong> Jadhav</dd>
        <dt>Sevaarth ID</dt><dd>srpfjln1011</dd>
        <dt>Pay Month</dt><dd>Sep 2026</dd>
        <dt>Date of Birth</dt><dd>2 March 1990</dd>
        <dt>Date of Joining</dt><dd>15 June 2012</dd>
        <dt>Date of Retirement</dt><dd>31 March 2048</dd>
        <dt>Gross Salary</dt><dd>Rs 41,300</dd>
        <dt>Deductions</dt><dd>Rs 2,760</dd>
        <dt>Net Salary</dt><dd>Rs 38,540</dd>
      </dl>`);
    expect(slipOf(readSlip(html))).toMatchObject({
      sevarthId: 'SRPFJLN1011',
      employeeName: 'Priya Baban Jadhav',
      month: '2026-09',
      dateOfBirth: '1990-03-02',
      dateOfJoining: '2012-06-15',
      dateOfRetirement: '2048-03-31',
      grossPaise: 4_130_000,
      deductionsPaise: 276_000,
      netPaise: 3_854_000,
      consistent: true,
    });
  });

  it('reads a table with a header row above a value row', () => {
    const html = page(`
      <table>
        <thead><tr><th>Sr.</th><th>Sevarth ID</th><th>Employee Name</th><th>Month</th><th>Gross</th><th>Deductions</th><th>Net Pay</th></tr></thead>
        <tbody><tr><td>1</td><td>SRPFAMR1085</td><td>Amol Shankar Pawar</td><td>2026-11</td><td>35,787.00</td><td>1,854.00</td><td>33,933.00</td></tr></tbody>
      </table>`);
    expect(slipOf(readSlip(html))).toMatchObject({
      sevarthId: 'SRPFAMR1085',
      employeeName: 'Amol Shankar Pawar',
      month: '2026-11',
      grossPaise: 3_578_700,
      deductionsPaise: 185_400,
      netPaise: 3_393_300,
      dateOfBirth: null,
      consistent: true,
    });
  });

  it('reads bilingual labels side by side or stacked, and divs without colons', () => {
    const html = page(`
      <div class="slip">
        <div class="row"><div class="label">सेवार्थ क्रमांक / Sevarth ID</div><div class="value">SRPFPUN2045</div></div>
        <div class="row"><div class="label">नाव / Name</div><div class="value">MORE KAVITA SOPAN</div></div>
        <div class="row"><div class="label">पगार महिना / Pay Month</div><div class="value">नोव्हेंबर २०२६</div></div>
        <div class="row"><span>जन्म दिनांक / Date of Birth</span> <span>१२ जानेवारी १९९२</span></div>
      </div>
      <table>
        <tr><th>Gross Pay<br>एकूण वेतन</th><td>29,200</td></tr>
        <tr><th>Total Deductions<br>एकूण कपात</th><td>1,960</td></tr>
        <tr><th>Net Pay<br>निव्वळ वेतन</th><td>27,240</td></tr>
      </table>`);
    expect(slipOf(readSlip(html))).toMatchObject({
      sevarthId: 'SRPFPUN2045',
      employeeName: 'MORE KAVITA SOPAN',
      month: '2026-11',
      dateOfBirth: '1992-01-12',
      grossPaise: 2_920_000,
      deductionsPaise: 196_000,
      netPaise: 2_724_000,
      consistent: true,
    });
  });

  it('takes the month from the slip heading when no field states it', () => {
    const html = page(`<h2>माहे डिसेंबर २०२६ चे वेतन</h2><p>सेवार्थ आयडी: SRPFDND0042</p><p>निव्वळ देय रक्कम: ₹ 31,000</p>`);
    expect(slipOf(readSlip(html))).toMatchObject({ sevarthId: 'SRPFDND0042', month: '2026-12', netPaise: 3_100_000 });
  });

  it('prefers a stated month to the heading', () => {
    const html = page(
      `<h2>Pay Slip for October 2026</h2><p>Sevarth ID: SRPFDND0042</p><p>Salary Month: 09/2026 (arrears paid in October)</p>`,
    );
    expect(slipOf(readSlip(html)).month).toBe('2026-09');
  });
});

describe('layouts that could mislead', () => {
  it('reads an empty value cell as missing, not as the label below it', () => {
    const html = page(`
      <table>
        <tr><td>Name of Employee</td><td></td></tr>
        <tr><td>Designation</td><td>Police Naik</td></tr>
        <tr><td>Sevarth ID</td><td>SRPFPUN1001</td></tr>
        <tr><td>Month</td><td>10/2026</td></tr>
        <tr><td>Date of Birth</td><td>-</td></tr>
        <tr><td>Date of Joining</td><td>01/06/2010</td></tr>
      </table>`);
    expect(slipOf(readSlip(html))).toMatchObject({
      sevarthId: 'SRPFPUN1001',
      employeeName: null,
      dateOfBirth: null,
      dateOfJoining: '2010-06-01',
    });
  });

  it('reads the tables inside a layout table', () => {
    const html = page(`
      <table><tr>
        <td><table><tr><td>Sevarth ID</td><td>SRPFPUN1001</td></tr><tr><td>Name</td><td>Vijay Kale</td></tr></table></td>
        <td><table><tr><td>Month</td><td>Oct 2026</td></tr><tr><td>Net Pay</td><td>19,000</td></tr></table></td>
      </tr></table>`);
    expect(slipOf(readSlip(html))).toMatchObject({
      sevarthId: 'SRPFPUN1001',
      employeeName: 'Vijay Kale',
      month: '2026-10',
      netPaise: 1_900_000,
    });
  });

  it('does not take a time or a pay item for a field', () => {
    const html = page(`
      <p>Generated: 10/11/2026 10:30</p>
      <p>Sevarth ID: SRPFPUN1001</p><p>Month: 10/2026</p>
      <table><tr><th>Earnings</th><th>Amount</th><th>Deductions</th><th>Amount</th></tr>
        <tr><td>Basic Pay</td><td>21,700</td><td>Professional Tax</td><td>200</td></tr></table>`);
    expect(slipOf(readSlip(html))).toMatchObject({
      month: '2026-10',
      grossPaise: null,
      deductionsPaise: null,
      netPaise: null,
    });
  });
});

describe('large files', () => {
  it('reads a slip of about 2 MB, the upload limit, whose labels sit among long tables', () => {
    const rows = Array.from(
      { length: 20_000 },
      (_, index) => `<tr><td>Recovery item ${index}: instalment</td><td>${index},00</td></tr>`,
    ).join('');
    const html = page(
      `<p>Sevarth ID: SRPFPUN1001</p><table>${rows}</table><p>Month: 10/2026</p><p>${'Remarks: none. '.repeat(40_000)}</p>`,
    );
    expect(html.length).toBeGreaterThan(1_800_000);
    expect(slipOf(readSlip(html))).toMatchObject({ sevarthId: 'SRPFPUN1001', month: '2026-10' });
  });
});

describe('figures that are missing or contradict each other', () => {
  it('keeps absent figures absent and does not judge what it cannot check', () => {
    const html = page(
      `<p>Sevarth ID: SRPFAMR0007</p><p>Month: Jan 2027</p><p>Gross Pay: ₹ 50,000</p><p>Net Pay: ₹ 47,500</p>`,
    );
    expect(slipOf(readSlip(html))).toMatchObject({
      grossPaise: 5_000_000,
      deductionsPaise: null,
      netPaise: 4_750_000,
      consistent: true,
      employeeName: null,
      dateOfBirth: null,
    });
  });

  it('flags a net pay that is not gross minus deductions, keeping the figures as shown', () => {
    const html = page(
      `<p>Sevarth ID: SRPFAMR0007</p><p>Month: Jan 2027</p><p>Gross Pay: ₹ 50,000.00</p><p>Total Deductions: ₹ 2,500.00</p><p>Net Pay: ₹ 47,600.00</p>`,
    );
    expect(slipOf(readSlip(html))).toMatchObject({
      grossPaise: 5_000_000,
      deductionsPaise: 250_000,
      netPaise: 4_760_000,
      consistent: false,
    });
  });

  it('calls a slip consistent to the paisa', () => {
    const html = page(
      `<p>Sevarth ID: SRPFAMR0007</p><p>Month: Jan 2027</p><p>Gross Pay: 0.30</p><p>Total Deductions: 0.10</p><p>Net Pay: 0.20</p>`,
    );
    expect(slipOf(readSlip(html)).consistent).toBe(true);
  });
});

describe('what is not read', () => {
  it('ignores scripts, styles, comments and hidden elements', () => {
    const html = page(`
      <style>.x::after { content: "Sevarth ID: SRPFXXX9999"; }</style>
      <script>document.write('<p>Sevarth ID: SRPFXXX9999</p><p>Month: 01/2020</p>');</script>
      <!-- Sevarth ID: SRPFYYY8888 -->
      <div hidden>Sevarth ID: SRPFZZZ7777</div>
      <div style="display: none">Month: 02/2021</div>
      <p>Sevarth ID: SRPFPUN1001</p><p>Month: 10/2026</p><p>Net Pay: 21,000</p>
      <script type="module">const month = 'Month: 03/2022';</script>`);
    expect(slipOf(readSlip(html))).toMatchObject({ sevarthId: 'SRPFPUN1001', month: '2026-10', netPaise: 2_100_000 });
  });
});

describe('files that are refused', () => {
  const failureOf = (reading: SlipReading) =>
    reading.ok ? null : { reason: reading.reason, message: reading.message };

  it('refuses a page that is not a salary slip', () => {
    const circular = page(
      `<h1>Circular No. 14/2026</h1><p>Name: Office of the Commandant</p><p>Date: 12/10/2026</p><p>All staff are informed that the parade will be held at 07:00.</p>`,
      'Circular',
    );
    for (const html of [
      circular,
      '',
      '%PDF-1.7 binary garbage \u0000\u0001',
      '<html><body><table><tr><td>Basic Pay</td><td>21,700</td></tr></table></body></html>',
    ])
      expect(failureOf(readSlip(html))).toEqual({
        reason: 'not_a_slip',
        message: expect.stringMatching(/^Not a salary slip/),
      });
  });

  it('refuses a slip without a Sevarth ID, and says so', () => {
    const reading = readSlip(
      page(
        `<h2>Pay Slip for October 2026</h2><p>Name: Rahul Sopan Chavan</p><p>Gross Pay: 40,000</p><p>Net Pay: 38,000</p>`,
      ),
    );
    expect(failureOf(reading)).toEqual({ reason: 'no_sevarth_id', message: expect.stringContaining('No Sevarth ID') });
  });

  it('names a Sevarth ID that is not in the right form', () => {
    const reading = readSlip(page(`<p>Sevarth ID: SRPF12345</p><p>Month: 10/2026</p><p>Net Pay: 38,000</p>`));
    expect(failureOf(reading)).toEqual({ reason: 'no_sevarth_id', message: expect.stringContaining('"SRPF12345"') });
  });

  it('refuses a slip without a salary month', () => {
    const reading = readSlip(
      page(`<h2>Salary Slip</h2><p>Sevarth ID: SRPFNGP0101</p><p>Gross Pay: 40,000</p><p>Net Pay: 38,000</p>`),
    );
    expect(failureOf(reading)).toEqual({ reason: 'no_month', message: expect.stringContaining('No salary month') });
  });

  it('does not take the day a slip was printed for its month', () => {
    const reading = readSlip(
      page(`<h2>Salary Slip — printed 05/11/2026</h2><p>Sevarth ID: SRPFNGP0101</p><p>Net Pay: 38,000</p>`),
    );
    expect(failureOf(reading)?.reason).toBe('no_month');
  });

  it('refuses a file holding the slips of two people', () => {
    const one = (id: string) => `<div><p>Sevarth ID: ${id}</p><p>Month: 10/2026</p><p>Net Pay: 38,000</p></div>`;
    const reading = readSlip(page(one('SRPFNGP0101') + one('SRPFNGP0102')));
    expect(failureOf(reading)).toEqual({
      reason: 'not_a_slip',
      message: expect.stringContaining('SRPFNGP0101, SRPFNGP0102'),
    });
  });

  // Unbounded, the number patterns take quadratic time over such a cell (26 s here): the limit is a hang guard.
  it(
    'skips a value no field could hold (a huge run of grouped digits) and reads the rest of the slip',
    { timeout: 10_000 },
    () => {
      const huge = `1${',11'.repeat(200_000)},1`;
      const slip = slipOf(
        readSlip(
          page(`<p>Sevarth ID: SRPFNGP0101</p><p>Month: 10/2026</p><p>Gross Pay: ${huge}</p><p>Net Pay: 38,000</p>`),
        ),
      );
      expect(slip).toMatchObject({ sevarthId: 'SRPFNGP0101', month: '2026-10', grossPaise: null, netPaise: 3_800_000 });
    },
  );

  it('drops control characters from what it reads (PostgreSQL refuses NUL in text)', () => {
    const slip = slipOf(
      readSlip(
        page(
          `<p>Sevarth ID: SRPFNGP0101</p><p>Employee Name: Ravi\u0000 Shinde\u0007</p><p>Month: 10/2026</p><p>Net Pay: 38,000</p>`,
        ),
      ),
    );
    expect(slip.employeeName).toBe('Ravi Shinde');
  });
});

describe('files too complex to read (nested too deep, too many elements)', () => {
  // Two elements of slip text, with nothing around them: the tests below count every element.
  const slipText = '<p>Sevarth ID: SRPFNGP0101</p><p>Month: 10/2026</p>';
  const complexity = (reading: SlipReading) =>
    reading.ok ? null : { reason: reading.reason, message: reading.message };

  it(`reads a slip nested exactly ${SLIP_NESTING_MAX} deep, and refuses one nested a level deeper`, () => {
    const nested = (levels: number) => `${'<div>'.repeat(levels)}${slipText}${'</div>'.repeat(levels)}`;
    expect(slipOf(readSlip(nested(SLIP_NESTING_MAX - 1)))).toMatchObject({
      sevarthId: 'SRPFNGP0101',
      month: '2026-10',
    });
    expect(complexity(readSlip(nested(SLIP_NESTING_MAX)))).toEqual({
      reason: 'too_complex',
      message: `The file nests its elements more than ${SLIP_NESTING_MAX} deep; a salary slip needs far fewer.`,
    });
  });

  it('reads a slip at the limit whose nesting the line walker recurses deepest into (tables in cells)', () => {
    // table > tr > td, three levels each: the walker's deepest recursion per level, just under the limit.
    const tables = Math.floor((SLIP_NESTING_MAX - 1) / 3);
    const html = `${'<table><tr><td>'.repeat(tables)}${slipText}${'</td></tr></table>'.repeat(tables)}`;
    expect(slipOf(readSlip(html))).toMatchObject({ sevarthId: 'SRPFNGP0101', month: '2026-10' });
  });

  it(`reads a slip of exactly ${SLIP_ELEMENTS_MAX.toLocaleString('en-IN')} elements, and refuses one more`, () => {
    const elements = (count: number) => `${'<br>'.repeat(count - 2)}${slipText}`;
    expect(slipOf(readSlip(elements(SLIP_ELEMENTS_MAX)))).toMatchObject({ sevarthId: 'SRPFNGP0101', month: '2026-10' });
    expect(complexity(readSlip(elements(SLIP_ELEMENTS_MAX + 1)))).toEqual({
      reason: 'too_complex',
      message: 'The file holds more than 1,00,000 elements; a salary slip needs far fewer.',
    });
    // Hidden elements are parsed too, so they count.
    expect(complexity(readSlip(`<div hidden>${'<i></i>'.repeat(SLIP_ELEMENTS_MAX)}</div>${slipText}`))?.reason).toBe(
      'too_complex',
    );
  });

  // Before the limits, the line walker recursed once per level and overflowed the stack after minutes (issue 27).
  it('refuses the 2 MB slips of the issue, nested <div> and <b>, at once and without overflowing the stack', () => {
    for (const html of [
      '<div>'.repeat(400_000),
      '<b>'.repeat(700_000),
      `<p>Sevarth ID: SRPFNGP0101</p>${'<span>'.repeat(600_000)}`,
    ]) {
      expect(html.length).toBeGreaterThan(1_900_000);
      const started = performance.now();
      expect(complexity(readSlip(html))?.reason).toBe('too_complex');
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });
});
