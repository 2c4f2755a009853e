/**
 * `npm run bench:payslips`: salary slips through the real server (apps/server/dist/main.js, started on
 * its own with a temporary DATA_DIR), as a payroll clerk sends them.
 *
 * 1. SLIPS (5,000) slips and their staff from the test kit's slip generator
 *    (@srpf/test-kit, payslips/; table and bilingual layouts). Its staff CSV repeats mobile numbers,
 *    which the import rightly refuses, so they are made unique; the staff are imported first
 *    (POST /api/users/import).
 * 2. Every slip in one request (POST /api/salary-slip/upload-html, multipart, the files under
 *    `htmlFiles`, streamed from disk): the time until the answer (reading and matching all of them;
 *    target ≤ 30 s) and the server's VmRSS growth meanwhile (sampled every 10 ms; target ≤ 100 MB).
 * 3. Unless RENDER=0, the background rendering to PDF with PAGES (1) Chromium pages: GET
 *    /api/payslips/stats every 2 s until no slip waits; slips per second, and the time for all.
 *
 * Database: embedded PGlite in the temporary DATA_DIR, or DATABASE_URL (a new, empty PostgreSQL
 * database: the bench's administrator must be its first user). Exits 1 when a slip fails, a target
 * is missed, or a PDF fails.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TImportUsersResponse, TPayslipStatsResponse, TPayslipUploadResponse } from '@srpf/shared';
import { generateSlipFiles, writeSlipFiles } from '@srpf/test-kit/payslips/index';
import { BENCH_DESIGNATIONS } from './lib/designations.js';
import { mb, sampleRss } from './lib/memory.js';
import { uploadFiles, uploadMultipart } from './lib/multipart-upload.js';
import { cpuMillis } from './lib/processes.js';
import { signIn, startServer } from './lib/server.js';

const SLIPS = Number(process.env.SLIPS ?? 5_000);
const PAGES = Number(process.env.PAGES ?? 1);
const RENDER = process.env.RENDER !== '0';
const TARGET_SECONDS = 30;
const TARGET_GROWTH_BYTES = 100 * 1024 * 1024;
const RENDER_LIMIT_MS = Number(process.env.RENDER_LIMIT_MINUTES ?? 30) * 60_000;

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-bench-payslips-'));
const slipsDir = path.join(folder, 'slips');
writeSlipFiles(slipsDir, generateSlipFiles({ count: SLIPS, layouts: ['table', 'bilingual'] }));
const [header, ...people] = readFileSync(path.join(slipsDir, 'users.csv'), 'utf8').trim().split('\n');
const csv = path.join(folder, 'users.csv');
writeFileSync(
  csv,
  `${[header, ...people.map((line, i) => line.replace(/,[^,]*$/, `,9${String(i * 7919).padStart(9, '0')}`))].join('\n')}\n`,
);
const slips = readdirSync(slipsDir)
  .filter((name) => name.endsWith('.html'))
  .map((name) => path.join(slipsDir, name));

const databaseUrl = process.env.DATABASE_URL || undefined;
const failures: string[] = [];
const server = await startServer({
  dataDir: path.join(folder, 'data'),
  databaseUrl,
  env: { PAYSLIP_RENDER_PAGES: String(PAGES) },
  timeoutMs: 180_000,
});

try {
  const token = await signIn(server.baseUrl);
  const authorised = { authorization: `Bearer ${token}` };
  for (const [name, code] of BENCH_DESIGNATIONS) {
    await fetch(`${server.baseUrl}/api/designations`, {
      method: 'POST',
      headers: { ...authorised, 'content-type': 'application/json' },
      body: JSON.stringify({ name, code }),
    });
  }
  const imported = await uploadMultipart({
    url: `${server.baseUrl}/api/users/import`,
    token,
    fields: { company_id: '1' },
    fileField: 'file',
    filePath: csv,
    contentType: 'text/csv',
  });
  if (imported.status !== 200) throw new Error(`import: ${imported.status} ${imported.body.slice(0, 300)}`);
  const created = (JSON.parse(imported.body) as TImportUsersResponse).data.created;

  const bytes = slips.reduce((sum, file) => sum + readFileSync(file).length, 0);
  console.log(
    `database: ${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}; ${created} staff imported; ${slips.length} slips (${mb(bytes)}, both layouts) in one request; ` +
      `${PAGES} Chromium page(s); node ${process.version}; load average ${load()}`,
  );
  const cpuBefore = cpuMillis(server.pid);
  const sampler = sampleRss(server.pid, 10);
  const answer = await uploadFiles({
    url: `${server.baseUrl}/api/salary-slip/upload-html`,
    token,
    fields: {},
    fileField: 'htmlFiles',
    filePaths: slips,
    contentType: 'text/html',
  });
  const rss = sampler.stop();
  const cpu = cpuMillis(server.pid) - cpuBefore;
  if (answer.status !== 200) throw new Error(`upload: ${answer.status} ${answer.body.slice(0, 300)}`);
  const result = JSON.parse(answer.body) as TPayslipUploadResponse;
  const seconds = answer.millis / 1000;
  const growth = rss.peak - rss.before;
  console.log(
    `upload answered in ${seconds.toFixed(1)} s (target ≤ ${TARGET_SECONDS} s; server CPU ${(cpu / 1000).toFixed(1)} s): ${result.processed.successful} stored, ${result.processed.failed} failed, ` +
      `${result.pdfs_pending} PDFs queued; "${result.message}"`,
  );
  console.log(
    `server RSS before ${mb(rss.before)}, peak ${mb(rss.peak)}, after ${mb(rss.after)}: growth ${mb(growth)} (target ≤ ${mb(TARGET_GROWTH_BYTES, 0)}); load average ${load()}`,
  );
  if (result.processed.failed > 0)
    failures.push(
      `${result.processed.failed} slips failed, e.g. ${JSON.stringify(result.processed.failures.slice(0, 3))}`,
    );
  if (seconds > TARGET_SECONDS) failures.push(`the upload took ${seconds.toFixed(1)} s`);
  if (growth > TARGET_GROWTH_BYTES) failures.push(`RSS grew ${mb(growth)}`);

  if (RENDER) {
    if (!result.renderer.available) throw new Error(`Chromium is not available: ${result.renderer.reason ?? ''}`);
    const started = performance.now();
    let stats: TPayslipStatsResponse['data']['stats'];
    for (;;) {
      const answer = await fetch(`${server.baseUrl}/api/payslips/stats`, { headers: authorised });
      stats = ((await answer.json()) as TPayslipStatsResponse).data.stats;
      if (stats.by_pdf_state.waiting === 0 || performance.now() - started > RENDER_LIMIT_MS) break;
      await sleep(2_000);
    }
    const renderSeconds = (performance.now() - started) / 1000;
    const done = stats.by_pdf_state.ready + stats.by_pdf_state.failed;
    console.log(
      `rendered ${stats.by_pdf_state.ready} PDFs (${stats.by_pdf_state.failed} failed, ${stats.by_pdf_state.waiting} still waiting) in ${renderSeconds.toFixed(0)} s: ` +
        `${(done / renderSeconds).toFixed(1)} slips/s with ${PAGES} page(s); load average ${load()}`,
    );
    if (stats.by_pdf_state.failed > 0) failures.push(`${stats.by_pdf_state.failed} PDFs failed`);
    if (stats.by_pdf_state.waiting > 0)
      failures.push(`${stats.by_pdf_state.waiting} PDFs still waiting after ${renderSeconds.toFixed(0)} s`);
  }
} finally {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
}

for (const failure of failures) console.error(`FAILED: ${failure}`);
process.exitCode = failures.length > 0 ? 1 : 0;
