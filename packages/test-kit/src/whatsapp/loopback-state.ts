/**
 * What the loopback Graph server knows and decides: the account, uploaded media, open 24-hour windows,
 * templates' statuses, the planned and random errors, every accepted message (its receipt), and the
 * status callbacks each one causes. The HTTP layer is loopback-graph.ts.
 */
import { randomBytes } from 'node:crypto';
import { CallbackPoster, type CallbackBehaviour } from './graph-callbacks.js';
import {
  inboundPayload,
  newWamid,
  statusPayload,
  templateStatusPayload,
  type GraphAccount,
  type MessageStatus,
} from './graph-webhooks.js';
import type { ParsedMessage } from './graph-validate.js';

const WINDOW_MS = 24 * 3600 * 1000;

export interface LoopbackOptions {
  port?: number;
  /** The token the product must send (`Authorization: Bearer`). Default `loopback-access-token`. */
  accessToken?: string;
  /** Default 106540352242922. */
  phoneNumberId?: string;
  displayPhoneNumber?: string;
  wabaId?: string;
  /** Signs the callbacks (X-Hub-Signature-256). Default `loopback-app-secret`. */
  appSecret?: string;
  /** The product's webhook (POST /api/whatsapp/webhook); absent: no callbacks. Can be set later (`webhookUrl`), once the server's port is known. */
  webhookUrl?: string;
  /** The seed of every chance decision (error rate, delays, order, duplicates). */
  seed?: number;
  /** Refuses this fraction of otherwise good `/messages` calls with one of these codes (drawn at random). */
  errorRate?: ErrorRate;
  /** Fails this fraction of accepted messages later, in a `failed` status callback with one of these codes. */
  callbackErrorRate?: ErrorRate;
  /** Statuses posted by themselves for each accepted message. Default sent and delivered. */
  autoStatuses?: readonly ('sent' | 'delivered' | 'read')[];
  callbacks?: CallbackBehaviour;
  /** Approved templates and their languages; absent: any name and language is accepted. Else 132001. */
  templates?: Record<string, readonly string[]>;
  /** Refuse as Graph does beyond these limits: 130429 past N messages in 1,000 ms, 131056 to one person within the gap. */
  limits?: { messagesPerSecond?: number; pairGapMs?: number };
}

export interface ErrorRate {
  codes: readonly number[];
  fraction: number;
  httpStatus?: number;
}

export interface PlannedError {
  code: number;
  httpStatus?: number;
  details?: string;
  subcode?: number;
}

export interface GraphReceipt {
  wamid: string;
  to: string;
  type: 'template' | 'document' | 'text';
  callbackData?: string;
  /** performance.now() when the request arrived (for sliding-window checks). */
  at: number;
  date: Date;
  /** The message as parsed (template name, language, header document, body parameters; or the document). */
  message: ParsedMessage;
  /** The JSON body exactly as received. */
  body: unknown;
  /** Statuses called back so far (or scheduled). */
  statuses: MessageStatus[];
}

export interface StoredMedia {
  id: string;
  bytes: Buffer;
  fileName: string;
  mimeType: string;
}

type Endpoint = 'media' | 'messages';

export class LoopbackState {
  readonly accessToken: string;
  readonly phoneNumberId: string;
  readonly appSecret: string;
  readonly account: GraphAccount;
  readonly receipts: GraphReceipt[] = [];
  readonly media = new Map<string, StoredMedia>();
  /** Every authorized call with its answer's status (accepted or refused). */
  readonly requests: { path: string; at: number; httpStatus: number }[] = [];
  readonly callbacks: CallbackPoster;
  webhookUrl: string | undefined;
  errorRate: ErrorRate | undefined;
  callbackErrorRate: ErrorRate | undefined;
  private readonly plans: (PlannedError & { endpoint: Endpoint; times: number })[] = [];
  private readonly callbackPlans: { code: number; times: number }[] = [];
  private readonly windows = new Map<string, number>();
  private readonly templateEvents = new Map<string, string>();
  private readonly lastTo = new Map<string, number>();

