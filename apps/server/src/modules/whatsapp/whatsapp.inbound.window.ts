import { and, eq, gt, isNull } from 'drizzle-orm';
import { WHATSAPP_SERVICE_WINDOW_MS } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { users, whatsappInboundMessages } from '../../db/schema/index.js';

/**
 * Whether the person wrote within WhatsApp's 24-hour service window, which free-form messages need.
 * A message names its sender by number, or (a person who hides their number) by BSUID only: such a
 * message opens the window of the person who holds that BSUID now. A BSUID is forgotten when its
 * person's number changes, so an old message never opens the window of a new number.
 */
export async function wroteWithinWindow(
  tx: Executor,
  recipient: { number: string; userId: number | null },
  now: Date,
): Promise<boolean> {
  const i = whatsappInboundMessages;
  const since = new Date(now.getTime() - WHATSAPP_SERVICE_WINDOW_MS);
  // By number first (indexed: every slip's send asks this).
  const [byNumber] = await tx
    .select({ id: i.id })
    .from(i)
    .where(and(eq(i.from_number, recipient.number), gt(i.sent_at, since)))
    .limit(1);
  if (byNumber) return true;
  if (recipient.userId === null) return false;
  const [person] = await tx.select({ bsuid: users.whatsapp_bsuid }).from(users).where(eq(users.id, recipient.userId));
  // Only people who have written by BSUID are looked up by it.
  if (!person?.bsuid) return false;
  const [byBsuid] = await tx
    .select({ id: i.id })
    .from(i)
    .where(and(isNull(i.from_number), eq(i.from_bsuid, person.bsuid), gt(i.sent_at, since)))
    .limit(1);
  return byBsuid !== undefined;
}
