import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users, whatsappVerificationCodes } from '../../db/schema/index.js';

/** The person's number and its state, locked: sends and confirmations of one person take turns. */
export async function lockNumberOf(tx: Executor, userId: number) {
  const [row] = await tx
    .select({
      phone_number: users.phone_number,
      phone_verified_at: users.phone_verified_at,
      whatsapp_language: users.whatsapp_language,
    })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deleted_at} IS NULL`))
    .for('update');
  return row;
}

/** When the codes the person was sent since `since` were created, oldest first. */
export async function codesSentSince(tx: Executor, userId: number, since: Date): Promise<Date[]> {
  const rows = await tx
    .select({ created_at: whatsappVerificationCodes.created_at })
    .from(whatsappVerificationCodes)
    .where(and(eq(whatsappVerificationCodes.user_id, userId), gt(whatsappVerificationCodes.created_at, since)))
    .orderBy(whatsappVerificationCodes.created_at);
  return rows.map((row) => row.created_at);
}

export async function insertCode(
  tx: Executor,
  values: { user_id: number; phone_number: string; code_hash: string; expires_at: Date; created_at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(whatsappVerificationCodes)
    .values(values)
    .returning({ id: whatsappVerificationCodes.id });
  return row!.id;
}

export async function attachDelivery(tx: Executor, codeId: number, deliveryId: number): Promise<void> {
  await tx
    .update(whatsappVerificationCodes)
    .set({ delivery_id: deliveryId })
    .where(eq(whatsappVerificationCodes.id, codeId));
}

/** The person's newest code: the only one that can confirm (a new code makes the older ones dead). */
export async function newestCode(tx: Executor, userId: number) {
  const [row] = await tx
    .select()
    .from(whatsappVerificationCodes)
    .where(eq(whatsappVerificationCodes.user_id, userId))
    .orderBy(desc(whatsappVerificationCodes.created_at), desc(whatsappVerificationCodes.id))
    .limit(1);
  return row;
}
export type VerificationCodeRow = NonNullable<Awaited<ReturnType<typeof newestCode>>>;

export async function countWrongTry(tx: Executor, codeId: number): Promise<number> {
  const [row] = await tx
    .update(whatsappVerificationCodes)
    .set({ tries: sql`${whatsappVerificationCodes.tries} + 1` })
    .where(eq(whatsappVerificationCodes.id, codeId))
    .returning({ tries: whatsappVerificationCodes.tries });
  return row!.tries;
}

export async function markCodeUsed(tx: Executor, codeId: number, now: Date): Promise<void> {
  await tx.update(whatsappVerificationCodes).set({ used_at: now }).where(eq(whatsappVerificationCodes.id, codeId));
}
