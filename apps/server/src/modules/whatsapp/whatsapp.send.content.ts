import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payslips } from '../../db/schema/index.js';
import type { DeliveryRow } from './whatsapp.deliveries.repository.js';
import type { SlipForMessage } from './whatsapp.send.message.js';
import { recipientRefusal } from './whatsapp.send.recipient.js';

/**
 * What one delivery sends, by its kind (issue 31): a slip's PDF (`payslip`), a free-form text (`text`,
 * only inside the person's window) or a named template (`template`; a verification code's also carries
 * the copy-code button). Read under the delivery's row lock; a delivery without a slip never touches
 * `payslips`. A code is never put into a reason, a log or an audit row: it lives in template_params only.
 */
export type DeliveryContent =
  | { kind: 'slip'; slip: SlipForMessage & { pdf_key: string } }
  | { kind: 'text'; body: string }
  | {
      kind: 'template';
      name: string;
      params: string[];
      copyCode: string | null;
      /** Meta's code of the language it was approved in; null: the delivery's language. */
      language: string | null;
    };

export type ContentOrRefusal = { ok: true; content: DeliveryContent } | { ok: false; reason: string };

/** Meta's 131047 in words: a free-form message only goes inside the 24-hour customer-service window. */
export const WINDOW_CLOSED_REASON =
  'The person has not written in the last 24 hours: WhatsApp takes a free-form message only inside that window (code 131047); send an approved template instead';

export async function contentOf(tx: Executor, delivery: DeliveryRow, now: Date): Promise<ContentOrRefusal> {
  const refusal = await recipientRefusal(tx, delivery, now);
  if (refusal) return { ok: false, reason: refusal };
  if (delivery.kind === 'text') {
    if (!delivery.body) return { ok: false, reason: 'The message has no text' };
    return { ok: true, content: { kind: 'text', body: delivery.body } };
  }
  if (delivery.kind === 'template') {
    if (!delivery.template_name) return { ok: false, reason: 'The message names no template' };
    const params = delivery.template_params ?? [];
    const copyCode = delivery.origin === 'verification' ? (params[0] ?? null) : null;
    if (delivery.origin === 'verification' && copyCode === null)
      return { ok: false, reason: 'The verification message carries no code' };
    return {
      ok: true,
      content: {
        kind: 'template',
        name: delivery.template_name,
        params,
        copyCode,
        language: delivery.template_language,
      },
    };
  }
  if (delivery.payslip_id === null) return { ok: false, reason: 'The payslip’s PDF is no longer there' };
  const [slip] = await tx
    .select({
      pdf_key: payslips.pdf_key,
      employee_name: payslips.employee_name,
      salary_month: payslips.salary_month,
      file_name: payslips.file_name,
      superseded_at: payslips.superseded_at,
    })
    .from(payslips)
    .where(eq(payslips.id, delivery.payslip_id));
  // A slip replaced by a newer upload while it waited is not sent: the person would get the old figures.
  if (!slip?.pdf_key) return { ok: false, reason: 'The payslip’s PDF is no longer there' };
  if (slip.superseded_at) return { ok: false, reason: 'A newer version of this payslip was uploaded; send that one' };
  return {
    ok: true,
    content: {
      kind: 'slip',
      slip: {
        pdf_key: slip.pdf_key,
        employee_name: slip.employee_name,
        salary_month: slip.salary_month,
        file_name: slip.file_name,
      },
    },
  };
}