  constructor(
    private readonly options: LoopbackOptions,
    private readonly random: () => number,
  ) {
    this.accessToken = options.accessToken ?? 'loopback-access-token';
    this.phoneNumberId = options.phoneNumberId ?? '106540352242922';
    this.appSecret = options.appSecret ?? 'loopback-app-secret';
    this.account = {
      wabaId: options.wabaId ?? '102290129340398',
      phoneNumberId: this.phoneNumberId,
      displayPhoneNumber: options.displayPhoneNumber ?? '15550783881',
    };
    this.webhookUrl = options.webhookUrl;
    this.errorRate = options.errorRate;
    this.callbackErrorRate = options.callbackErrorRate;
    this.callbacks = new CallbackPoster(this.appSecret, () => this.webhookUrl, random, options.callbacks ?? {});
  }

  /** The next `times` calls (of `/messages` unless told) are refused with this code. */
  failNext(code: number, options: Omit<PlannedError, 'code'> & { times?: number; endpoint?: Endpoint } = {}): void {
    this.plans.push({ ...options, code, endpoint: options.endpoint ?? 'messages', times: options.times ?? 1 });
  }

  /** The next `times` accepted messages fail later, in a `failed` status callback with this code. */
  failNextInCallback(code: number, times = 1): void {
    this.callbackPlans.push({ code, times });
  }

  /** The planned or random error a good call of this endpoint gets, if any. */
  injectedError(endpoint: Endpoint): PlannedError | undefined {
    const plan = this.plans.find((candidate) => candidate.endpoint === endpoint);
    if (plan) {
      if (--plan.times <= 0) this.plans.splice(this.plans.indexOf(plan), 1);
      return plan;
    }
    return endpoint === 'messages' ? this.drawn(this.errorRate) : undefined;
  }

  /** Why Graph would refuse this well-formed message now: planned or random errors, templates, windows, limits. */
  refusalOf(message: ParsedMessage, at: number): PlannedError | undefined {
    const injected = this.injectedError('messages');
    if (injected) return injected;
    if (message.kind === 'template') {
      const languages = this.options.templates?.[message.name];
      if (this.options.templates && !languages?.includes(message.language)) return { code: 132001 };
      const event = this.templateEvents.get(message.name);
      if (event === 'PAUSED') return { code: 132015 };
      if (event === 'DISABLED') return { code: 132016 };
    }
    const mediaId =
      message.kind === 'template'
        ? message.headerDocument?.id
        : message.kind === 'document'
          ? message.document.id
          : undefined;
    if (mediaId !== undefined && !this.media.has(mediaId))
      return { code: 100, details: `Param media id ${mediaId} is not a media object of this number` };
    // A free-form message (a document or a text) only inside the person's 24-hour window.
    if (message.kind !== 'template' && !this.windowOpen(message.to)) return { code: 131047 };
    const { messagesPerSecond, pairGapMs } = this.options.limits ?? {};
    if (messagesPerSecond !== undefined && this.acceptedSince(at - 1000) >= messagesPerSecond) return { code: 130429 };
    const last = this.lastTo.get(message.to);
    if (pairGapMs !== undefined && last !== undefined && at - last < pairGapMs) return { code: 131056 };
    return undefined;
  }

  storeMedia(upload: Omit<StoredMedia, 'id'>): string {
    const id = String(1_000_000_000_000_000n + BigInt(`0x${randomBytes(6).toString('hex')}`));
    this.media.set(id, { id, ...upload });
    return id;
  }

  /** Keeps the receipt and schedules the message's status callbacks. */
  accept(message: ParsedMessage, body: unknown, at: number): GraphReceipt {
    const receipt: GraphReceipt = {
      wamid: newWamid(),
      to: message.to,
      type: message.kind,
      callbackData: message.callbackData,
      at,
      date: new Date(),
      message,
      body,
      statuses: [],
    };
    this.receipts.push(receipt);
    this.lastTo.set(message.to, at);
    const plan = this.callbackPlans[0];
    let failCode: number | undefined;
    if (plan) {
      failCode = plan.code;
      if (--plan.times <= 0) this.callbackPlans.shift();
    } else {
      failCode = this.drawn(this.callbackErrorRate)?.code;
    }
    const statuses: MessageStatus[] =
      failCode === undefined ? [...(this.options.autoStatuses ?? ['sent', 'delivered'])] : ['failed'];
    this.callbacks.schedule(statuses.map((status) => this.statusOf(receipt, status, failCode)));
    return receipt;
  }

