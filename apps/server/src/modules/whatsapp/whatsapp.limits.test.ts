import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.js';
import { whatsappSends } from '../../db/schema/index.js';
import { openTestDatabase } from '../../test/test-database.js';
import { dailyCapOf, pruneSends, reserveSend, type LimitSettings, type SendRequest } from './whatsapp.limits.js';

/** The limits held in the database: the sliding second per number, the pair gap, the daily unique people. */

let database: DatabaseHandle;
const T0 = new Date('2026-11-02T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const limits: LimitSettings = { messagesPerSecond: 3, dailyRecipients: 2 };

const reserve = (request: Partial<SendRequest> & { to: string; now: Date }, settings = limits) =>
  database.db.transaction((tx) => reserveSend(tx, settings, { phoneNumberId: '1001', template: false, ...request }));

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());
beforeEach(async () => {
  await database.db.delete(whatsappSends);
});

describe('the sliding 1,000 ms window', () => {
  it('lets messagesPerSecond through in any second and says when the next slot frees', async () => {
    expect(await reserve({ to: '911', now: at(0) })).toEqual({ ok: true });
    expect(await reserve({ to: '912', now: at(100) })).toEqual({ ok: true });
    expect(await reserve({ to: '913', now: at(200) })).toEqual({ ok: true });
    // The fourth within the same second waits until the first is a second old.
    expect(await reserve({ to: '914', now: at(300) })).toEqual({ ok: false, reason: 'rate', retryAt: at(1_000) });
    expect(await reserve({ to: '914', now: at(999) })).toMatchObject({ ok: false, reason: 'rate' });
    expect(await reserve({ to: '914', now: at(1_000) })).toEqual({ ok: true });
    // Sliding, not per calendar second: 100 and 200 are still inside the window at 1,050.
    expect(await reserve({ to: '915', now: at(1_050) })).toEqual({ ok: false, reason: 'rate', retryAt: at(1_100) });
  });

  it('counts each phone number id on its own', async () => {
    for (let index = 0; index < 3; index += 1) await reserve({ to: `92${index}`, now: at(index) });
    expect(await reserve({ to: '929', now: at(10) })).toMatchObject({ ok: false, reason: 'rate' });
    expect(await reserve({ to: '929', now: at(10), phoneNumberId: '2002' })).toEqual({ ok: true });
  });
});

describe('the pair gap', () => {
  it('keeps messages to one number at least 6 s apart', async () => {
    expect(await reserve({ to: '931', now: at(0) })).toEqual({ ok: true });
    expect(await reserve({ to: '931', now: at(2_000) })).toEqual({ ok: false, reason: 'pair', retryAt: at(6_000) });
    expect(await reserve({ to: '932', now: at(2_000) })).toEqual({ ok: true });
    expect(await reserve({ to: '931', now: at(6_000) })).toEqual({ ok: true });
  });

  it('can be skipped for the template that follows a refused free-form message', async () => {
    await reserve({ to: '933', now: at(0) });
    expect(await reserve({ to: '933', now: at(10), template: true, pairGap: false })).toEqual({ ok: true });
  });
});

describe('the daily messaging limit', () => {
  it('sends templates to at most dailyRecipients unique people in any 24 hours', async () => {
    const hour = 3600_000;
    // Sign-in codes may take every place of the limit (the shares: the next test).
    const code = { template: true, share: 'code' } as const;
    expect(await reserve({ to: '941', now: at(0), ...code })).toEqual({ ok: true });
    expect(await reserve({ to: '942', now: at(hour), ...code })).toEqual({ ok: true });
    // A third person waits until the first one's template is 24 hours old.
    expect(await reserve({ to: '943', now: at(2 * hour), ...code })).toEqual({
      ok: false,
      reason: 'daily_limit',
      retryAt: at(24 * hour),
    });
    // Someone already sent a template today does not count again; free-form messages do not count.
    expect(await reserve({ to: '941', now: at(3 * hour), ...code })).toEqual({ ok: true });
    expect(await reserve({ to: '944', now: at(3 * hour) })).toEqual({ ok: true });
    // 941's latest template is now at 3 h: 942's (1 h) frees the next place.
    expect(await reserve({ to: '943', now: at(4 * hour), ...code })).toEqual({
      ok: false,
      reason: 'daily_limit',
      retryAt: at(25 * hour),
    });
    expect(await reserve({ to: '943', now: at(25 * hour), ...code })).toEqual({ ok: true });
  });

  it('shares the limit in order of need: campaigns 80 %, slips all but the codes’ 2 %, codes all of it', async () => {
    const settings = { messagesPerSecond: 100, dailyRecipients: 10 };
    const send = (to: string, share: 'code' | 'slip' | 'campaign', ms: number) =>
      reserve({ to, now: at(ms), template: true, share }, settings);
    for (let person = 0; person < 8; person++)
      expect(await send(`98${person}`, 'campaign', person)).toEqual({ ok: true });
    // The ninth person of a campaign waits; a slip still goes, then waits too; a code takes the last place.
    expect(await send('988', 'campaign', 10)).toMatchObject({ ok: false, reason: 'daily_limit' });
    expect(await send('989', 'slip', 11)).toEqual({ ok: true });
    expect(await send('990', 'slip', 12)).toMatchObject({ ok: false, reason: 'daily_limit' });
    expect(await send('991', 'code', 13)).toEqual({ ok: true });
    expect(await send('992', 'code', 14)).toMatchObject({ ok: false, reason: 'daily_limit' });
    // At Meta's first tier (250): campaigns 200, slips 245, codes 250.
    expect([dailyCapOf('campaign', 250), dailyCapOf('slip', 250), dailyCapOf('code', 250)]).toEqual([200, 245, 250]);
  });

  it('answers the latest moment when several limits hold', async () => {
    const settings = { messagesPerSecond: 1, dailyRecipients: 1 };
    await reserve({ to: '951', now: at(0), template: true, share: 'code' }, settings);
    expect(await reserve({ to: '952', now: at(10), template: true, share: 'code' }, settings)).toEqual({
      ok: false,
      reason: 'daily_limit',
      retryAt: at(24 * 3600_000),
    });
  });
});

describe('shared by every worker', () => {
  it('never lets two concurrent reservations take the last slot', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) => reserve({ to: `96${index}`, now: at(index) })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    const [row] = await database.db.select({ value: count() }).from(whatsappSends);
    expect(row?.value).toBe(3);
  });

  it('prunes sends older than 25 hours', async () => {
    await reserve({ to: '971', now: at(0) });
    await reserve({ to: '972', now: at(2 * 3600_000) });
    expect(await pruneSends(database.db, at(26 * 3600_000))).toBe(1);
    const [row] = await database.db.select({ value: count() }).from(whatsappSends);
    expect(row?.value).toBe(1);
  });
});
