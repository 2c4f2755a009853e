import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '@srpf/test-kit';

interface EmbeddedDatabase {
  pglite: { query(sql: string, params?: unknown[]): Promise<unknown> };
  close(): Promise<void>;
}

/**
 * Makes slips `needs_check` as a worker killed between WhatsApp's acceptance and its own record
 * leaves them once no callback came (issue 30): the slip and its latest delivery, with the reason.
 * Written straight into the embedded database of a stopped server's data folder (the embedded
 * database admits one process at a time), through the built server's own opener (apps/server/dist),
 * so the files keep the server's owner-only modes.
 */
export async function markNeedsCheck(dataDir: string, payslipIds: readonly number[], reason: string): Promise<void> {
  const client = (await import(pathToFileURL(path.join(REPO_ROOT, 'apps/server/dist/db/client.js')).href)) as {
    openPglite(options: { dataDir: string }): Promise<EmbeddedDatabase>;
  };
  const database = await client.openPglite({ dataDir: path.join(dataDir, 'db') });
  try {
    const ids = [...payslipIds];
    await database.pglite.query(`UPDATE payslips SET status = 'needs_check', status_reason = $2 WHERE id = ANY($1)`, [
      ids,
      reason,
    ]);
    await database.pglite.query(
      `UPDATE whatsapp_deliveries AS d SET state = 'needs_check', status_reason = $2
        WHERE d.payslip_id = ANY($1)
          AND d.id = (SELECT max(latest.id) FROM whatsapp_deliveries AS latest WHERE latest.payslip_id = d.payslip_id)`,
      [ids, reason],
    );
  } finally {
    await database.close();
  }
}
