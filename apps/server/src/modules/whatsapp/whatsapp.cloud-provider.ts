import { namedTemplateBody, textBody } from './whatsapp.send.bodies.messages.js';
import { parseGraphTemplates, TEMPLATE_QUERY } from './whatsapp.templates.js';
import {
  WhatsappApiError,
  WhatsappOutcomeUnknownError,
  type DocumentMessage,
  type MediaFile,
  type WhatsappConfig,
  type WhatsappProvider,
} from './whatsapp.provider.js';

/**
 * The WhatsApp Cloud API (Graph API) provider: uploads a slip's PDF as media and sends it as the
 * approved payslip template with a document header, or as a free-form `document` inside the person's
 * 24-hour window. Every Graph error comes back as a WhatsappApiError with Graph's code and the HTTP
 * status; a network failure, a timeout or an answer that is not Graph's JSON has no code (the queue
 * decides what each means: whatsappErrorOutcome). The token goes only into the Authorization header,
 * never into a message or a log.
 */

/** A message call normally answers in well under a second; past this the attempt's outcome is unknown. */
const MESSAGE_TIMEOUT_MS = 20_000;
/** An upload carries the PDF (a few hundred kB). */
const MEDIA_TIMEOUT_MS = 60_000;

export interface CloudProviderOptions {
  fetch?: typeof fetch;
  /** Per-request timeouts (tests shorten them). */
  messageTimeoutMs?: number;
  mediaTimeoutMs?: number;
}

interface GraphErrorObject {
  message?: unknown;
  code?: unknown;
  error_user_msg?: unknown;
  error_data?: { details?: unknown };
}

