/**
 * `npm run bench:payslip-read`: the slip reader alone (readSlip: parse the HTML, find the labelled
 * values, check the figures) over 5,000 slips from the test kit's slip generator
 * (@srpf/test-kit, payslips/), table and bilingual layouts, read one after another as the upload
 * does. The files are read into memory first, so only the reading is timed. Prints wall and CPU
 * time, slips/s and the machine's load. Target: well under the 30 s that one upload request of
 * 5,000 slips has for reading and matching together. `SLIPS=…` changes the count.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSlipFiles, writeSlipFiles } from '@srpf/test-kit/payslips/index';
import { readSlip } from '../apps/server/src/modules/payslips/payslips.reader.js';

const SLIPS = Number(process.env.SLIPS ?? 5_000);
const BUDGET_SECONDS = 30;

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-bench-payslips-'));
try {
  writeSlipFiles(folder, generateSlipFiles({ count: SLIPS, layouts: ['table', 'bilingual'], month: '2026-10' }));
  const slips = readdirSync(folder)
    .filter((file) => file.endsWith('.html'))
    .map((file) => readFileSync(path.join(folder, file), 'utf8'));
  const megabytes = slips.reduce((total, html) => total + Buffer.byteLength(html), 0) / 1024 / 1024;

  const loadBefore = loadAverage();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let read = 0;
  for (const html of slips) if (readSlip(html).ok) read += 1;
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;

  console.log(
    `node ${process.version}; ${os.cpus().length} CPUs; load average ${loadBefore} before, ${loadAverage()} after`,
  );
  console.log(
    `${slips.length} slips (${megabytes.toFixed(1)} MB, table and bilingual): read ${read} in ${seconds.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU = ` +
      `${Math.round(slips.length / seconds)} slips/s, ${((seconds * 1000) / slips.length).toFixed(2)} ms a slip (budget ${BUDGET_SECONDS} s for reading and matching)`,
  );
  process.exitCode = read === slips.length && seconds < BUDGET_SECONDS ? 0 : 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
