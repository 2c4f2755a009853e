/** The slip generator keeps its own promises, for every layout; that the server reads them is payslips.reader.fixtures.test.ts. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSlipFiles, USERS_CSV_HEADER } from './generate.js';
import { SLIP_LAYOUT_NAMES } from './layouts/index.js';
import { writeSlipFiles } from './write.js';

const SEVARTH_ID = /^[A-Z]{7}\d{4}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

describe('generateSlipFiles', () => {
  for (const layout of SLIP_LAYOUT_NAMES) {
    it(`gives ${layout} slips, their staff and readings that agree`, () => {
      const generated = generateSlipFiles({ count: 40, layouts: [layout], month: '2026-03' });
      expect(generated.files).toHaveLength(40);
      expect(generated.staff).toHaveLength(40);
      expect(generated.expected).toHaveLength(40);
      expect(new Set(generated.files.map((file) => file.name)).size).toBe(40);

      const ids = generated.staff.map((person) => person.sevarthId);
      expect(new Set(ids).size).toBe(40);
      for (const id of ids) expect(id).toMatch(SEVARTH_ID);

      generated.expected.forEach((reading, index) => {
        expect(reading.layout).toBe(layout);
        expect(reading.sevarth_id).toBe(ids[index]);
        expect(reading.salary_month).toBe('2026-03');
        for (const date of [reading.date_of_birth, reading.date_of_joining, reading.date_of_retirement])
          expect(date).toMatch(ISO_DATE);
        expect(
          reading.date_of_birth < reading.date_of_joining && reading.date_of_joining < reading.date_of_retirement,
        ).toBe(true);
        expect(reading.gross - reading.deductions).toBe(reading.net_pay);
        expect(reading.net_pay).toBeGreaterThan(0);
        const file = generated.files[index]!;
        expect(file.name.endsWith('.html')).toBe(true);
        expect(file.html).toContain(reading.sevarth_id);
      });
    });
  }

  it('writes the staff in the user import format, one line a person', () => {
    const { usersCsv, staff } = generateSlipFiles({ count: 25, layouts: SLIP_LAYOUT_NAMES });
    const [header, ...lines] = usersCsv.trimEnd().split('\n');
    expect(header).toBe(USERS_CSV_HEADER);
    expect(header).toBe('DESIGNATION,SEVARTH ID,FIRST NAME,MIDDLE NAME,LAST NAME,EMAIL ID,MOBILE NO');
    expect(usersCsv.endsWith('\n')).toBe(true);
    expect(lines).toHaveLength(25);
    lines.forEach((line, index) => {
      const cells = line.split(',');
      expect(cells).toHaveLength(7);
      const person = staff[index]!;
      expect(cells).toEqual([
        person.designation,
        person.sevarthId,
        person.firstName,
        person.middleName,
        person.lastName,
        person.email,
        person.mobile,
      ]);
      expect(person.mobile).toMatch(/^9\d{9}$/);
      expect(person.email).toMatch(/^[a-z]+\.[a-z]+\.\d+@srpf\.test$/);
    });
  });

  it('takes the layouts in turn and gives the same files for the same options', () => {
    const options = { count: 12, layouts: SLIP_LAYOUT_NAMES, month: '2026-10' };
    const generated = generateSlipFiles(options);
    expect(generated.expected.map((reading) => reading.layout)).toEqual(
      Array.from({ length: 12 }, (_, index) => SLIP_LAYOUT_NAMES[index % SLIP_LAYOUT_NAMES.length]),
    );
    expect(generateSlipFiles(options)).toEqual(generated);
  });

  it('gives distinct Sevarth IDs up to its limit of 10,000 slips, and refuses more', () => {
    const ids = generateSlipFiles({ count: 10_000, layouts: ['table'] }).staff.map((person) => person.sevarthId);
    expect(new Set(ids).size).toBe(10_000);
    expect(() => generateSlipFiles({ count: 10_001 })).toThrow(/0 to 10000/);
  });

  it('refuses an unknown layout or a malformed month', () => {
    expect(() => generateSlipFiles({ count: 1, layouts: ['scanned' as never] })).toThrow(/Unknown slip layout/);
    expect(() => generateSlipFiles({ count: 1, month: '2026-13' })).toThrow(/YYYY-MM/);
  });
});

describe('writeSlipFiles', () => {
  it('writes the slips, users.csv and expected.json to the folder', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-kit-slips-'));
    try {
      const generated = generateSlipFiles({ count: 5, layouts: SLIP_LAYOUT_NAMES });
      const written = writeSlipFiles(folder, generated);
      expect(readdirSync(folder).sort()).toEqual(
        [...generated.files.map((file) => file.name), 'expected.json', 'users.csv'].sort(),
      );
      expect(written.slipPaths.map((slip) => readFileSync(slip, 'utf8'))).toEqual(
        generated.files.map((file) => file.html),
      );
      expect(readFileSync(written.usersCsvPath, 'utf8')).toBe(generated.usersCsv);
      expect(JSON.parse(readFileSync(written.expectedJsonPath, 'utf8'))).toEqual(generated.expected);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
