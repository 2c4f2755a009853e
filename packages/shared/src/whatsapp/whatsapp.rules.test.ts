import { describe, expect, it } from 'vitest';
import {
  nextPayslipStatus,
  PAYSLIP_DELIVERY_STATUSES,
  whatsappErrorOutcome,
  type PayslipDeliveryEvent,
  type PayslipDeliveryStatus,
} from './whatsapp.rules.js';

/** A slip's status moves forward only, whatever order the events come in; each Cloud API code has its outcome. */

const EVENTS: PayslipDeliveryEvent[] = [
  'queue',
  'accepted',
  'delivered',
  'read',
  'failed',
  'outcome_unknown',
  'marked_sent',
];

/** Every order of a list (permutations). */
function orders<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) =>
    orders([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

const apply = (start: PayslipDeliveryStatus, events: readonly PayslipDeliveryEvent[]) =>
  events.reduce<PayslipDeliveryStatus>((status, event) => nextPayslipStatus(status, event) ?? status, start);

describe('nextPayslipStatus', () => {
  it('follows generated → queued → sent → delivered → read', () => {
    expect(nextPayslipStatus('generated', 'queue')).toBe('queued');
    expect(nextPayslipStatus('queued', 'accepted')).toBe('sent');
    expect(nextPayslipStatus('sent', 'delivered')).toBe('delivered');
    expect(nextPayslipStatus('delivered', 'read')).toBe('read');
  });

  it('never moves back: a stale event changes nothing', () => {
    expect(nextPayslipStatus('read', 'delivered')).toBeNull();
    expect(nextPayslipStatus('read', 'accepted')).toBeNull();
    expect(nextPayslipStatus('delivered', 'accepted')).toBeNull();
    expect(nextPayslipStatus('sent', 'accepted')).toBeNull();
  });

  it('lets delivered and read win over a later failed', () => {
    expect(nextPayslipStatus('delivered', 'failed')).toBeNull();
    expect(nextPayslipStatus('read', 'failed')).toBeNull();
    expect(nextPayslipStatus('sent', 'failed')).toBe('failed');
    expect(nextPayslipStatus('queued', 'failed')).toBe('failed');
    expect(nextPayslipStatus('needs_check', 'failed')).toBe('failed');
  });

  it('queues a slip again only from generated, failed or needs_check', () => {
    for (const status of PAYSLIP_DELIVERY_STATUSES)
      expect(nextPayslipStatus(status, 'queue')).toBe(
        ['generated', 'failed', 'needs_check'].includes(status) ? 'queued' : null,
      );
  });

  it('makes only a queued slip needs_check, and marks only a needs_check slip sent', () => {
    for (const status of PAYSLIP_DELIVERY_STATUSES) {
      expect(nextPayslipStatus(status, 'outcome_unknown')).toBe(status === 'queued' ? 'needs_check' : null);
      expect(nextPayslipStatus(status, 'marked_sent')).toBe(status === 'needs_check' ? 'sent' : null);
    }
  });

  it('lets what WhatsApp reports settle a needs_check or failed slip', () => {
    expect(nextPayslipStatus('needs_check', 'accepted')).toBe('sent');
    expect(nextPayslipStatus('needs_check', 'delivered')).toBe('delivered');
    expect(nextPayslipStatus('failed', 'read')).toBe('read');
  });

  it('ends at the furthest status whatever order sent, delivered and read arrive in', () => {
    for (const order of orders<PayslipDeliveryEvent>(['accepted', 'delivered', 'read']))
      expect(apply('queued', order), order.join(',')).toBe('read');
    for (const order of orders<PayslipDeliveryEvent>(['accepted', 'delivered']))
      expect(apply('queued', order), order.join(',')).toBe('delivered');
  });

  it('keeps delivered or read when a failed comes in any order with them', () => {
    for (const order of orders<PayslipDeliveryEvent>(['accepted', 'delivered', 'failed'])) {
      const end = apply('queued', order);
      // A failed before the delivered report is overtaken by it; after it, ignored.
      expect(end, order.join(',')).toBe('delivered');
    }
    for (const order of orders<PayslipDeliveryEvent>(['accepted', 'read', 'failed']))
      expect(apply('queued', order), order.join(',')).toBe('read');
    expect(apply('queued', ['accepted', 'failed'])).toBe('failed');
    expect(apply('queued', ['failed', 'accepted'])).toBe('sent');
  });

  it('answers a status of the list, or null, for every status and event', () => {
    for (const status of PAYSLIP_DELIVERY_STATUSES)
      for (const event of EVENTS) {
        const next = nextPayslipStatus(status, event);
        if (next !== null) expect(PAYSLIP_DELIVERY_STATUSES).toContain(next);
      }
  });
});

describe('whatsappErrorOutcome', () => {
  it.each([130429, 131056, 131016, 131057, 1, 2, 4, 80007, 131000])('retries %i', (code) => {
    expect(whatsappErrorOutcome(code, 400)).toBe('retry');
  });

  it.each([131026, 131050, 131051, 131053, 132000, 132001, 132005, 132007, 132012, 132068, 132999])(
    'gives up on %i',
    (code) => {
      expect(whatsappErrorOutcome(code, 400)).toBe('give_up');
    },
  );

  it.each([0, 10, 190, 131005, 131031, 131042, 131048, 133010, 368, 132015, 132016])(
    'pauses the queue on %i',
    (code) => {
      expect(whatsappErrorOutcome(code, 400)).toBe('pause');
    },
  );

  it('sends again as the template on 131047 (the window closed), after a day on 131049', () => {
    expect(whatsappErrorOutcome(131047, 400)).toBe('resend_as_template');
    expect(whatsappErrorOutcome(131049, 400)).toBe('retry_after_day');
  });

  it('retries network errors and 5xx answers without a known code; gives up on other unknown codes', () => {
    expect(whatsappErrorOutcome(undefined)).toBe('retry');
    expect(whatsappErrorOutcome(undefined, 502)).toBe('retry');
    expect(whatsappErrorOutcome(999_999, 503)).toBe('retry');
    expect(whatsappErrorOutcome(999_999, 400)).toBe('give_up');
    expect(whatsappErrorOutcome(999_999)).toBe('give_up');
  });
});
