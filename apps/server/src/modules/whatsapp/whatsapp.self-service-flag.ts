import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appSettings } from '../../db/schema/index.js';

/**
 * Whether people's own requests over WhatsApp ('payslip', 'leave', …) are answered (issue 31):
 * administrators switch it on and off on the messaging overview's Settings. Off until switched on,
 * so an installation answers nobody before an administrator decides it should.
 */
const SELF_SERVICE_KEY = 'whatsapp.self_service';

export async function isSelfServiceOn(executor: Executor): Promise<boolean> {
  const [row] = await executor
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, SELF_SERVICE_KEY));
  return row?.value === 'on';
}

/** Stores the switch (the caller audits who changed it). */
export async function setSelfService(executor: Executor, on: boolean, now: Date): Promise<void> {
  const value = on ? 'on' : 'off';
  await executor
    .insert(appSettings)
    .values({ key: SELF_SERVICE_KEY, value, updated_at: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updated_at: now } });
}
