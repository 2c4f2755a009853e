import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  generateSlipFiles,
  writeSlipFiles,
  type ExpectedSlipReading,
  type SlipLayoutName,
  type SlipStaff,
} from '@srpf/test-kit/payslips/index';
import type { Config } from '../config.js';
import { payslips } from '../db/schema/index.js';
import { createLocalStorage } from '../lib/storage-local.js';
import { multipartBody, type MultipartPart } from './multipart.js';
import { createTestApp, type TestApp } from './test-app.js';

export interface GeneratedSlips {
  folder: string;
  /** The slips' file names and contents, in name order. */
  files: { name: string; content: Buffer }[];
  staff: readonly SlipStaff[];
  expected: readonly ExpectedSlipReading[];
  remove(): void;
}

/** Generates `count` slips of a month (by default the table and bilingual layouts) and their staff into a temporary folder, with the test kit's generator. */
export function generateSlips(
  count: number,
  month = '2026-10',
  layouts: readonly SlipLayoutName[] = ['table', 'bilingual'],
): GeneratedSlips {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-slips-'));
  const generated = generateSlipFiles({ count, layouts, month });
  writeSlipFiles(folder, generated);
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.html'))
    .sort()
    .map((name) => ({ name, content: readFileSync(path.join(folder, name)) }));
  return {
    folder,
    files,
    staff: generated.staff,
    expected: generated.expected,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** A small hand-written slip (English labels), with whatever figures a test needs. */
export function slipHtml(options: {
  sevarthId: string;
  name: string;
  month?: string;
  payslipNumber?: string;
  gross?: string;
  deductions?: string;
  net?: string;
  extra?: string;
}): string {
  const rows = [
    ['Employee Name', options.name],
    ['Sevarth ID', options.sevarthId],
    ['Salary Month', options.month ?? 'October 2026'],
    ['Date of Birth', '12/03/1985'],
    ['Date of Joining', '01/06/2008'],
    ['Date of Retirement', '31/03/2043'],
    ...(options.payslipNumber ? [['Payslip No', options.payslipNumber]] : []),
    ['Gross Salary', options.gross ?? '50,000.00'],
    ['Total Deductions', options.deductions ?? '5,000.00'],
    ['Net Pay', options.net ?? '45,000.00'],
  ];
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Salary Slip</title></head><body><h1>Salary Slip</h1><table>${rows
    .map(([label, value]) => `<tr><th>${label}</th><td>${value}</td></tr>`)
    .join('')}</table>${options.extra ?? ''}</body></html>`;
}

export type Request = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** POST /api/salary-slip/upload-html with these files under htmlFiles. */
export function uploadSlips(request: Request, files: { name: string; content: string | Buffer; field?: string }[]) {
  const parts: MultipartPart[] = files.map((file) => ({
    name: file.field ?? 'htmlFiles',
    filename: file.name,
    contentType: 'text/html',
    content: file.content,
  }));
  const { payload, headers } = multipartBody(parts);
  return request({ method: 'POST', url: '/api/salary-slip/upload-html', payload, headers });
}

export interface PayslipTestApp extends TestApp {
  dataDir: string;
  filesRoot: string;
  storage: ReturnType<typeof createLocalStorage>;
  /** Final and temporary files in storage. */
  countFiles(): number;
  /** Marks a slip's PDF ready with these bytes as its file (as the render job would). */
  givePdf(payslipId: number, content?: Buffer): Promise<void>;
}

function countFilesIn(folder: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) total += entry.isDirectory() ? countFilesIn(path.join(folder, entry.name)) : 1;
  return total;
}

/** A test app with its own data folder and a started job runner (uploads enqueue render jobs); `overrides` change its configuration. */
export async function createPayslipTestApp(overrides: Partial<Config> = {}): Promise<PayslipTestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-payslip-test-'));
  const t = await createTestApp({ ...overrides, dataDir }, { enqueueJobs: true });
  const filesRoot = path.join(dataDir, 'files');
  const storage = createLocalStorage(filesRoot);
  return {
    ...t,
    dataDir,
    filesRoot,
    storage,
    countFiles: () => countFilesIn(filesRoot),
    async givePdf(payslipId, content = Buffer.from('%PDF-1.4\n% test payslip\n%%EOF\n')) {
      const stored = await storage.put(Readable.from([content]));
      await storage.commit(stored.key);
      await t.database.db
        .update(payslips)
        .set({ pdf_key: stored.key, pdf_size: stored.size, pdf_state: 'ready', pdf_error: null })
        .where(eq(payslips.id, payslipId));
    },
    async close() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
