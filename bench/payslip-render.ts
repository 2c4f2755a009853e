/**
 * `npm run bench:payslip-render`: the payslip PDF renderer alone (renderSlipPdf: headless Chromium,
 * scripts off, no network, the Noto Devanagari font inlined, A4) over slips from the test kit's slip
 * generator (@srpf/test-kit, payslips/), table and bilingual layouts, with one and with two Chromium
 * pages rendering at once, as the render jobs do. Chromium is started and one slip rendered before
 * the clock starts. Prints slips/s, ms a slip, the projected time for 5,000 slips, and the machine's
 * load. `SLIPS=…` changes the count (default 200), `PAGES=1,2` the page counts tried, `CHROMIUM_PATH`
 * the browser.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSlipFiles, writeSlipFiles } from '@srpf/test-kit/payslips/index';
import { createBrowserPool } from '../apps/server/src/modules/payslips/render/browser-pool.js';
import { renderSlipPdf } from '../apps/server/src/modules/payslips/render/render-slip.js';
import { DEFAULT_RENDERER_SETTINGS } from '../apps/server/src/modules/payslips/render/renderer-settings.js';

const SLIPS = Number(process.env.SLIPS ?? 200);
const PAGES = (process.env.PAGES ?? '1,2').split(',').map(Number);
const CHROMIUM = process.env.CHROMIUM_PATH ?? DEFAULT_RENDERER_SETTINGS.chromiumPath;
const PROJECTED = 5_000;

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return `${CHROMIUM} (version unknown)`;
  }
}

/** Renders every slip with `pages` pages at once; returns the wall seconds and the PDFs' total size. */
async function run(slips: string[], pages: number): Promise<{ seconds: number; bytes: number; launchMs: number }> {
  const pool = createBrowserPool({ executablePath: CHROMIUM, pages });
  try {
    const launchStarted = performance.now();
    await renderSlipPdf(slips[0]!, { pool });
    const launchMs = performance.now() - launchStarted;
    let next = 0;
    let bytes = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: pages }, async () => {
        while (next < slips.length) {
          const html = slips[next]!;
          next += 1;
          const pdf = await renderSlipPdf(html, { pool });
          if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('not a PDF');
          bytes += pdf.length;
        }
      }),
    );
    return { seconds: (performance.now() - started) / 1000, bytes, launchMs };
  } finally {
    await pool.close();
  }
}

const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-bench-render-'));
try {
  writeSlipFiles(folder, generateSlipFiles({ count: SLIPS, layouts: ['table', 'bilingual'], month: '2026-10' }));
  const slips = readdirSync(folder)
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => readFileSync(path.join(folder, file), 'utf8'));

  console.log(
    `node ${process.version}; ${os.cpus().length} CPUs; ${chromiumVersion()}; ${slips.length} slips (table and bilingual)`,
  );
  for (const pages of PAGES) {
    const loadBefore = loadAverage();
    const { seconds, bytes, launchMs } = await run(slips, pages);
    const perSecond = slips.length / seconds;
    const projected = PROJECTED / perSecond;
    console.log(
      `${pages} page${pages === 1 ? '' : 's'}: ${slips.length} slips in ${seconds.toFixed(1)} s = ${perSecond.toFixed(1)} slips/s, ` +
        `${((seconds * 1000) / slips.length).toFixed(0)} ms a slip, ${(bytes / slips.length / 1024).toFixed(0)} kB a PDF; ` +
        `${PROJECTED} slips ≈ ${(projected / 60).toFixed(1)} min (start and first slip ${launchMs.toFixed(0)} ms); load average ${loadBefore} before, ${loadAverage()} after`,
    );
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
