import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSlipFiles, writeSlipFiles } from '@srpf/test-kit/payslips/index';

/** A person of the generated slips, as the generator's users.csv names them. */
export interface Staff {
  sevarthId: string;
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
}

/**
 * Three invented slips for one month (the same three people every time: the generator is seeded), as
 * `{ name, mimeType, buffer }` files, their staff, and the folder holding them with the staff's CSV
 * (`csv`); the caller removes the folder when it no longer needs the CSV.
 */
export function generateSlips(month: string): {
  files: { name: string; mimeType: string; buffer: Buffer }[];
  staff: Staff[];
  folder: string;
  csv: string;
} {
  const folder = mkdtempSync(path.join(os.tmpdir(), `srpf-e2e-slips-${month}-`));
  writeSlipFiles(folder, generateSlipFiles({ count: 3, layouts: ['table', 'bilingual'], month }));
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.html'))
    .sort()
    .map((name) => ({ name, mimeType: 'text/html', buffer: readFileSync(path.join(folder, name)) }));
  const csv = path.join(folder, 'users.csv');
  const staff = readFileSync(csv, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [, sevarthId, firstName, middleName, lastName, email] = line.split(',').map((cell) => cell.trim());
      return {
        sevarthId: sevarthId!,
        firstName: firstName!,
        middleName: middleName!,
        lastName: lastName!,
        email: email!,
      };
    });
  return { files, staff, folder, csv };
}
