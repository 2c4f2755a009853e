import { and, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import { WHATSAPP_SERVICE_WINDOW_MS } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { whatsappInboundMessages } from '../../db/schema/index.js';

/**
 * Whether the person wrote within WhatsApp's 24-hour service window, which free-form messages need.
 * A message names its sender by number, or (a person who hides their number) by BSUID only: such a
 * message was stored against the person known by that BSUID, and opens the window of the same person.
 */
export async function wroteWithinWindow(
  tx: Executor,
  recipient: { number: string; userId: number | null },
  now: Date,
): Promise<boolean> {
  const i = whatsappInboundMessages;
  const sender: SQL | undefined =
    recipient.userId === null
      ? eq(i.from_number, recipient.number)
      : or(eq(i.from_number, recipient.number), and(isNull(i.from_number), eq(i.user_id, recipient.userId)));
  const [row] = await tx
    .select({ id: i.id })
    .from(i)
    .where(and(sender, gt(i.sent_at, new Date(now.getTime() - WHATSAPP_SERVICE_WINDOW_MS))))
    .limit(1);
  return row !== undefined;
}
