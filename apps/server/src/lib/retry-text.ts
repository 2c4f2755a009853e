/** "Try again in N minute(s)", rounded up from the seconds of a Retry-After: the wording of every 429 that says when. */
export function retryMinutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}
