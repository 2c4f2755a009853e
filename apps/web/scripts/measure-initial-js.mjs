#!/usr/bin/env node
/**
 * The login page's initial JavaScript, gzipped one file at a time as it is served:
 *   - the entry chunk and the login-page chunk, with every chunk either imports statically
 *     (transitively, each counted once);
 *   - when the texts are split into their own chunks, the `common` and `login` namespaces the page
 *     needs before it can show anything, for the language whose texts are largest.
 * Reads dist/.vite/manifest.json, so run `npx vite build` first. Exits 1 above the budget.
 *
 *   node scripts/measure-initial-js.mjs [--json]
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 120_000; // 120 kB, in the units Vite prints
const LOGIN_PAGE = 'src/features/auth/routes/login-page.tsx';
const LOGIN_TEXTS = /^src\/locales\/([^/]+)\/(common|login)\.json$/;

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npx vite build\` in apps/web first (build.manifest must be on).`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk.');
if (!manifest[LOGIN_PAGE]) throw new Error(`The manifest has no chunk for ${LOGIN_PAGE}.`);

/** Adds a chunk's key and, depth first, those of everything it imports statically. */
function withStaticImports(key, seen) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) withStaticImports(imported, seen);
  return seen;
}

function measure(key) {
  const { file } = manifest[key];
  const code = readFileSync(join(dist, file));
  return { file, raw: code.length, gzip: gzipSync(code).length };
}

const keys = withStaticImports(LOGIN_PAGE, withStaticImports(entryKey, new Set()));
const rows = [...keys].filter((key) => manifest[key].file.endsWith('.js')).map(measure);

const textsByLanguage = new Map();
for (const key of Object.keys(manifest)) {
  const language = LOGIN_TEXTS.exec(key)?.[1];
  if (!language || keys.has(key)) continue;
  textsByLanguage.set(language, [...(textsByLanguage.get(language) ?? []), measure(key)]);
}
const sum = (list) => list.reduce((total, row) => total + row.gzip, 0);
const [textsLanguage, texts] = [...textsByLanguage].sort((a, b) => sum(b[1]) - sum(a[1]))[0] ?? [null, []];
rows.push(...texts.map((row) => ({ ...row, file: `${row.file} (${textsLanguage} texts)` })));
rows.sort((a, b) => b.gzip - a.gzip);

const total = sum(rows);
const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ budgetBytes: BUDGET_BYTES, totalGzipBytes: total, chunks: rows }, null, 2));
} else {
  for (const row of rows) console.log(`${kB(row.gzip).padStart(10)} gzip  ${kB(row.raw).padStart(10)} raw  ${row.file}`);
  console.log(`${kB(total).padStart(10)} gzip  initial JS of /login (budget ${kB(BUDGET_BYTES)})`);
}

if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${kB(total - BUDGET_BYTES)}.`);
  process.exit(1);
}
