const DAY_FIRST = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** A stored timestamp as the force writes dates: day first (23/04/2026), in Asia/Kolkata. */
export function formatDayFirst(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DAY_FIRST.format(date);
}

export function DateText({ iso }: { iso: string | null | undefined }) {
  const text = formatDayFirst(iso);
  return text ? <time dateTime={iso ?? undefined}>{text}</time> : null;
}
