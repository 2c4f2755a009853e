/**
 * A loopback server that behaves like the Graph API for what the product uses of the WhatsApp Cloud
 * API, and nothing more: `POST /{version}/{phone-number-id}/media` (multipart) and
 * `POST /{version}/{phone-number-id}/messages` (a template with a document header, or a `document`
 * inside the person's 24-hour window). It checks the token (190), the number's id and the body (100),
 * injects errors by plan or at a seeded rate, keeps a receipt of every accepted message, and calls the
 * product's webhook back with signed status callbacks. Tests and benches only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { seededRandom } from '../payslips/seeded-random.js';
import { graphError, type GraphErrorOptions } from './graph-errors.js';
import { checkMessageBody, type ParsedMessage } from './graph-validate.js';
import { LoopbackState, type GraphReceipt, type LoopbackOptions } from './loopback-state.js';
import { answerTemplates } from './templates.js';

export type { GraphReceipt, LoopbackOptions } from './loopback-state.js';

const ROUTE = /^\/(v\d+\.\d+)\/([^/?]+)\/(media|messages)\/?(?:\?.*)?$/;
const BODY_MAX = 110 * 1024 * 1024;

export interface LoopbackGraph extends LoopbackState {
  /** http://127.0.0.1:<port>: WHATSAPP_GRAPH_URL. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Starts the loopback on 127.0.0.1 (a free port unless `port` is given). */
export async function startLoopbackGraph(options: LoopbackOptions = {}): Promise<LoopbackGraph> {
  const random = seededRandom(options.seed ?? 30);
  const state = new LoopbackState(options, random);
  const server = createServer((request, response) => {
    handle(state, request, response).catch((error: unknown) => {
      send(response, 500, {
        error: { message: String(error), type: 'OAuthException', code: 1, fbtrace_id: 'loopback' },
      });
    });
  });
  // Keep-alive sockets would hold close() open; the product's fetch reconnects cheaply.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      state.callbacks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

function send(response: ServerResponse, status: number, body: unknown) {
  const raw = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(raw),
  });
  response.end(raw);
}

function sendError(response: ServerResponse, code: number, options?: GraphErrorOptions) {
  const { status, body } = graphError(code, options);
  send(response, status, body);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_MAX) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function handle(state: LoopbackState, request: IncomingMessage, response: ServerResponse) {
  const body = await readBody(request);
  const receivedAt = performance.now();
  const route = ROUTE.exec(request.url ?? '');
  const authorization = request.headers.authorization ?? '';
  if (authorization !== `Bearer ${state.accessToken}`) {
    state.requests.push({ path: request.url ?? '', at: receivedAt, httpStatus: 401 });
    return sendError(response, 190, {
      details: authorization
        ? 'Invalid OAuth access token - Cannot parse access token'
        : 'An access token is required to request this resource.',
    });
  }
  if (answerTemplates(state, request, (status, json) => send(response, status, json))) return;
  const refuse = (code: number, options?: GraphErrorOptions) => {
    const { status } = graphError(code, options);
    state.requests.push({ path: request.url ?? '', at: receivedAt, httpStatus: status });
    sendError(response, code, options);
  };
  if (request.method !== 'POST' || !route)
    return refuse(100, {
      type: 'GraphMethodException',
      details: `Unsupported ${request.method?.toLowerCase()} request.`,
    });
  const [, , phoneNumberId, endpoint] = route as unknown as [string, string, string, 'media' | 'messages'];
  if (phoneNumberId !== state.phoneNumberId)
    return refuse(100, {
      type: 'GraphMethodException',
      subcode: 33,
      details: `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    });

  if (endpoint === 'media') {
    const upload = await parseMedia(request.headers['content-type'], body);
    if ('details' in upload) return refuse(100, { details: upload.details });
    const injected = state.injectedError('media');
    if (injected) return refuse(injected.code, injected);
    const id = state.storeMedia(upload);
    state.requests.push({ path: request.url ?? '', at: receivedAt, httpStatus: 200 });
    return send(response, 200, { id });
  }

  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return refuse(100, { details: 'The request body is not JSON.' });
  }
  const checked = checkMessageBody(json);
  if (!checked.ok) return refuse(checked.code, { details: checked.details });
  const refusal = state.refusalOf(checked.message, receivedAt);
  if (refusal) return refuse(refusal.code, refusal);
  const receipt = state.accept(checked.message, json, receivedAt);
  state.requests.push({ path: request.url ?? '', at: receivedAt, httpStatus: 200 });
  send(response, 200, answerOf(checked.message, (json as { to: string }).to, receipt));
}

function answerOf(message: ParsedMessage, input: string, receipt: GraphReceipt) {
  return {
    messaging_product: 'whatsapp',
    contacts: [{ input, wa_id: message.to }],
    messages: [{ id: receipt.wamid, ...(message.kind === 'template' ? { message_status: 'accepted' } : {}) }],
  };
}

async function parseMedia(
  contentType: string | undefined,
  body: Buffer,
): Promise<{ bytes: Buffer; fileName: string; mimeType: string } | { details: string }> {
  if (!contentType?.startsWith('multipart/form-data'))
    return { details: 'The media upload must be multipart/form-data.' };
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    return { details: 'The multipart body could not be read.' };
  }
  if (form.get('messaging_product') !== 'whatsapp') return { details: 'Param messaging_product must be whatsapp' };
  const file = form.get('file');
  const type = form.get('type');
  if (!(file instanceof Blob) || typeof file === 'string') return { details: 'Param file is required' };
  if (typeof type !== 'string' || type === '') return { details: 'Param type is required' };
  const fileName = 'name' in file && typeof file.name === 'string' ? file.name : 'file';
  return { bytes: Buffer.from(await file.arrayBuffer()), fileName, mimeType: type };
}
