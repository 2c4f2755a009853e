import { and, eq, inArray } from 'drizzle-orm';
import type { RecordScope } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { payslips, users, whatsappDeliveries } from '../../db/schema/index.js';
import { slipsInScope } from '../../db/record-scope.js';

/** What a send reads of each slip and its person, in the actor's company scope (SQL), locked for the send. */
export async function lockSlipsToSend(tx: Executor, ids: readonly number[], scope: RecordScope) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: payslips.id,
      user_id: payslips.user_id,
      status: payslips.status,
      pdf_state: payslips.pdf_state,
      company_id: users.company_id,
      phone_number: users.phone_number,
      phone_verified_at: users.phone_verified_at,
      is_active: users.is_active,
      deleted_at: users.deleted_at,
      whatsapp_enabled: users.whatsapp_enabled,
      whatsapp_language: users.whatsapp_language,
    })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.user_id))
    .where(and(inArray(payslips.id, [...ids]), slipsInScope(scope)))
    .orderBy(payslips.id)
    .for('update', { of: payslips });
}
export type SlipToSend = Awaited<ReturnType<typeof lockSlipsToSend>>[number];

const BATCH = 1_000;

/** One queued delivery per slip; answers their ids by slip. */
export async function insertDeliveries(
  tx: Executor,
  rows: readonly { payslip_id: number; user_id: number; to_number: string; language: string; requested_by: number }[],
  now: Date,
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (let start = 0; start < rows.length; start += BATCH) {
    const inserted = await tx
      .insert(whatsappDeliveries)
      .values(rows.slice(start, start + BATCH).map((row) => ({ ...row, created_at: now, updated_at: now })))
      .returning({ id: whatsappDeliveries.id, payslip_id: whatsappDeliveries.payslip_id });
    for (const row of inserted) ids.set(row.payslip_id!, row.id);
  }
  return ids;
}

/** The slips' status, as one statement per batch. */
export async function setSlipStatus(tx: Executor, ids: readonly number[], status: string, now: Date): Promise<void> {
  for (let start = 0; start < ids.length; start += BATCH * 5) {
    await tx
      .update(payslips)
      .set({ status, status_reason: null, updated_at: now })
      .where(inArray(payslips.id, ids.slice(start, start + BATCH * 5)));
  }
}
