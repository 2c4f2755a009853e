import { eq } from 'drizzle-orm';
import { payslips, whatsappQueueState } from '../../db/schema/index.js';
import { messagesCallback, metaStatus } from '../whatsapp-webhook-fixtures.js';
import { signatureOf } from '../../modules/whatsapp/whatsapp.webhook.signature.js';
import { multipartBody } from '../multipart.js';
import { uniqueWord } from '../security-matrix-fixtures.js';

/**
 * The permission matrix's fixture map: for each route (and variant) of docs/security-matrix.json, a
 * valid request on a fresh record of the cell's kind, so that an allowed actor gets 200/201 and a
 * refused one the refusal the matrix expects.
 */
import { type Fixture, get, hasId, payslipFixture } from './fixture.js';

/** The permission matrix's requests of payslips (see ./fixture.ts). */
export const PAYSLIPS_FIXTURES: Record<string, Fixture> = {
  'GET /api/whatsapp/webhook': {
    prepare: ({ world }) => ({
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${world.t.config.whatsapp.verifyToken}&hub.challenge=${uniqueWord('Ch')}`,
    }),
  },
  'POST /api/whatsapp/webhook': {
    prepare: ({ world }) => {
      // Meta's callback: a status of a message, signed with the app secret (the signature replaces a session).
      const wamid = `wamid.${uniqueWord('Wa')}`;
      const payload = JSON.stringify(messagesCallback({ statuses: [metaStatus({ wamid, status: 'delivered' })] }));
      return {
        url: '/api/whatsapp/webhook',
        payload,
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': signatureOf(payload, world.t.config.whatsapp.appSecret),
        },
      };
    },
  },
  'POST /api/salary-slip/upload-html': {
    async prepare({ world }) {
      // A slip of a person of company 1 (inside the scope of every holder of manage_payslips here).
      const holder = await world.slipHolder();
      const html = `<html><body><h1>Salary Slip</h1><table><tr><th>Sevarth ID</th><td>${holder.sevarthId}</td></tr><tr><th>Salary Month</th><td>October 2026</td></tr><tr><th>Net Pay</th><td>45,000</td></tr></table></body></html>`;
      return {
        url: '/api/salary-slip/upload-html',
        ...multipartBody([
          { name: 'htmlFiles', filename: `${holder.sevarthId}.html`, contentType: 'text/html', content: html },
        ]),
      };
    },
  },
  'GET /api/salary-slip/salaryslips/all': payslipFixture(
    (slip) => `/api/salary-slip/salaryslips/all?month_year=${slip.month}&limit=100`,
    (slip) => (response) => hasId(response.json<{ data?: { payslips?: unknown } }>().data?.payslips, slip.id),
  ),
  'GET /api/payslips/stats': get('/api/payslips/stats'),
  'GET /api/payslips/eligible-users': payslipFixture(
    (slip) => `/api/payslips/eligible-users?month_year=${slip.month}`,
    (slip) => (response) =>
      (response.json<{ data?: { users?: { payslip_id?: number }[] } }>().data?.users ?? []).some(
        (user) => user.payslip_id === slip.id,
      ),
    { whatsapp: true },
  ),
  'GET /api/payslips/:id/download': payslipFixture((slip) => `/api/payslips/${slip.id}/download`),
  'POST /api/payslips/:id/send': payslipFixture((slip) => `/api/payslips/${slip.id}/send`),
  'POST /api/payslips/bulk-send': {
    async prepare(context) {
      const slip = await context.world.payslip(context.record!, context.actor);
      return { url: '/api/payslips/bulk-send', payload: { payslip_ids: [slip.id] } };
    },
  },
  'POST /api/payslips/:id/mark-sent': {
    async prepare(context) {
      const slip = await context.world.payslip(context.record!, context.actor);
      await context.world.t.database.db.update(payslips).set({ status: 'needs_check' }).where(eq(payslips.id, slip.id));
      return { url: `/api/payslips/${slip.id}/mark-sent` };
    },
  },
  'GET /api/whatsapp/queue': get('/api/whatsapp/queue'),
  'POST /api/whatsapp/queue/resume': {
    async prepare({ world }) {
      await world.t.database.db
        .update(whatsappQueueState)
        .set({ paused_at: new Date(), pause_code: 190, pause_reason: 'Paused for the permission matrix' });
      return { url: '/api/whatsapp/queue/resume' };
    },
  },
};
