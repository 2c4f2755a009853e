/**
 * Seed data for bench/whatsapp.ts: N people of the headquarters company (distinct phones 90000…,
 * verified and WhatsApp enabled, languages en/mr/hi in turn) and one current slip each for one month, with a
 * small PDF ready, stored in DATA_DIR/files the way the server stores files (lib/storage-local.ts),
 * so the server and the worker read it as if the render job had made it.
 */
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../apps/server/src/db/client.js';
import { createLocalStorage } from '../../apps/server/src/lib/storage-local.js';

export const BENCH_MONTH = '2026-10';
const CHUNK = 1_000;

/** A PDF of a few hundred bytes, one per slip (each its own file, so each is uploaded as media). */
function smallPdf(n: number): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj\n% bench salary slip ${n}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
  );
}

/** The number a person's slip goes to: 91 + the seeded 10-digit phone. */
export const benchPhone = (n: number) => `9${String(n).padStart(9, '0')}`;

/** Seeds `count` people and slips; answers the slips' ids. */
export async function seedSlips(database: DatabaseHandle, dataDir: string, count: number): Promise<number[]> {
  const storage = createLocalStorage(path.join(dataDir, 'files'));
  const ids: number[] = [];
  for (let first = 1; first <= count; first += CHUNK) {
    const last = Math.min(first + CHUNK - 1, count);
    const values: string[] = [];
    for (let n = first; n <= last; n++) {
      const html = await storage.put(Readable.from([Buffer.from(`<html><body>Slip ${n}</body></html>`)]));
      await storage.commit(html.key);
      const pdf = await storage.put(Readable.from([smallPdf(n)]));
      await storage.commit(pdf.key);
      values.push(`(${n}, '${html.key}', ${html.size}, '${pdf.key}', ${pdf.size})`);
    }
    await database.db.execute(
      sql.raw(
        `insert into users (first_name, last_name, email, phone_number, password_hash, role_id, company_id, dgp_id, whatsapp_enabled, whatsapp_language,
                            phone_verified_at, phone_verified_source)
         select 'Bench', 'Person ' || g, 'wa-bench' || g || '@srpf.test', '9' || lpad(g::text, 9, '0'), 'bench-no-sign-in',
                (select id from roles where name = 'viewer'), 1, 'WAB' || chr(65 + g % 26) || chr(65 + (g / 26) % 26) || chr(65 + (g / 676) % 26) || chr(65 + (g / 17576) % 26) || lpad((g % 10000)::text, 4, '0'), true, (array['en', 'mr', 'hi'])[1 + g % 3],
                now(), 'existing'
           from generate_series(${first}, ${last}) g`,
      ),
    );
    const inserted: unknown = await database.db.execute(
      sql.raw(
        `insert into payslips (user_id, salary_month, file_name, html_key, html_size, pdf_key, pdf_size, pdf_state, pdf_rendered_at, sevarth_id, employee_name, net_paise)
         select u.id, '${BENCH_MONTH}', 'slip-' || f.n || '.html', f.html_key, f.html_size, f.pdf_key, f.pdf_size, 'ready', now(), u.dgp_id,
                u.first_name || ' ' || u.last_name, 4500000
           from (values ${values.join(', ')}) as f(n, html_key, html_size, pdf_key, pdf_size)
           join users u on u.email = 'wa-bench' || f.n || '@srpf.test'
         returning id`,
      ),
    );
    ids.push(...(inserted as { rows: { id: number }[] }).rows.map((row) => Number(row.id)));
  }
  return ids;
}
