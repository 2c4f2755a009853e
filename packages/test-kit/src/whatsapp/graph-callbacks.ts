/**
 * How the loopback Graph server calls the product's webhook back, as Meta does: one signed POST per
 * event, retried when refused or unreachable, optionally late, out of order or twice (Meta retries and
 * reorders; the webhook must cope). Without a webhook URL nothing is posted.
 */
import { hubSignature } from './graph-webhooks.js';

export interface CallbackBehaviour {
  /** Wait before each call: a fixed number of ms, or a [min, max] range drawn from the seeded random. Default 0. */
  delayMs?: number | readonly [number, number];
  /** A message's statuses posted in a shuffled order, each after its own delay (default: in order, one after another). */
  outOfOrder?: boolean;
  /** The fraction of calls posted twice (Meta's retries). Default 0. */
  duplicateFraction?: number;
  /** Tries again after a refused (non-2xx) or failed call, this many times, 100 ms apart. Default 2. */
  retries?: number;
  /** Calls in flight at once (a bench's thousands of callbacks queue behind these). Default 32. */
  concurrency?: number;
}

export interface PostedCallback {
  field: string;
  body: unknown;
  /** The webhook's answer, or 0 when it could not be reached. */
  httpStatus: number;
}

export class CallbackPoster {
  /** Every call made, with the webhook's answer (a retry is a further row). */
  readonly posted: PostedCallback[] = [];
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly appSecret: string,
    private readonly webhookUrl: () => string | undefined,
    private readonly random: () => number,
    private readonly behaviour: CallbackBehaviour,
  ) {}

  /** Posts a message's events with the configured delay, order and duplicates; returns at once. */
  schedule(payloads: readonly object[]): void {
    if (!this.webhookUrl() || payloads.length === 0) return;
    const calls = payloads.flatMap((payload) =>
      this.random() < (this.behaviour.duplicateFraction ?? 0) ? [payload, payload] : [payload],
    );
    if (this.behaviour.outOfOrder) {
      for (let i = calls.length - 1; i > 0; i--) {
        const j = Math.floor(this.random() * (i + 1));
        [calls[i], calls[j]] = [calls[j]!, calls[i]!];
      }
      for (const payload of calls) this.track(this.wait(this.delay()).then(() => this.post(payload)));
    } else {
      this.track(
        calls.reduce<Promise<void>>(
          (previous, payload) => previous.then(() => this.wait(this.delay())).then(() => this.post(payload)),
          Promise.resolve(),
        ),
      );
    }
  }

  /** Posts one payload now (manual triggers); resolves once the webhook answered (after retries). */
  now(payload: object): Promise<void> {
    if (!this.webhookUrl()) return Promise.resolve();
    const done = this.post(payload);
    this.track(done);
    return done;
  }

  /** Resolves when every scheduled call has been made. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private track(promise: Promise<void>) {
    const tracked = promise.catch(() => undefined).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  private delay(): number {
    const delay = this.behaviour.delayMs ?? 0;
    if (typeof delay === 'number') return delay;
    return delay[0] + Math.floor(this.random() * (delay[1] - delay[0] + 1));
  }

  private wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  private async post(payload: object): Promise<void> {
    const raw = JSON.stringify(payload);
    const field = (payload as { entry: { changes: { field: string }[] }[] }).entry[0]!.changes[0]!.field;
    for (let attempt = 0; attempt <= (this.behaviour.retries ?? 2); attempt++) {
      const url = this.webhookUrl();
      if (this.closed || !url) return;
      if (attempt > 0) await this.wait(100);
      const httpStatus = await this.limited(() => this.call(url, raw));
      this.posted.push({ field, body: payload, httpStatus });
      if (httpStatus >= 200 && httpStatus < 300) return;
    }
  }

  private async call(url: string, raw: string): Promise<number> {
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(raw, this.appSecret) },
        body: raw,
        signal: AbortSignal.timeout(10_000),
      });
      await answer.arrayBuffer();
      return answer.status;
    } catch {
      return 0;
    }
  }

  private async limited<T>(task: () => Promise<T>): Promise<T> {
    // A finished call hands its slot straight to the next waiting one.
    if (this.inFlight >= (this.behaviour.concurrency ?? 32))
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inFlight++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight--;
    }
  }
}
