import { eq } from 'drizzle-orm';
import { appSettings } from '../db/schema/index.js';
import type { Database } from '../db/client.js';
import { randomSecret } from './secrets.js';

/**
 * Returns the stored value of `key`, creating it with `create()` the first time. Concurrent first
 * starts agree on one value: the insert does nothing when another instance won, and we read back.
 */
export async function getOrCreateSetting(db: Database, key: string, create: () => string = () => randomSecret(48)): Promise<string> {
  await db.insert(appSettings).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  if (!row) throw new Error(`Setting ${key} could not be created`);
  return row.value;
}
