/** The Cloud API provider against the loopback Graph server: the exact requests, and every kind of failure. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort, startLoopbackGraph, type LoopbackGraph } from '@srpf/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCloudProvider } from './whatsapp.cloud-provider.js';
import {
  WhatsappApiError,
  WhatsappOutcomeUnknownError,
  type DocumentMessage,
  type WhatsappConfig,
} from './whatsapp.provider.js';

let graph: LoopbackGraph;
let silent: Server;
let silentUrl: string;

beforeAll(async () => {
  graph = await startLoopbackGraph({ templates: { payslip_ready: ['en', 'mr', 'hi'] } });
  // Accepts connections and never answers: the timeout's case.
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await graph.close();
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
});

const configFor = (overrides: Partial<WhatsappConfig> = {}): WhatsappConfig => ({
  provider: 'cloud',
  graphUrl: graph.url,
  graphVersion: 'v23.0',
  phoneNumberId: graph.phoneNumberId,
  accessToken: graph.accessToken,
  appSecret: graph.appSecret,
  verifyToken: 'verify',
  payslipTemplate: 'payslip_ready',
  authTemplate: 'login_code',
  messagesPerSecond: 80,
  dailyRecipients: 250,
  unknownOutcomeSeconds: 600,
  ...overrides,
});

const pdf = {
  bytes: Buffer.from('%PDF-1.4 a small slip'),
  fileName: 'payslip-2026-03.pdf',
  mimeType: 'application/pdf',
};

const message = (mediaId: string, overrides: Partial<DocumentMessage> = {}): DocumentMessage => ({
  to: '919876543210',
  language: 'mr',
  mediaId,
  fileName: 'payslip-2026-03.pdf',
  caption: 'March 2026 salary slip',
  bodyParameters: ['Asha Patil', 'March 2026'],
  callbackData: 'attempt-41',
  ...overrides,
});

async function refusal(promise: Promise<unknown>): Promise<WhatsappApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WhatsappApiError);
  const apiError = error as WhatsappApiError;
  expect(apiError.message).not.toContain(graph.accessToken);
  return apiError;
}

describe('createCloudProvider', () => {
  const provider = () => createCloudProvider(configFor());

  it('uploads the PDF as multipart media and gets its id', async () => {
    const { mediaId } = await provider().uploadMedia(pdf);
    expect(graph.media.get(mediaId)).toEqual({ id: mediaId, ...pdf });
  });

  it('sends the payslip template with the document header and body parameters, in the person’s language', async () => {
    const { mediaId } = await provider().uploadMedia(pdf);
    const { wamid } = await provider().sendTemplate(message(mediaId));
    const receipt = graph.receipts.find((candidate) => candidate.wamid === wamid);
    expect(receipt?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      biz_opaque_callback_data: 'attempt-41',
      type: 'template',
      template: {
        name: 'payslip_ready',
        language: { code: 'mr' },
        components: [
          {
            type: 'header',
            parameters: [{ type: 'document', document: { id: mediaId, filename: 'payslip-2026-03.pdf' } }],
          },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Asha Patil' },
              { type: 'text', text: 'March 2026' },
            ],
          },
        ],
      },
    });
  });

  it('sends a free-form document with caption and file name inside the window, and 131047 outside it', async () => {
    const { mediaId } = await provider().uploadMedia(pdf);
    const closed = await refusal(provider().sendDocument(message(mediaId, { to: '919800000047' })));
    expect([closed.code, closed.httpStatus]).toEqual([131047, 400]);
    expect(closed.details).toMatch(/24 hours/);

    await graph.sendInbound('919800000047', 'Namaskar');
    const { wamid } = await provider().sendDocument(message(mediaId, { to: '919800000047', language: 'hi' }));
    expect(graph.receipts.find((candidate) => candidate.wamid === wamid)?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919800000047',
      biz_opaque_callback_data: 'attempt-41',
      type: 'document',
      document: { id: mediaId, caption: 'March 2026 salary slip', filename: 'payslip-2026-03.pdf' },
    });
  });

  it('surfaces each Graph error with its code, HTTP status and details', async () => {
    const { mediaId } = await provider().uploadMedia(pdf);
    const cases: [number, number | undefined, number][] = [
      [130429, undefined, 429],
      [131056, undefined, 429],
      [131026, undefined, 400],
      [131000, 503, 503],
      [368, undefined, 403],
    ];
    for (const [code, httpStatus, expected] of cases) {
      graph.failNext(code, { httpStatus });
      const error = await refusal(provider().sendTemplate(message(mediaId)));
      expect([error.code, error.httpStatus]).toEqual([code, expected]);
      expect(error.message).toContain(`(#${code})`);
      expect(error.details).toEqual(expect.any(String));
    }

    const token = await refusal(
      createCloudProvider(configFor({ accessToken: 'revoked' })).sendTemplate(message(mediaId)),
    );
    expect([token.code, token.httpStatus]).toEqual([190, 401]);
    expect(token.message).not.toContain('revoked');

    const template = await refusal(
      createCloudProvider(configFor({ payslipTemplate: 'unknown_template' })).sendTemplate(message(mediaId)),
    );
    expect([template.code, template.httpStatus]).toEqual([132001, 404]);

    graph.failNext(131053, { endpoint: 'media' });
    const media = await refusal(provider().uploadMedia(pdf));
    expect([media.code, media.httpStatus]).toEqual([131053, 400]);
  });

  it('gives no code for an answer that is not Graph’s JSON or a closed port, and an unknown outcome for a message cut short', async () => {
    const html = async () => new Response('<html>Bad gateway</html>', { status: 502 });
    const proxy = await refusal(createCloudProvider(configFor(), { fetch: html }).sendTemplate(message('1')));
    expect([proxy.code, proxy.httpStatus]).toEqual([undefined, 502]);

    const closedUrl = `http://127.0.0.1:${await freePort()}`;
    const closed = await refusal(createCloudProvider(configFor({ graphUrl: closedUrl })).uploadMedia(pdf));
    expect([closed.code, closed.httpStatus]).toEqual([undefined, undefined]);
    expect(closed.message).toContain('ECONNREFUSED');
    // Refused before a byte went: the message certainly did not reach WhatsApp, so it may be retried.
    const closedMessage = await refusal(
      createCloudProvider(configFor({ graphUrl: closedUrl })).sendTemplate(message('1')),
    );
    expect(closedMessage.message).toContain('ECONNREFUSED');

    // Cut short after it was sent: WhatsApp may have accepted it, so it must not be sent again blindly.
    const slow = createCloudProvider(configFor({ graphUrl: silentUrl }), { messageTimeoutMs: 200 });
    const timedOut = await slow.sendTemplate(message('1')).then(
      () => null,
      (error: unknown) => error,
    );
    expect(timedOut).toBeInstanceOf(WhatsappOutcomeUnknownError);
    expect((timedOut as Error).message).toContain('no answer within 200 ms');

    const cancel = new AbortController();
    const pending = createCloudProvider(configFor({ graphUrl: silentUrl })).sendDocument(message('1'), cancel.signal);
    cancel.abort();
    const cancelled = await pending.then(
      () => null,
      (error: unknown) => error,
    );
    expect(cancelled).toBeInstanceOf(WhatsappOutcomeUnknownError);
    expect((cancelled as Error).message).toContain('cancelled');

    // An upload cut short is only repeated: it gives no code.
    const slowUpload = await refusal(
      createCloudProvider(configFor({ graphUrl: silentUrl }), { mediaTimeoutMs: 200 }).uploadMedia(pdf),
    );
    expect(slowUpload.code).toBeUndefined();
  });
});