export function createCloudProvider(config: WhatsappConfig, options: CloudProviderOptions = {}): WhatsappProvider {
  const doFetch = options.fetch ?? fetch;
  const base = `${config.graphUrl.replace(/\/+$/, '')}/${config.graphVersion}/${config.phoneNumberId}`;

  async function call(path: 'media' | 'messages', body: BodyInit, timeoutMs: number, signal?: AbortSignal) {
    const timeout = AbortSignal.timeout(timeoutMs);
    const headers: Record<string, string> = { authorization: `Bearer ${config.accessToken}` };
    // FormData sets its own multipart content type with the boundary.
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}/${path}`, {
        method: 'POST',
        headers,
        body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      text = await response.text();
    } catch (error) {
      const reason = timeout.aborted
        ? `no answer within ${timeoutMs} ms`
        : signal?.aborted
          ? 'the request was cancelled'
          : error instanceof Error
            ? networkReason(error)
            : 'network error';
      // A message that may have reached WhatsApp is never retried blindly; an upload may be repeated.
      if (path === 'messages' && !neverSent(error, timeout.aborted || signal?.aborted === true))
        throw new WhatsappOutcomeUnknownError(`WhatsApp Cloud API ${path}: ${reason}`);
      throw new WhatsappApiError(`WhatsApp Cloud API ${path}: ${reason}`, undefined, undefined);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      const reason = `WhatsApp Cloud API ${path}: HTTP ${response.status} answered without JSON`;
      // A message answered 2xx may have been accepted: never retried blindly.
      if (path === 'messages' && response.ok) throw new WhatsappOutcomeUnknownError(reason);
      throw new WhatsappApiError(reason, undefined, response.status);
    }
    const error = (json as { error?: GraphErrorObject } | null)?.error;
    if (!response.ok || error) {
      if (error && typeof error.code === 'number') {
        const details = error.error_data?.details ?? error.error_user_msg;
        throw new WhatsappApiError(
          typeof error.message === 'string' ? error.message : `Graph error ${error.code}`,
          error.code,
          response.status,
          typeof details === 'string' ? details : undefined,
        );
      }
      throw new WhatsappApiError(
        `WhatsApp Cloud API ${path}: HTTP ${response.status} without a Graph error`,
        undefined,
        response.status,
      );
    }
    return json as Record<string, unknown>;
  }

  async function sendMessage(payload: object, signal?: AbortSignal): Promise<{ wamid: string }> {
    const answer = await call(
      'messages',
      JSON.stringify(payload),
      options.messageTimeoutMs ?? MESSAGE_TIMEOUT_MS,
      signal,
    );
    const wamid = (answer.messages as { id?: unknown }[] | undefined)?.[0]?.id;
    if (typeof wamid !== 'string') {
      // Answered 2xx: it may have been accepted, so its outcome is unknown rather than refused.
      throw new WhatsappOutcomeUnknownError('WhatsApp Cloud API messages: the answer has no message id');
    }
    return { wamid };
  }

  const envelope = (message: DocumentMessage) => ({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    biz_opaque_callback_data: message.callbackData,
  });

  return {
    name: 'cloud',

    async uploadMedia(file: MediaFile, signal?: AbortSignal) {
      const form = new FormData();
      form.set('messaging_product', 'whatsapp');
      form.set('type', file.mimeType);
      form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }), file.fileName);
      const answer = await call('media', form, options.mediaTimeoutMs ?? MEDIA_TIMEOUT_MS, signal);
      if (typeof answer.id !== 'string') {
        throw new WhatsappApiError('WhatsApp Cloud API media: the answer has no media id', undefined, 200);
      }
      return { mediaId: answer.id };
    },

    sendTemplate(message: DocumentMessage, signal?: AbortSignal) {
      const components: object[] = [
        {
          type: 'header',
          parameters: [{ type: 'document', document: { id: message.mediaId, filename: message.fileName } }],
        },
      ];
      if (message.bodyParameters.length > 0) {
        components.push({ type: 'body', parameters: message.bodyParameters.map((text) => ({ type: 'text', text })) });
      }
      return sendMessage(
        {
          ...envelope(message),
          type: 'template',
          template: { name: config.payslipTemplate, language: { code: message.language }, components },
        },
        signal,
      );
    },

    sendDocument(message: DocumentMessage, signal?: AbortSignal) {
      return sendMessage(
        {
          ...envelope(message),
          type: 'document',
          document: { id: message.mediaId, caption: message.caption, filename: message.fileName },
        },
        signal,
      );
    },

    sendText: (message, signal) => sendMessage(textBody(message), signal),
    sendNamedTemplate: (message, signal) => sendMessage(namedTemplateBody(message), signal),
    /** Campaigns' templates: none without WHATSAPP_BUSINESS_ACCOUNT_ID (the campaign dialog says why). */
    async listTemplates(signal?: AbortSignal) {
      if (!config.businessAccountId) return [];
      const timeout = AbortSignal.timeout(options.messageTimeoutMs ?? MESSAGE_TIMEOUT_MS);
      const url = `${config.graphUrl.replace(/\/+$/, '')}/${config.graphVersion}/${config.businessAccountId}/message_templates?${TEMPLATE_QUERY}`;
      let response: Response;
      try {
        response = await doFetch(url, {
          headers: { authorization: `Bearer ${config.accessToken}` },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        throw new WhatsappApiError(
          `WhatsApp Cloud API message_templates: ${error instanceof Error ? networkReason(error) : 'network error'}`,
          undefined,
          undefined,
        );
      }
      const json = (await response.json().catch(() => null)) as { error?: GraphErrorObject } | null;
      if (!response.ok || !json || json.error) {
        const code = typeof json?.error?.code === 'number' ? json.error.code : undefined;
        throw new WhatsappApiError(
          `WhatsApp Cloud API message_templates: HTTP ${response.status}`,
          code,
          response.status,
        );
      }
      return parseGraphTemplates(json);
    },
  };
}

/** fetch's "fetch failed" hides the reason (refused, reset, DNS) in `cause`. */
/** Failures of the connection itself, before any byte of the request could reach WhatsApp. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Did the request certainly not reach WhatsApp? Not when it was cut short by a timeout or a cancel. */
function neverSent(error: unknown, cutShort: boolean): boolean {
  if (cutShort || !(error instanceof Error)) return false;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && NOT_SENT_CODES.has(code);
}

function networkReason(error: Error): string {
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  if (cause && typeof cause.code === 'string') return `network error (${cause.code})`;
  return `network error (${error.message})`;
}
