import type { TTimelineEvent } from '@srpf/shared';

export type TimelineEntryKind = 'created' | 'approved' | 'rejected' | 'updated';

export interface TimelineEntry {
  kind: TimelineEntryKind;
  at: string;
  by: string | null;
}

/**
 * An order's timeline (section 2: Order Created, Last Updated; the issue adds approvals and
 * rejections): when it was created, each approval or rejection, and the last update, oldest first.
 * Intermediate edits are summed up by 'Last Updated'.
 */
export function orderTimeline(document: {
  createdAt: string;
  updatedAt: string;
  timeline: TTimelineEvent[];
}): TimelineEntry[] {
  const created = document.timeline.find((event) => event.event === 'created');
  const entries: TimelineEntry[] = [
    { kind: 'created', at: created?.at ?? document.createdAt, by: created?.by?.name ?? null },
  ];
  for (const event of document.timeline) {
    if (event.event === 'approved' || event.event === 'rejected')
      entries.push({ kind: event.event, at: event.at, by: event.by?.name ?? null });
  }
  const updates = document.timeline.filter((event) => event.event !== 'created');
  const last = updates[updates.length - 1];
  entries.push({ kind: 'updated', at: document.updatedAt, by: last?.by?.name ?? null });
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
