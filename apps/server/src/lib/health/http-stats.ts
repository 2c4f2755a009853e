/**
 * This process's HTTP answers since the last health sample: their times (for p50/p99) and how many
 * were 5xx. Fed by the app's onResponse hook; taken and reset by the sampler each minute.
 */
export class HttpStats {
  private times: number[] = [];
  private errors = 0;
  private count = 0;
  /** A minute of a busy server stays bounded: past this, every other time is dropped. */
  private static readonly KEPT = 20_000;

  record(statusCode: number, milliseconds: number): void {
    if (this.times.length >= HttpStats.KEPT) this.times = this.times.filter((_time, index) => index % 2 === 0);
    this.times.push(milliseconds);
    this.count += 1;
    if (statusCode >= 500) this.errors += 1;
  }

  /** The minute's figures, and a fresh minute. */
  take(): { requests: number; errors: number; p50: number | null; p99: number | null } {
    const sorted = this.times.sort((a, b) => a - b);
    const at = (share: number) =>
      sorted.length === 0 ? null : (sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? null);
    const figures = { requests: this.count, errors: this.errors, p50: at(0.5), p99: at(0.99) };
    this.times = [];
    this.errors = 0;
    this.count = 0;
    return figures;
  }
}

/** This process's (the server's app records into it). */
export const processHttpStats = new HttpStats();
