/**
 * `npm run bench:library-list`: the signed-in orders list with 100,000 documents in the library,
 * through the real server over HTTP (autocannon, 50 connections): the first page, a category, a
 * search inside a category (English and Marathi words), and a part-word search over the whole
 * library. Prints p50/p99 latency and req/s per call, and the bare Fastify hello-world's req/s under
 * the same load for scale. Target on PostgreSQL, for the searches inside a category: p99 ≤ 25 ms and
 * at least 0.15× the bare figure.
 *
 * Embedded PGlite in a temporary folder by default; `DATABASE_URL=postgres://…/a_new_database` for a
 * PostgreSQL server (a database made for the run: the bench fills it). `DOCUMENTS=…` changes the size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, min, sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../apps/server/src/db/client.js';
import { libraryCategories } from '../apps/server/src/db/schema/libraries.js';
import { ensureReferenceData } from '../apps/server/src/modules/setup/setup.bootstrap.js';
import { measureLoad, type LoadResult } from './lib/load.js';
import { startBareServer, stopProcess } from './lib/processes.js';
import { signIn, startServer } from './lib/server.js';

const DOCUMENTS = Number(process.env.DOCUMENTS ?? 100_000);
const CATEGORIES = 25;
const SUBCATEGORIES_PER_CATEGORY = 4;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.SECONDS_PER_RUN ?? 8);
const TARGET_P99_MS = 25;
const TARGET_RATIO = 0.15;

const ENGLISH = [
  'Bandobast',
  'Transfer',
  'Posting',
  'Leave',
  'Inspection',
  'Training',
  'Duty',
  'Parade',
  'Festival',
  'Election',
  'Security',
  'Allowance',
  'Uniform',
  'Arms',
  'Camp',
  'Recruitment',
  'Promotion',
  'Medical',
  'Vehicle',
  'Ration',
];
const MARATHI = [
  'बंदोबस्त',
  'बदली',
  'नियुक्ती',
  'रजा',
  'तपासणी',
  'प्रशिक्षण',
  'कर्तव्य',
  'संचलन',
  'उत्सव',
  'निवडणूक',
  'सुरक्षा',
  'भत्ता',
  'गणवेश',
  'शस्त्र',
  'छावणी',
  'भरती',
  'पदोन्नती',
  'वैद्यकीय',
  'वाहन',
  'शिधा',
];
const PLACES = [
  'Pune',
  'Daund',
  'Nagpur',
  'Jalna',
  'Solapur',
  'Amravati',
  'Gondia',
  'Kolhapur',
  'Mumbai',
  'Aurangabad',
  'Hingoli',
  'Nanded',
];

const textArray = (values: string[]) =>
  sql`(ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[])`;

/** Folders and documents of the orders library, written by SQL in a few statements. */
async function fillLibrary(databaseUrl: string | undefined, dataDir: string): Promise<number> {
  const database = databaseUrl ? openPostgres(databaseUrl) : await openPglite({ dataDir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    await ensureReferenceData(database.db);
    await database.db.execute(sql`
      INSERT INTO library_categories (library, name, slug, icon, color)
      SELECT 'orders', 'Category ' || c, 'category-' || c, '📄', '#3B82F6' FROM generate_series(1, ${CATEGORIES}) c`);
    await database.db.execute(sql`
      INSERT INTO library_subcategories (category_id, name, slug, icon, color)
      SELECT category.id, category.name || ' / ' || s, 'sub-' || s, '📋', '#6B7280'
      FROM library_categories category CROSS JOIN generate_series(1, ${SUBCATEGORIES_PER_CATEGORY}) s
      WHERE category.library = 'orders'`);
    // Document g goes to category g % 25 and, inside it, to one of its four subcategories.
    await database.db.execute(sql`
      WITH folders AS (
        SELECT array_agg(category.id ORDER BY category.id) AS categories,
               array_agg(sub.id ORDER BY category.id, sub.id) AS subcategories
        FROM library_categories category
        JOIN library_subcategories sub ON sub.category_id = category.id AND sub.slug = 'sub-1'
        WHERE category.library = 'orders'
      ),
      all_subcategories AS (
        SELECT array_agg(sub.id ORDER BY sub.category_id, sub.id) AS ids FROM library_subcategories sub
      ),
      words AS (
        SELECT g,
               ${textArray(ENGLISH)}[1 + (g * 7) % ${ENGLISH.length}] AS english,
               ${textArray(MARATHI)}[1 + (g * 13) % ${MARATHI.length}] AS marathi,
               ${textArray(PLACES)}[1 + g % ${PLACES.length}] AS place
        FROM generate_series(1, ${DOCUMENTS}) g
      ),
      documents AS (
        SELECT g, english, place,
               english || ' ' || marathi || ' ' || place || ' गट ' || (g % 16 + 1) || ' order no. ' || g AS title,
               'Order regarding ' || lower(english) || ' of SRPF personnel of Group ' || (g % 16 + 1) || ' at ' || place ||
                 ', to be read out at the next roll call and filed with the company records.' AS description
        FROM words
      )
      INSERT INTO library_documents (library, title, description, effective_date, slug, category_id, subcategory_id, priority, status, tags, search_text, created_at, updated_at)
      SELECT 'orders', title, description, current_date - (g % 700), 'order-' || g,
             folders.categories[1 + g % ${CATEGORIES}],
             all_subcategories.ids[1 + (g % ${CATEGORIES}) * ${SUBCATEGORIES_PER_CATEGORY} + (g / ${CATEGORIES}) % ${SUBCATEGORIES_PER_CATEGORY}],
             (ARRAY['high', 'medium', 'other'])[1 + g % 3], (ARRAY['pending', 'approved', 'rejected'])[1 + g % 3],
             ARRAY[lower(english), lower(place)],
             lower(title || ' ' || description || ' ' || lower(english) || ' ' || lower(place)),
             now() - make_interval(mins => g), now() - make_interval(mins => g)
      FROM documents, folders, all_subcategories`);
    await database.db.execute(sql`ANALYZE library_documents`);
    const [row] = await database.db
      .select({ id: min(libraryCategories.id) })
      .from(libraryCategories)
      .where(eq(libraryCategories.library, 'orders'));
    if (row?.id == null) throw new Error('The orders library has no category');
    return row.id;
  } finally {
    await database.close();
  }
}

const format = (result: LoadResult) =>
  `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.rps.toFixed(0)} req/s`.padEnd(44);

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-bench-library-'));
try {
  const filling = Date.now();
  const categoryId = await fillLibrary(databaseUrl, dataDir);
  console.log(
    `${DOCUMENTS.toLocaleString('en')} documents in ${CATEGORIES} categories written in ${((Date.now() - filling) / 1000).toFixed(1)} s on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
  );

  const server = await startServer({ dataDir, databaseUrl, env: { API_RATE_LIMIT: '100000000' } });
  const { child: bare, url: bareUrl } = await startBareServer();
  try {
    const headers = { authorization: `Bearer ${await signIn(server.baseUrl)}` };
    const list = (query: string) => `${server.baseUrl}/api/orders${query}`;
    const calls: { name: string; url: string; targeted: boolean }[] = [
      { name: 'first page', url: list('?page=1&limit=20'), targeted: false },
      { name: 'one category', url: list(`?category_id=${categoryId}`), targeted: false },
      {
        name: 'category + search "bandobast"',
        url: list(`?category_id=${categoryId}&search=bandobast`),
        targeted: true,
      },
      {
        name: 'category + search "बंदोबस्त"',
        url: list(`?category_id=${categoryId}&search=${encodeURIComponent('बंदोबस्त')}`),
        targeted: true,
      },
      { name: 'part word "olhap" over all', url: list('?search=olhap'), targeted: false },
    ];
    await measureLoad({ url: calls[0]!.url, headers, connections: CONNECTIONS, seconds: 3 });
    const bareResult = await measureLoad({ url: bareUrl, connections: CONNECTIONS, seconds: SECONDS });
    let met = true;
    for (const call of calls) {
      const result = await measureLoad({ url: call.url, headers, connections: CONNECTIONS, seconds: SECONDS });
      const ratio = result.rps / bareResult.rps;
      const ok = result.p99 <= TARGET_P99_MS && ratio >= TARGET_RATIO;
      if (call.targeted) met &&= ok;
      console.log(
        `${call.name.padEnd(34)} ${format(result)} ${ratio.toFixed(2)}× bare${call.targeted ? (ok ? '  (target met)' : '  (target missed)') : ''}`,
      );
    }
    console.log(`${'bare Fastify hello-world'.padEnd(34)} ${format(bareResult)}`);
    console.log(
      `${CONNECTIONS} connections, ${SECONDS} s per call, node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}; target p99 ≤ ${TARGET_P99_MS} ms and ≥ ${TARGET_RATIO}× bare for the searches in a category (on PostgreSQL)`,
    );
    if (databaseUrl) process.exitCode = met ? 0 : 1;
  } finally {
    await server.stop();
    await stopProcess(bare);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
