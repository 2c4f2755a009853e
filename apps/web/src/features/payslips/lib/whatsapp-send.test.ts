import { describe, expect, it } from 'vitest';
import { PAYSLIP_STATUSES } from '@srpf/shared/payslips/payslips.rules';
import type { TWhatsappQueueState, TWhatsappSendResult } from '@srpf/shared';
import { deliveryActions, hasDeliveryInFlight, hasShownReason } from './delivery';
import { statusFromParam } from './list-filters';
import { formatIndiaMoment, queueBanners } from './queue-banners';
import { SKIPPED_NAMES_MAX, summarizeSend } from './send-result';

const NAMES = new Map<number, string>([
  [1, 'Ramesh Patil'],
  [2, 'Sunita Jadhav'],
  [3, 'Anil More'],
]);
const nameOf = (id: number) => NAMES.get(id);

function result(partial: Partial<TWhatsappSendResult>): TWhatsappSendResult {
  return { queued: [], skipped: [], provider: 'cloud', message: '', ...partial };
}

describe('the result notice of a send', () => {
  it('counts the queued and groups the skipped by reason, in the reasons’ order, naming the people', () => {
    const summary = summarizeSend(
      result({
        queued: [10, 11],
        skipped: [
          { payslip_id: 2, reason: 'whatsapp_disabled' },
          { payslip_id: 1, reason: 'no_phone' },
          { payslip_id: 3, reason: 'whatsapp_disabled' },
        ],
      }),
      nameOf,
    );
    expect(summary).toEqual({
      queued: 2,
      skipped: 3,
      outbox: false,
      groups: [
        { reason: 'no_phone', count: 1, names: ['Ramesh Patil'] },
        { reason: 'whatsapp_disabled', count: 2, names: ['Sunita Jadhav', 'Anil More'] },
      ],
    });
  });

  it('only counts a large group, and writes an unknown slip as its id', () => {
    const many = Array.from({ length: SKIPPED_NAMES_MAX + 1 }, (_, index) => ({
      payslip_id: 100 + index,
      reason: 'already_sent' as const,
    }));
    const summary = summarizeSend(
      result({ skipped: [...many, { payslip_id: 99, reason: 'inactive' }], provider: 'outbox' }),
      nameOf,
    );
    expect(summary.groups).toEqual([
      { reason: 'already_sent', count: SKIPPED_NAMES_MAX + 1, names: null },
      { reason: 'inactive', count: 1, names: ['#99'] },
    ]);
    expect(summary.queued).toBe(0);
    expect(summary.outbox).toBe(true);
  });

  it('has no groups when nothing was skipped', () => {
    expect(summarizeSend(result({ queued: [1] }), nameOf).groups).toEqual([]);
  });
});

describe('a row’s delivery', () => {
  it('offers Resend and Mark as sent on a slip that needs a check, to those who manage payslips only', () => {
    for (const status of PAYSLIP_STATUSES)
      expect(deliveryActions(status, true)).toEqual(status === 'needs_check' ? ['resend', 'markSent'] : []);
    expect(deliveryActions('needs_check', false)).toEqual([]);
  });

  it('shows the reason of a failed slip and of one that needs a check only', () => {
    expect(PAYSLIP_STATUSES.filter(hasShownReason)).toEqual(['failed', 'needs_check']);
  });

  it('reads the list often while a slip on the page is queued or sent, and stops when none is', () => {
    expect(hasDeliveryInFlight([{ status: 'delivered' }, { status: 'queued' }])).toBe(true);
    expect(hasDeliveryInFlight([{ status: 'sent' }])).toBe(true);
    expect(
      hasDeliveryInFlight([
        { status: 'generated' },
        { status: 'read' },
        { status: 'failed' },
        { status: 'needs_check' },
      ]),
    ).toBe(false);
    expect(hasDeliveryInFlight(undefined)).toBe(false);
  });

  it('takes the status filter from a link, every status offered, anything else All', () => {
    for (const status of PAYSLIP_STATUSES) expect(statusFromParam(status)).toBe(status);
    expect(statusFromParam('needs_check')).toBe('needs_check');
    expect(statusFromParam('bogus')).toBe('');
    expect(statusFromParam(null)).toBe('');
  });
});

const IDLE: TWhatsappQueueState = {
  provider: 'cloud',
  paused: null,
  queued: 0,
  waiting_for_daily_limit: { count: 0, until: null },
  needs_check: 0,
};

describe('the queue’s notices', () => {
  it('shows none while the queue is unknown, or sending on the Cloud API with nothing waiting', () => {
    expect(queueBanners(undefined, true)).toEqual([]);
    expect(queueBanners({ ...IDLE, queued: 12 }, true)).toEqual([]);
  });

  it('says plainly that nothing is delivered from the outbox', () => {
    expect(queueBanners({ ...IDLE, provider: 'outbox' }, false)).toEqual([{ kind: 'outbox' }]);
  });

  it('puts a pause first, with its reason, since when and whether the reader may resume it', () => {
    const paused = { code: 190, reason: 'Access token expired', since: '2026-11-29T05:00:00.000Z' };
    const state: TWhatsappQueueState = {
      ...IDLE,
      provider: 'outbox',
      paused,
      waiting_for_daily_limit: { count: 40, until: '2026-11-30T04:30:00.000Z' },
      needs_check: 2,
    };
    expect(queueBanners(state, true)).toEqual([
      { kind: 'paused', ...paused, canResume: true },
      { kind: 'outbox' },
      { kind: 'dailyLimit', count: 40, until: '2026-11-30T04:30:00.000Z' },
      { kind: 'needsCheck', count: 2 },
    ]);
    expect(queueBanners(state, false)[0]).toMatchObject({ kind: 'paused', canResume: false });
  });

  it('writes until when in Asia/Kolkata, in the reader’s language', () => {
    expect(formatIndiaMoment('2026-11-30T04:30:00.000Z', 'en')).toMatch(/30 Nov 2026.*10:00\s?am/i);
    expect(formatIndiaMoment('2026-11-30T04:30:00.000Z', 'mr')).toContain('2026');
    expect(formatIndiaMoment('2026-11-30T04:30:00.000Z', 'mr')).not.toBe(
      formatIndiaMoment('2026-11-30T04:30:00.000Z', 'en'),
    );
    expect(formatIndiaMoment(null)).toBe('');
    expect(formatIndiaMoment('not a time')).toBe('');
  });
});