  /** Posts `delivered` (and `read` when asked) for every accepted message that has not had it (nor failed). */
  async deliverAll(options: { read?: boolean } = {}): Promise<void> {
    const wanted: MessageStatus[] = options.read ? ['delivered', 'read'] : ['delivered'];
    const calls = this.receipts.flatMap((receipt) =>
      receipt.statuses.includes('failed')
        ? []
        : wanted.filter((status) => !receipt.statuses.includes(status)).map((status) => this.statusOf(receipt, status)),
    );
    await Promise.all(calls.map((payload) => this.callbacks.now(payload)));
  }

  /**
   * A person writes to the business: opens their 24-hour window and calls the webhook with `messages[]`
   * (and `contacts[]`: the profile `name`, and the business-scoped user id `bsuid` as `user_id` and the
   * message's `from_user_id`, when given). The webhook's answer is in `callbacks.posted`.
   */
  async sendInbound(
    from: string,
    text: string,
    options: { bsuid?: string; name?: string } = {},
  ): Promise<{ wamid: string }> {
    const wamid = newWamid();
    this.windows.set(from, Date.now());
    await this.callbacks.now(inboundPayload(this.account, from, text, wamid, options.name, options.bsuid));
    return { wamid };
  }

  /** A template's status changes (APPROVED, PAUSED, DISABLED…): later sends of it are refused accordingly. */
  async templateStatus(
    name: string,
    event: string,
    options: { language?: string; reason?: string } = {},
  ): Promise<void> {
    this.templateEvents.set(name, event);
    await this.callbacks.now(templateStatusPayload(this.account, name, event, options.language, options.reason));
  }

  windowOpen(waId: string): boolean {
    const opened = this.windows.get(waId);
    return opened !== undefined && Date.now() - opened < WINDOW_MS;
  }

  /** Resolves when every scheduled callback has been posted. */
  settled(): Promise<void> {
    return this.callbacks.settled();
  }

  /** The most messages accepted in any sliding window of `ms` (judged on receipt times). */
  maxInAnyWindow(ms: number): number {
    const times = this.receipts.map((receipt) => receipt.at).sort((a, b) => a - b);
    let best = 0;
    for (let start = 0, end = 0; end < times.length; end++) {
      while (times[end]! - times[start]! >= ms) start++;
      best = Math.max(best, end - start + 1);
    }
    return best;
  }

  /** Callback data accepted more than once (a message sent twice), with how many times. */
  duplicateCallbackData(): Map<string, number> {
    return this.duplicatesBy((receipt) => receipt.callbackData);
  }

  /** Receipts sharing a key (e.g. the slip behind an attempt's key), with how many times; undefined keys are ignored. */
  duplicatesBy(keyOf: (receipt: GraphReceipt) => string | undefined): Map<string, number> {
    const counts = new Map<string, number>();
    for (const receipt of this.receipts) {
      const key = keyOf(receipt);
      if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return new Map([...counts].filter(([, count]) => count > 1));
  }

  private statusOf(receipt: GraphReceipt, status: MessageStatus, errorCode?: number) {
    receipt.statuses.push(status);
    return statusPayload(this.account, {
      wamid: receipt.wamid,
      status,
      timestamp: Math.floor(Date.now() / 1000),
      recipient: receipt.to,
      callbackData: receipt.callbackData,
      category: receipt.type === 'template' ? 'utility' : 'service',
      conversationId: receipt.wamid.slice(6, 38),
      errorCode,
    });
  }

  /** Receipts are kept in arrival order: count back from the newest (cheap at bench volumes). */
  private acceptedSince(from: number): number {
    let count = 0;
    for (let i = this.receipts.length - 1; i >= 0 && this.receipts[i]!.at > from; i--) count++;
    return count;
  }

  private drawn(rate: ErrorRate | undefined): PlannedError | undefined {
    if (!rate || rate.codes.length === 0 || this.random() >= rate.fraction) return undefined;
    return { code: rate.codes[Math.floor(this.random() * rate.codes.length)]!, httpStatus: rate.httpStatus };
  }
}
