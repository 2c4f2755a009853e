/**
 * `npm run bench:forms-bulk`: the forms library's Bulk Upload with auto-categorise, against the real
 * server (apps/server/dist/main.js, started on its own with a temporary DATA_DIR and the default
 * folder tree a fresh installation gets). As the web does it: the folder tree is read once
 * (GET /api/forms/categories/tree?language=en), each file's folder is found by `autoCategorise` and
 * `resolveFolderPath` from packages/shared, and the files are sent one at a time through
 * POST /api/forms (multipart, the PDF under `file`, streamed from disk by node:http).
 *
 * FILES (200) PDFs of 1 to 5 MB, each with its own bytes, named with the default tree's keywords in
 * English and Marathi (and some that match nothing). Reports the total time, the per-file p50/p95,
 * where the files landed, and the server's VmRSS (/proc/<pid>/status, sampled every 10 ms) from just
 * before the first file to the last answer, after two warm-up uploads. Target: RSS growth ≤ 64 MB.
 * Exits 1 when an upload fails, a file lands elsewhere than its name says, or the target is missed.
 *
 * Database: embedded PGlite in the temporary DATA_DIR, or DATABASE_URL (a new, empty PostgreSQL
 * database: the bench's administrator must be its first user).
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { autoCategorise, resolveFolderPath, type FolderPathNode, type TFormTreeResponse } from '@srpf/shared';
import { mb, sampleRss } from './lib/memory.js';
import { uploadMultipart, type UploadAnswer } from './lib/multipart-upload.js';
import { cpuMillis } from './lib/processes.js';
import { signIn, startServer } from './lib/server.js';

const FILES = Number(process.env.FILES ?? 200);
const MIN_BYTES = 1024 * 1024;
const MAX_BYTES = 5 * 1024 * 1024;
const TARGET_GROWTH_BYTES = 64 * 1024 * 1024;
const SAMPLE_MS = 10;

/** File names as people save them: the default tree's keywords in English and Marathi, and some that match no rule. */
const NAME_PATTERNS = [
  'GPF refund form',
  'GPF non refundable application',
  'provident fund na withdrawal',
  'भविष्य निर्वाह परतावा अर्ज',
  'medical a form',
  'medical bill cd form',
  'वैद्यकीय देयक अ नमुना',
  'LTC travel claim',
  'LTC maharashtra darshan',
  'स्वग्राम प्रवास सवलत',
  'computer advance application',
  'संगणक अग्रिम अर्ज',
  'home advance form',
  'गृह अग्रिम',
  'दुचाकी अग्रिम मागणी',
  'motorcycle agrim',
  'paripatrak 2025',
  'परिपत्रक जुने',
  'welfare eklavya scheme',
  'कल्याण योजना पुस्तक',
  'shishvrutti anudan',
  'final notice',
  'duty roster',
  'रजा अर्ज',
] as const;

/** Sizes spread evenly over 1–5 MB, in an order that mixes them (a fixed sequence, so runs compare). */
const sizeOf = (index: number) =>
  MIN_BYTES + Math.floor((((index * 7919) % FILES) / Math.max(FILES - 1, 1)) * (MAX_BYTES - MIN_BYTES));

/** A PDF-looking file of `bytes` bytes whose content is its own (so no two files are the same). */
function writePdf(file: string, bytes: number, marker: string): void {
  const block = Buffer.alloc(256 * 1024, `0 0 0 RG 1 0 0 1 72 720 Tm (SRPF form ${marker}) Tj\n`);
  const fd = openSync(file, 'w');
  try {
    let written = writeSync(fd, `%PDF-1.7\n% ${marker}\n`);
    while (written < bytes) written += writeSync(fd, block, 0, Math.min(block.length, bytes - written));
  } finally {
    closeSync(fd);
  }
}

/** The tree answer as the rules read it: each folder with its children. */
function pathTree(tree: TFormTreeResponse['data']['categories']): FolderPathNode[] {
  return tree.map((category) => ({
    id: category.id,
    slug: category.slug,
    name: category.name,
    children: category.subcategories.map((subcategory) => ({
      id: subcategory.id,
      slug: subcategory.slug,
      name: subcategory.name,
      children: subcategory.subSubcategories.map((folder) => ({ id: folder.id, slug: folder.slug, name: folder.name })),
    })),
  }));
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-bench-forms-'));
const clientDir = path.join(folder, 'client');
const dataDir = path.join(folder, 'data');
mkdirSync(clientDir);
mkdirSync(dataDir);

const files = Array.from({ length: FILES }, (_, index) => {
  const name = `${NAME_PATTERNS[index % NAME_PATTERNS.length]} ${index + 1}.pdf`;
  const filePath = path.join(clientDir, name);
  writePdf(filePath, sizeOf(index), `bulk-${index}`);
  return { name, filePath, bytes: sizeOf(index) };
});
const warmUp = path.join(clientDir, 'warm up.pdf');
writePdf(warmUp, MIN_BYTES, 'warm-up');
const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0);

const databaseUrl = process.env.DATABASE_URL || undefined;
const failures: string[] = [];
const server = await startServer({ dataDir, databaseUrl });
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

