/**
 * The reader on every slip of the shared fixture generator (../shared/fixtures/payslips), both
 * layouts, against the generator's own record of what each slip says (expected.json).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSlip } from './payslips.reader.js';

const GENERATOR = path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/payslips/generate.mjs');
const SLIPS = 200;

interface ExpectedSlip {
  sevarth_id: string;
  name: string;
  salary_month: string;
  date_of_birth: string;
  date_of_joining: string;
  date_of_retirement: string;
  gross: number;
  deductions: number;
  net_pay: number;
  layout: string;
}

// The bilingual layout writes the name surname first in capitals (PATIL SUNIL RAMESH): the same name.
const nameWords = (name: string) => name.toLowerCase().split(/\s+/).sort();

describe('the fixture generator’s slips', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-payslips-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it(`reads all ${SLIPS} slips of both layouts as expected.json says`, () => {
    execFileSync(process.execPath, [GENERATOR, folder, String(SLIPS), 'table,bilingual', '2026-10'], { stdio: 'ignore' });
    const expected = JSON.parse(readFileSync(path.join(folder, 'expected.json'), 'utf8')) as ExpectedSlip[];
    const files = readdirSync(folder).filter((file) => file.endsWith('.html'));
    expect(files).toHaveLength(SLIPS);
    expect(new Set(expected.map((slip) => slip.layout))).toEqual(new Set(['table', 'bilingual']));

    const bySevarthId = new Map(expected.map((slip) => [slip.sevarth_id, slip]));
    const readIds = new Set<string>();
    for (const file of files) {
      const reading = readSlip(readFileSync(path.join(folder, file), 'utf8'));
      if (!reading.ok) throw new Error(`${file}: ${reading.message}`);
      const { slip } = reading;
      const want = bySevarthId.get(slip.sevarthId);
      expect(want, `${file}: ${slip.sevarthId} is not in expected.json`).toBeDefined();
      readIds.add(slip.sevarthId);
      expect({ ...slip, employeeName: nameWords(slip.employeeName ?? '') }, file).toEqual({
        sevarthId: want!.sevarth_id,
        employeeName: nameWords(want!.name),
        month: want!.salary_month,
        dateOfBirth: want!.date_of_birth,
        dateOfJoining: want!.date_of_joining,
        dateOfRetirement: want!.date_of_retirement,
        grossPaise: want!.gross * 100,
        deductionsPaise: want!.deductions * 100,
        netPaise: want!.net_pay * 100,
        payslipNumber: null,
        consistent: true,
      });
    }
    expect(readIds.size).toBe(SLIPS);
  });
});
