/**
 * Where a WhatsApp message goes (issue 30): one interface, two providers. `cloud` speaks the WhatsApp
 * Cloud API (Graph API) over HTTPS (whatsapp.cloud-provider.ts); `outbox` stores each request exactly
 * as it would have been sent and contacts no one (whatsapp.outbox-provider.ts). The send job calls
 * only this interface; what an error means for the queue is whatsappErrorOutcome's (packages/shared).
 */

/** The environment's WhatsApp settings (config.ts reads them; `cloud` needs every value, a missing one stops the start). */
export interface WhatsappConfig {
  provider: 'cloud' | 'outbox';
  /** WHATSAPP_GRAPH_URL, default https://graph.facebook.com (tests: the loopback Graph server). */
  graphUrl: string;
  /** WHATSAPP_GRAPH_VERSION, e.g. v23.0. */
  graphVersion: string;
  phoneNumberId: string;
  accessToken: string;
  /** Signs the webhook's callbacks (X-Hub-Signature-256). */
  appSecret: string;
  /** Meta's subscription check (GET /api/whatsapp/webhook). */
  verifyToken: string;
  /** The approved utility template with a document header, sent in the person's language. */
  payslipTemplate: string;
  /** An approved authentication template, for codes (later issues). */
  authTemplate: string;
  /** WHATSAPP_BUSINESS_ACCOUNT_ID: whose approved templates campaigns list (cloud); empty: none are listed. */
  businessAccountId?: string;
  /** WHATSAPP_MESSAGES_PER_SECOND (80): messages in any sliding 1,000 ms window per phone number. */
  messagesPerSecond: number;
  /** WHATSAPP_DAILY_RECIPIENTS: unique people sent a template in any moving 24 hours (Meta's tier). */
  dailyRecipients: number;
  /** WHATSAPP_UNKNOWN_OUTCOME_SECONDS: how long an attempt whose answer was lost waits for a callback before it needs a check. */
  unknownOutcomeSeconds: number;
}

/** A PDF to upload as media. */
export interface MediaFile {
  bytes: Buffer;
  fileName: string;
  /** application/pdf */
  mimeType: string;
}

/** The document message: a template with a document header, or a free-form `document` inside the person's window. */
export interface DocumentMessage {
  /** 91XXXXXXXXXX */
  to: string;
  /** en | mr | hi: the template's language (Meta codes: en, mr, hi). */
  language: 'en' | 'mr' | 'hi';
  mediaId: string;
  fileName: string;
  /** The caption of a free-form document, and the template's body parameters (name, month). */
  caption: string;
  bodyParameters: string[];
  /** The attempt's key, sent as `biz_opaque_callback_data`. */
  callbackData: string;
}

/** A free-form text (`type: text`): only inside the person's 24-hour window (else 131047). */
export interface TextMessage {
  to: string;
  body: string;
  callbackData: string;
}

/**
 * An approved template by name (campaigns, verification codes): the body's parameters in order and,
 * for an authentication template, the code again for its copy-code button.
 */
export interface TemplateMessage {
  to: string;
  /** Meta's code of the language the template was approved in (en, en_US, mr, hi). */
  language: string;
  name: string;
  bodyParameters: string[];
  /** An authentication template's code: also sent as the copy-code (url) button's parameter. */
  copyCode: string | null;
  callbackData: string;
}

/** What the Graph API answered with an error (its `error` object), or a network failure (code undefined). */
export class WhatsappApiError extends Error {
  constructor(
    message: string,
    /** The Graph error code (`error.code`, e.g. 131047), undefined for a network error or a non-Graph answer. */
    readonly code: number | undefined,
    /** The HTTP status, undefined for a network error. */
    readonly httpStatus: number | undefined,
    /** `error.error_data.details` or `error.error_user_msg`, when given. */
    readonly details?: string,
  ) {
    super(message);
    this.name = 'WhatsappApiError';
  }
}

/**
 * A message whose answer never came (no answer in time, the request cancelled, the connection lost
 * after it was sent): WhatsApp may have accepted it. The send job records the attempt's outcome as
 * unknown and never sends it again blindly; its status callback, or a person, settles it. A failure
 * before anything was sent (connection refused, name not found) is a WhatsappApiError without a code.
 */
export class WhatsappOutcomeUnknownError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WhatsappOutcomeUnknownError';
  }
}

/** One approved template in one language, as the Business Management API lists it (`message_templates`). */
export interface ApprovedTemplate {
  name: string;
  /** Meta's code, e.g. en, en_US, mr, hi. */
  language: string;
  /** UTILITY | MARKETING | AUTHENTICATION. */
  category: string;
  /** The BODY component's text, with positional parameters {{1}} … */
  body: string;
}

export interface WhatsappProvider {
  readonly name: 'cloud' | 'outbox';
  /** Uploads a file as media (`POST /{phone-number-id}/media`); the media id. */
  uploadMedia(file: MediaFile, signal?: AbortSignal): Promise<{ mediaId: string }>;
  /** The approved payslip template with the document header (`POST /{phone-number-id}/messages`, type template). */
  sendTemplate(message: DocumentMessage, signal?: AbortSignal): Promise<{ wamid: string }>;
  /** A free-form `document` message with caption and file name; only inside the 24-hour window (else 131047). */
  sendDocument(message: DocumentMessage, signal?: AbortSignal): Promise<{ wamid: string }>;
  /** A free-form text message (`type: text`); only inside the 24-hour window (else 131047). */
  sendText(message: TextMessage, signal?: AbortSignal): Promise<{ wamid: string }>;
  /** A named approved template with body parameters (and a copy-code button for an authentication template). */
  sendNamedTemplate(message: TemplateMessage, signal?: AbortSignal): Promise<{ wamid: string }>;
  /** The approved templates, one entry per language (`GET /{business-account-id}/message_templates`); campaigns choose from them. */
  listTemplates(signal?: AbortSignal): Promise<ApprovedTemplate[]>;
}
