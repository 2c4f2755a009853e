/** The loopback Graph server answers and calls back as the WhatsApp Cloud API documents it. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackGraph, type LoopbackGraph, type LoopbackOptions } from './index.js';

interface Status {
  status: string;
  biz_opaque_callback_data?: string;
}
interface WebhookBody {
  object: string;
  entry: { changes: { field: string; value: { statuses: Status[] } & Record<string, unknown> }[] }[];
}
interface GraphAnswer {
  error: { code: number } & Record<string, unknown>;
  messages: { id: string; message_status?: string }[];
}

interface Hook {
  url: string;
  calls: { raw: string; signature: string | undefined; body: WebhookBody }[];
  server: Server;
}

const open: (LoopbackGraph | Hook)[] = [];
afterEach(async () => {
  for (const item of open.splice(0)) {
    if ('close' in item) await item.close();
    else await new Promise((resolve) => item.server.close(resolve));
  }
});

async function webhook(status = 200): Promise<Hook> {
  const calls: Hook['calls'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      calls.push({
        raw,
        signature: request.headers['x-hub-signature-256'] as string | undefined,
        body: JSON.parse(raw),
      });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hook = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/whatsapp/webhook`,
    calls,
    server,
  };
  open.push(hook);
  return hook;
}

async function loopback(options: LoopbackOptions = {}) {
  const graph = await startLoopbackGraph(options);
  open.push(graph);
  return graph;
}

const base = (graph: LoopbackGraph) => `${graph.url}/v23.0/${graph.phoneNumberId}`;
const auth = (graph: LoopbackGraph) => ({ authorization: `Bearer ${graph.accessToken}` });

async function upload(graph: LoopbackGraph): Promise<string> {
  const form = new FormData();
  form.set('messaging_product', 'whatsapp');
  form.set('type', 'application/pdf');
  form.set('file', new Blob([Buffer.from('%PDF-1.4 slip')], { type: 'application/pdf' }), 'slip-2026-03.pdf');
  const answer = await fetch(`${base(graph)}/media`, { method: 'POST', headers: auth(graph), body: form });
  expect(answer.status).toBe(200);
  const { id } = (await answer.json()) as { id: string };
  return id;
}

function template(mediaId: string, to = '919876543210', callbackData = 'attempt-1') {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: {
      name: 'payslip_ready',
      language: { code: 'mr' },
      components: [
        { type: 'header', parameters: [{ type: 'document', document: { id: mediaId, filename: 'slip.pdf' } }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Asha' },
            { type: 'text', text: 'March 2026' },
          ],
        },
      ],
    },
    biz_opaque_callback_data: callbackData,
  };
}

function documentMessage(mediaId: string, to = '919876543210') {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'document',
    document: { id: mediaId, caption: 'Your slip', filename: 'slip.pdf' },
    biz_opaque_callback_data: 'attempt-doc',
  };
}

async function post(graph: LoopbackGraph, body: unknown, headers: Record<string, string> = auth(graph)) {
  const answer = await fetch(`${base(graph)}/messages`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as GraphAnswer };
}

const verified = (raw: string, signature: string | undefined, secret: string) => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  return (
    signature !== undefined && signature.length === expected.length && timingSafeEqual(Buffer.from(signature), expected)
  );
};

describe('the loopback Graph server', () => {
  it('uploads media, accepts a template and calls back sent and delivered, signed', async () => {
    const hook = await webhook();
    const graph = await loopback({ webhookUrl: hook.url });
    const mediaId = await upload(graph);
    expect(mediaId).toMatch(/^\d+$/);
    expect(graph.media.get(mediaId)).toMatchObject({ fileName: 'slip-2026-03.pdf', mimeType: 'application/pdf' });

    const answer = await post(graph, template(mediaId));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '919876543210', wa_id: '919876543210' }],
      messages: [{ id: expect.stringMatching(/^wamid\./), message_status: 'accepted' }],
    });
    expect(graph.receipts[0]).toMatchObject({
      wamid: answer.body.messages[0]!.id,
      to: '919876543210',
      type: 'template',
      callbackData: 'attempt-1',
      message: { name: 'payslip_ready', language: 'mr', bodyParameters: ['Asha', 'March 2026'] },
    });

    await graph.settled();
    expect(hook.calls.map((call) => call.body.entry[0]!.changes[0]!.value.statuses[0]!.status)).toEqual([
      'sent',
      'delivered',
    ]);
    for (const call of hook.calls) {
      expect(verified(call.raw, call.signature, graph.appSecret)).toBe(true);
      expect(verified(call.raw, call.signature, 'another-secret')).toBe(false);
    }
    const change = hook.calls[1]!.body.entry[0]!.changes[0]!;
    expect(hook.calls[1]!.body.object).toBe('whatsapp_business_account');
    expect(change.field).toBe('messages');
    expect(change.value).toMatchObject({
      messaging_product: 'whatsapp',
      metadata: { phone_number_id: graph.phoneNumberId },
      statuses: [
        {
          id: answer.body.messages[0]!.id,
          status: 'delivered',
          timestamp: expect.stringMatching(/^\d+$/),
          recipient_id: '919876543210',
          biz_opaque_callback_data: 'attempt-1',
          pricing: { billable: true, pricing_model: 'PMP', category: 'utility' },
          conversation: { origin: { type: 'utility' } },
        },
      ],
    });
  });

  it('refuses a wrong token (401, 190), another number (100) and a bad body (400, 100) in Graph’s envelope', async () => {
    const graph = await loopback();
    const wrong = await post(graph, template('1'), { authorization: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({
      code: 190,
      type: 'OAuthException',
      message: expect.stringContaining('(#190)'),
      error_data: { messaging_product: 'whatsapp', details: expect.any(String) },
      fbtrace_id: expect.any(String),
    });
    expect((await post(graph, template('1'), {})).status).toBe(401);

    const other = await fetch(`${graph.url}/v23.0/999/messages`, { method: 'POST', headers: auth(graph), body: '{}' });
    expect(other.status).toBe(400);
    expect(((await other.json()) as GraphAnswer).error).toMatchObject({ code: 100, error_subcode: 33 });

    const mediaId = await upload(graph);
    const bad = { ...template(mediaId), template: { name: 'payslip_ready', components: [] } };
    const answer = await post(graph, bad);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 100,
      error_data: { details: expect.stringContaining('language') },
    });
    expect((await post(graph, { ...template(mediaId), messaging_product: 'sms' })).body.error.code).toBe(100);
    expect((await post(graph, template('404404'))).body.error.code).toBe(100);
    expect(graph.receipts).toHaveLength(0);
  });

  it('refuses a document outside the 24-hour window (131047) and accepts it once the person wrote', async () => {
    const hook = await webhook();
    const graph = await loopback({ webhookUrl: hook.url, autoStatuses: [] });
    const mediaId = await upload(graph);
    const closed = await post(graph, documentMessage(mediaId));
    expect(closed.status).toBe(400);
    expect(closed.body.error.code).toBe(131047);

    await graph.sendInbound('919876543210', 'Hello');
    const inbound = hook.calls[0]!;
    expect(verified(inbound.raw, inbound.signature, graph.appSecret)).toBe(true);
    expect(inbound.body.entry[0]!.changes[0]!.value).toMatchObject({
      contacts: [{ wa_id: '919876543210' }],
      messages: [{ from: '919876543210', type: 'text', text: { body: 'Hello' } }],
    });
    const answer = await post(graph, documentMessage(mediaId));
    expect(answer.status).toBe(200);
    expect(answer.body.messages[0]!.message_status).toBeUndefined();
    expect(graph.receipts[0]!.message).toMatchObject({
      kind: 'document',
      document: { caption: 'Your slip', filename: 'slip.pdf' },
    });
  });

  it('takes a text only inside the window (131047 outside), and a person’s message may carry a BSUID and a name', async () => {
    const hook = await webhook();
    const graph = await loopback({ webhookUrl: hook.url, autoStatuses: [] });
    const text = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543211',
      type: 'text',
      text: { body: 'Report at 9', preview_url: false },
      biz_opaque_callback_data: 'attempt-text',
    };
    const closed = await post(graph, text);
    expect(closed.body.error.code).toBe(131047);
    await graph.sendInbound('919876543211', 'payslip', { bsuid: 'IN.1234567890', name: 'Asha' });
    expect(hook.calls[0]!.body.entry[0]!.changes[0]!.value).toMatchObject({
      contacts: [{ wa_id: '919876543211', user_id: 'IN.1234567890', profile: { name: 'Asha' } }],
      messages: [{ from: '919876543211', from_user_id: 'IN.1234567890', text: { body: 'payslip' } }],
    });
    expect((await post(graph, text)).status).toBe(200);
    expect(graph.receipts[0]).toMatchObject({
      type: 'text',
      message: { kind: 'text', text: { body: 'Report at 9', previewUrl: false } },
    });
    const empty = await post(graph, { ...text, text: { body: ' ' } });
    expect(empty.body.error).toMatchObject({ code: 100 });
  });

  it('accepts an authentication template with its copy-code button outside any window, and refuses a bad button', async () => {
    const graph = await loopback();
    const code = {
      messaging_product: 'whatsapp',
      to: '919876543212',
      type: 'template',
      template: {
        name: 'sign_in_code',
        language: { code: 'en' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '482913' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '482913' }] },
        ],
      },
    };
    expect((await post(graph, code)).status).toBe(200);
    expect(graph.receipts[0]!.message).toMatchObject({
      kind: 'template',
      bodyParameters: ['482913'],
      buttons: [{ subType: 'url', index: 0, text: '482913' }],
    });
    const badButton = structuredClone(code);
    (badButton.template.components[1] as Record<string, unknown>).sub_type = 'phone';
    expect((await post(graph, badButton)).body.error.code).toBe(100);
  });

  it('injects planned errors with Graph’s HTTP statuses, and errors at a seeded rate', async () => {
    const graph = await loopback();
    const mediaId = await upload(graph);
    graph.failNext(131056, { times: 2 });
    graph.failNext(131000, { httpStatus: 503 });
    graph.failNext(131053, { endpoint: 'media' });
    expect((await post(graph, template(mediaId))).status).toBe(429);
    expect((await post(graph, template(mediaId))).body.error.code).toBe(131056);
    const server = await post(graph, template(mediaId));
    expect([server.status, server.body.error.code]).toEqual([503, 131000]);
    expect((await post(graph, template(mediaId))).status).toBe(200);
    const media = await fetch(`${base(graph)}/media`, { method: 'POST', headers: auth(graph), body: new FormData() });
    expect(media.status).toBe(400);

    const rated = async (seed: number) => {
      const other = await loopback({ seed, errorRate: { codes: [130429, 131016], fraction: 0.3 } });
      const id = await upload(other);
      const codes: number[] = [];
      for (let i = 0; i < 60; i++)
        codes.push((await post(other, template(id, '919876543210', `a${i}`))).body.error?.code ?? 0);
      return codes;
    };
    const first = await rated(7);
    expect(first).toEqual(await rated(7));
    const refused = first.filter((code) => code !== 0);
    expect(refused.length).toBeGreaterThan(5);
    expect(refused.length).toBeLessThan(35);
    expect(new Set(refused)).toEqual(new Set([130429, 131016]));
  });

  it('fails a message in a status callback, and pauses a template by its status update', async () => {
    const hook = await webhook();
    const graph = await loopback({ webhookUrl: hook.url });
    const mediaId = await upload(graph);
    graph.failNextInCallback(131026);
    await post(graph, template(mediaId));
    await graph.settled();
    const status = hook.calls[0]!.body.entry[0]!.changes[0]!.value.statuses[0]!;
    expect(hook.calls).toHaveLength(1);
    expect(status).toMatchObject({ status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] });

    await graph.templateStatus('payslip_ready', 'PAUSED', { reason: 'LOW_QUALITY' });
    expect(hook.calls[1]!.body.entry[0]!.changes[0]!).toMatchObject({
      field: 'message_template_status_update',
      value: { event: 'PAUSED', message_template_name: 'payslip_ready', reason: 'LOW_QUALITY' },
    });
    const paused = await post(graph, template(mediaId));
    expect([paused.status, paused.body.error.code]).toEqual([400, 132015]);
  });

  it('calls back out of order and twice when told, retries a refused call, and posts nothing without a webhook', async () => {
    const hook = await webhook();
    const graph = await loopback({
      webhookUrl: hook.url,
      autoStatuses: ['sent', 'delivered', 'read'],
      callbacks: { outOfOrder: true, duplicateFraction: 1, delayMs: [0, 30] },
    });
    const mediaId = await upload(graph);
    for (let i = 0; i < 5; i++) await post(graph, template(mediaId, `91987654321${i}`, `k${i}`));
    await graph.settled();
    expect(hook.calls).toHaveLength(30);
    const orders = [0, 1, 2, 3, 4].map((i) =>
      hook.calls
        .map((call) => call.body.entry[0]!.changes[0]!.value.statuses[0]!)
        .filter((status) => status.biz_opaque_callback_data === `k${i}`)
        .map((status) => status.status)
        .join(','),
    );
    expect(orders.some((order) => order !== 'sent,sent,delivered,delivered,read,read')).toBe(true);

    const refusing = await webhook(401);
    const retried = await loopback({ webhookUrl: refusing.url, autoStatuses: ['sent'], callbacks: { retries: 2 } });
    await post(retried, template(await upload(retried)));
    await retried.settled();
    expect(refusing.calls).toHaveLength(3);
    expect(retried.callbacks.posted.map((call) => call.httpStatus)).toEqual([401, 401, 401]);

    const silent = await loopback();
    await post(silent, template(await upload(silent)));
    await silent.deliverAll();
    expect(silent.callbacks.posted).toHaveLength(0);
  });

  it('delivers every message on demand, counts the busiest window and finds messages sent twice', async () => {
    const hook = await webhook();
    const graph = await loopback({ webhookUrl: hook.url, autoStatuses: ['sent'], limits: { pairGapMs: 6000 } });
    const mediaId = await upload(graph);
    for (let i = 0; i < 4; i++) await post(graph, template(mediaId, `9198765432${i}0`, i === 3 ? 'k0' : `k${i}`));
    const pair = await post(graph, template(mediaId, '919876543200', 'k9'));
    expect([pair.status, pair.body.error.code]).toEqual([429, 131056]);
    await graph.settled();
    await graph.deliverAll({ read: true });
    const statuses = hook.calls.map((call) => call.body.entry[0]!.changes[0]!.value.statuses[0]!.status);
    expect(statuses.filter((status) => status === 'delivered')).toHaveLength(4);
    expect(statuses.filter((status) => status === 'read')).toHaveLength(4);
    expect(graph.maxInAnyWindow(60_000)).toBe(4);
    expect(graph.maxInAnyWindow(0.000001)).toBe(1);
    expect(graph.duplicateCallbackData()).toEqual(new Map([['k0', 2]]));

    const throttled = await loopback({ limits: { messagesPerSecond: 3 } });
    const id = await upload(throttled);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await post(throttled, template(id, `91900000000${i}`))).body.error?.code ?? 0);
    expect(codes).toEqual([0, 0, 0, 130429]);
    expect(throttled.maxInAnyWindow(1000)).toBe(3);
  });
});
