/**
 * `npm run bench:library-upload`: memory of the real server (apps/server/dist/main.js, started on its
 * own with a temporary DATA_DIR) while it receives 10 simultaneous POST /api/orders/upload of a
 * 10,485,760-byte PDF (exactly the limit), each streamed from disk by the client through node:http.
 * The server's VmRSS (/proc/<pid>/status) is sampled every 10 ms from just before the first byte
 * until the last answer, after two warm-up uploads. Target: growth ≤ 64 MB in every round (the files
 * are streamed, never buffered). Also checks that an 11 MB PDF is answered 413 and a 10 MB file that
 * is not a PDF 415. Exits 1 when a check or the target fails.
 *
 * Database: embedded PGlite in the temporary DATA_DIR, or DATABASE_URL (a new, empty PostgreSQL
 * database: the bench's administrator must be its first user). ROUNDS (3) rounds of 10 uploads.
 */
import { mkdirSync, mkdtempSync, openSync, closeSync, rmSync, writeSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { mb, rssBytes, sampleRss } from './lib/memory.js';
import { uploadMultipart, type UploadAnswer } from './lib/multipart-upload.js';
import { cpuMillis } from './lib/processes.js';
import { signIn, startServer } from './lib/server.js';

const PARALLEL = 10;
const FILE_BYTES = 10 * 1024 * 1024; // 10,485,760: the limit, allowed
const TOO_LARGE_BYTES = 11 * 1024 * 1024;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const TARGET_GROWTH_BYTES = 64 * 1024 * 1024;
const SAMPLE_MS = 10;

/** A file of `bytes` bytes starting with `signature`, written in 1 MB blocks. */
function writeFile(file: string, bytes: number, signature: string): void {
  const block = Buffer.alloc(1024 * 1024, '0 0 0 RG 1 0 0 1 72 720 Tm (SRPF bench order) Tj\n');
  const fd = openSync(file, 'w');
  try {
    let written = writeSync(fd, signature);
    while (written < bytes) written += writeSync(fd, block, 0, Math.min(block.length, bytes - written));
  } finally {
    closeSync(fd);
  }
}

const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-bench-upload-'));
const files = path.join(folder, 'client');
const dataDir = path.join(folder, 'data');
mkdirSync(files);
mkdirSync(dataDir);
const pdf = path.join(files, 'order-10mb.pdf');
const bigPdf = path.join(files, 'order-11mb.pdf');
const notPdf = path.join(files, 'picture.pdf');
writeFile(pdf, FILE_BYTES, '%PDF-1.7\n');
writeFile(bigPdf, TOO_LARGE_BYTES, '%PDF-1.7\n');
writeFile(notPdf, FILE_BYTES, 'GIF89a');

const databaseUrl = process.env.DATABASE_URL || undefined;
const failures: string[] = [];
const server = await startServer({ dataDir, databaseUrl });
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
let uploads = 0;

try {
  const token = await signIn(server.baseUrl);
  const upload = (filePath: string) => {
    uploads += 1;
    return uploadMultipart({
      url: `${server.baseUrl}/api/orders/upload`,
      token,
      agent,
      fileField: 'pdf_file',
      filePath,
      fields: {
        title: `Bench order ${process.pid}-${uploads}`,
        effective_date: '2026-11-22',
        description: 'Memory benchmark upload',
        tags: 'bench',
      },
    });
  };
  const expect = (label: string, answer: UploadAnswer, status: number) => {
    if (answer.status !== status)
      failures.push(`${label}: ${answer.status} instead of ${status} (${answer.body.slice(0, 200)})`);
  };

  for (let i = 0; i < 2; i += 1) expect('warm-up upload', await upload(pdf), 201);

  console.log(
    `database: ${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}; ${PARALLEL} × ${FILE_BYTES.toLocaleString('en')}-byte PDFs per round, RSS sampled every ${SAMPLE_MS} ms; node ${process.version}`,
  );
  let worstGrowth = 0;
  for (let round = 1; round <= ROUNDS; round += 1) {
    const cpuBefore = cpuMillis(server.pid);
    const sampler = sampleRss(server.pid, SAMPLE_MS);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => upload(pdf)));
    const seconds = (performance.now() - started) / 1000;
    const rss = sampler.stop();
    const cpu = cpuMillis(server.pid) - cpuBefore;
    answers.forEach((answer) => expect(`round ${round} upload`, answer, 201));
    const growth = rss.peak - rss.before;
    worstGrowth = Math.max(worstGrowth, growth);
    console.log(
      `round ${round}: ${answers.filter((a) => a.status === 201).length}/${PARALLEL} × 201 in ${seconds.toFixed(2)} s ` +
        `(${((PARALLEL * FILE_BYTES) / 1024 / 1024 / seconds).toFixed(0)} MB/s, server CPU ${cpu} ms); ` +
        `RSS before ${mb(rss.before)}, peak ${mb(rss.peak)}, growth ${mb(growth)} (${rss.count} samples), after ${mb(rss.after)}`,
    );
  }

  const tooLarge = await upload(bigPdf);
  expect('11 MB PDF', tooLarge, 413);
  const wrongType = await upload(notPdf);
  expect('10 MB GIF named .pdf', wrongType, 415);
  console.log(
    `refusals: 11 MB PDF → ${tooLarge.status} (${tooLarge.millis.toFixed(0)} ms), 10 MB file starting GIF89a → ${wrongType.status} (${wrongType.millis.toFixed(0)} ms); RSS now ${mb(rssBytes(server.pid))}`,
  );

  const met = worstGrowth <= TARGET_GROWTH_BYTES;
  console.log(
    `worst RSS growth ${mb(worstGrowth)} (target ≤ ${mb(TARGET_GROWTH_BYTES, 0)}): ${met ? 'met' : 'MISSED'}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (!met) failures.push('RSS growth above the target');
} finally {
  agent.destroy();
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
}

for (const failure of failures) console.error(`FAILED: ${failure}`);
process.exitCode = failures.length > 0 ? 1 : 0;
