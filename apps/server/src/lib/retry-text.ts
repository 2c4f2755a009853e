/** "Try again in N minute(s)", rounded up from the seconds of a Retry-After: the wording of every 429 that says when. */
export function retryMinutesText(seconds: number): string {
  const minutes = retryMinutes(seconds);
  return `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The whole minutes to wait (at least one): the `minutes` param of a 429's reason, as its English text says. */
export function retryMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
