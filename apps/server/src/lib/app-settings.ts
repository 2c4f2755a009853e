import { eq } from 'drizzle-orm';
import { appSettings } from '../db/schema/index.js';
import type { Database, Executor } from '../db/client.js';
import { randomSecret } from './secrets.js';

/**
 * Returns the stored value of `key`, creating it with `create()` the first time. Concurrent first
 * starts agree on one value: the insert does nothing when another instance won, and we read back.
 */
export async function getOrCreateSetting(
  db: Database | Executor,
  key: string,
  create: () => string = () => randomSecret(48),
): Promise<string> {
  await db.insert(appSettings).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  if (!row) throw new Error(`Setting ${key} could not be created`);
  return row.value;
}

/**
 * Records `key` the first time it is claimed and answers true to that caller only: work to be done
 * once per installation (seeding) claims it in the transaction that does the work, so the work and
 * the record commit together, and a concurrent first start waits on the key and then answers false.
 */
export async function claimSettingOnce(executor: Executor, key: string, value: string): Promise<boolean> {
  const inserted = await executor
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoNothing()
    .returning({ key: appSettings.key });
  return inserted.length > 0;
}