try {
  const token = await signIn(server.baseUrl);
  const treeAnswer = await fetch(`${server.baseUrl}/api/forms/categories/tree?language=en`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (treeAnswer.status !== 200)
    throw new Error(`GET /api/forms/categories/tree: ${treeAnswer.status} ${(await treeAnswer.text()).slice(0, 200)}`);
  const tree = pathTree(((await treeAnswer.json()) as TFormTreeResponse).data.categories);

  /** One file as the Bulk Upload sends it: title from the name, Marathi when the name is, the auto-categorised folder. */
  const upload = (file: {
    name: string;
    filePath: string;
  }): { answer: Promise<UploadAnswer>; expected: ReturnType<typeof resolveFolderPath> | null } => {
    const found = autoCategorise(file.name);
    const resolved = found ? resolveFolderPath(tree, found.path) : null;
    const fields: Record<string, string> = {
      title: file.name.replace(/\.pdf$/i, ''),
      language: /\p{Script=Devanagari}/u.test(file.name) ? 'mr' : 'en',
      isPublic: 'true',
    };
    if (resolved?.categoryId) fields.categoryId = String(resolved.categoryId);
    if (resolved?.subcategoryId) fields.subcategoryId = String(resolved.subcategoryId);
    if (resolved?.subSubcategoryId) fields.subSubcategoryId = String(resolved.subSubcategoryId);
    return {
      answer: uploadMultipart({
        url: `${server.baseUrl}/api/forms`,
        token,
        agent,
        fileField: 'file',
        filePath: file.filePath,
        fields,
      }),
      expected: resolved,
    };
  };

  for (let i = 0; i < 2; i += 1) {
    const answer = await upload({ name: 'warm up.pdf', filePath: warmUp }).answer;
    if (answer.status !== 201) failures.push(`warm-up upload: ${answer.status} ${answer.body.slice(0, 200)}`);
  }

  console.log(
    `database: ${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}; ${FILES} PDFs of ${mb(MIN_BYTES, 0)}–${mb(MAX_BYTES, 0)} (${mb(totalBytes)} in all), one at a time; ` +
      `RSS sampled every ${SAMPLE_MS} ms; node ${process.version}; load average before ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const cpuBefore = cpuMillis(server.pid);
  const sampler = sampleRss(server.pid, SAMPLE_MS);
  const started = performance.now();
  const millis: number[] = [];
  const landed = new Map<string, number>();
  for (const file of files) {
    const { answer: pending, expected } = upload(file);
    const answer = await pending;
    millis.push(answer.millis);
    if (answer.status !== 201) {
      failures.push(`${file.name}: ${answer.status} ${answer.body.slice(0, 200)}`);
      continue;
    }
    const form = (
      JSON.parse(answer.body) as {
        data: { form: { categoryId: number | null; subcategoryId: number | null; subSubcategoryId: number | null } };
      }
    ).data.form;
    const wanted = [expected?.categoryId ?? null, expected?.subcategoryId ?? null, expected?.subSubcategoryId ?? null];
    if (form.categoryId !== wanted[0] || form.subcategoryId !== wanted[1] || form.subSubcategoryId !== wanted[2]) {
      failures.push(
        `${file.name}: filed in ${JSON.stringify([form.categoryId, form.subcategoryId, form.subSubcategoryId])} instead of ${JSON.stringify(wanted)}`,
      );
    }
    const where = expected?.names.length ? expected.names.join(' / ') : 'uncategorised';
    landed.set(where, (landed.get(where) ?? 0) + 1);
  }
  const seconds = (performance.now() - started) / 1000;
  const rss = sampler.stop();
  const cpu = cpuMillis(server.pid) - cpuBefore;
  const sorted = [...millis].sort((a, b) => a - b);
  const growth = rss.peak - rss.before;

  console.log(
    `${FILES - failures.length}/${FILES} × 201 in ${seconds.toFixed(1)} s (${(totalBytes / 1024 / 1024 / seconds).toFixed(0)} MB/s, server CPU ${(cpu / 1000).toFixed(1)} s); ` +
      `per file p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
  );
  console.log(
    `landed: ${[...landed]
      .sort((a, b) => b[1] - a[1])
      .map(([where, count]) => `${where} ${count}`)
      .join('; ')}`,
  );
  const met = growth <= TARGET_GROWTH_BYTES;
  console.log(
    `server RSS before ${mb(rss.before)}, peak ${mb(rss.peak)}, after ${mb(rss.after)}: growth ${mb(growth)} (${rss.count} samples; target ≤ ${mb(TARGET_GROWTH_BYTES, 0)}): ${met ? 'met' : 'MISSED'}; ` +
      `load average after ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  if (!met) failures.push('RSS growth above the target');

  const listed = await fetch(`${server.baseUrl}/api/forms?limit=1`, { headers: { authorization: `Bearer ${token}` } });
  const total = ((await listed.json()) as { pagination: { total: number } }).pagination.total;
  if (total !== FILES + 2) failures.push(`GET /api/forms counts ${total} forms instead of ${FILES + 2}`);
} finally {
  agent.destroy();
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
}

for (const failure of failures) console.error(`FAILED: ${failure}`);
process.exitCode = failures.length > 0 ? 1 : 0;
