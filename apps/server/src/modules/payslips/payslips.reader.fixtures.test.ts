/**
 * The reader on every slip of the test kit's slip generator (@srpf/test-kit, payslips/): first the
 * two layouts the tests began with, then every layout, against the generator's own record of what
 * each slip says (expected.json).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  generateSlipFiles,
  SLIP_LAYOUT_NAMES,
  writeSlipFiles,
  type ExpectedSlipReading,
  type SlipLayoutName,
} from '@srpf/test-kit/payslips/index';
import { afterAll, describe, expect, it } from 'vitest';
import { readSlip } from './payslips.reader.js';

const SLIPS = 200;
const LAYOUT_SLIPS = 60;

// The bilingual and Marathi layouts write the name surname first (PATIL SUNIL RAMESH): the same name.
const nameWords = (name: string) => name.toLowerCase().split(/\s+/).sort();

/** Reads every slip in the folder and compares it to its expected reading; returns the Sevarth IDs read. */
function expectReadAsExpected(
  folder: string,
  files: readonly string[],
  expected: readonly ExpectedSlipReading[],
): Set<string> {
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
  return readIds;
}

/** Writes `count` slips of these layouts to a new folder of `folders`; the folder, its slips and expected.json. */
function writeGeneratedSlips(folders: string[], count: number, layouts: readonly SlipLayoutName[], month: string) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-payslips-'));
  folders.push(folder);
  writeSlipFiles(folder, generateSlipFiles({ count, layouts, month }));
  const expected = JSON.parse(readFileSync(path.join(folder, 'expected.json'), 'utf8')) as ExpectedSlipReading[];
  const files = readdirSync(folder).filter((file) => file.endsWith('.html'));
  return { folder, files, expected };
}

describe('the fixture generator’s slips', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it(`reads all ${SLIPS} slips of both layouts as expected.json says`, () => {
    const { folder, files, expected } = writeGeneratedSlips(folders, SLIPS, ['table', 'bilingual'], '2026-10');
    expect(files).toHaveLength(SLIPS);
    expect(new Set(expected.map((slip) => slip.layout))).toEqual(new Set(['table', 'bilingual']));
    expect(expectReadAsExpected(folder, files, expected).size).toBe(SLIPS);
  });

  it.each(SLIP_LAYOUT_NAMES)('reads every slip of the %s layout as expected.json says', (layout) => {
    const { folder, files, expected } = writeGeneratedSlips(folders, LAYOUT_SLIPS, [layout], '2027-02');
    expect(files).toHaveLength(LAYOUT_SLIPS);
    expect(new Set(expected.map((slip) => slip.layout))).toEqual(new Set([layout]));
    expect(expectReadAsExpected(folder, files, expected).size).toBe(LAYOUT_SLIPS);
  });

  it(`reads ${SLIPS} slips of all layouts in turn as expected.json says`, () => {
    const { folder, files, expected } = writeGeneratedSlips(folders, SLIPS, SLIP_LAYOUT_NAMES, '2026-10');
    expect(new Set(expected.map((slip) => slip.layout))).toEqual(new Set(SLIP_LAYOUT_NAMES));
    expect(expectReadAsExpected(folder, files, expected).size).toBe(SLIPS);
  });
});
