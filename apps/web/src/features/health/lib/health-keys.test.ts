import { createInstance } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en/health.json';
import mr from '../../../locales/mr/health.json';
import { wordKeys } from './health-keys';

const i18n = createInstance();

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    ns: ['health'],
    defaultNS: 'health',
    resources: { en: { health: en }, mr: { health: mr } },
    interpolation: { escapeValue: false },
  });
});

describe("the server's open keys, worded", () => {
  it('words a known figure and reason, and any other one with its raw key', () => {
    const t = i18n.getFixedT('en');
    expect(t(wordKeys('figures', 'round_trip_ms'), { key: 'round_trip_ms' })).toBe('Round trip');
    expect(t(wordKeys('figures', 'gc_pauses'), { key: 'gc_pauses' })).toBe('Figure gc_pauses');
    expect(t(wordKeys('reasons', 'cosmic_rays'), { code: 'cosmic_rays' })).toBe('Problem reported: cosmic_rays');
    expect(t(wordKeys('reasons', 'odd.code:x'), { code: 'odd.code:x' })).toBe('Problem reported: odd.code:x');
    expect(t(wordKeys('serviceNames', 'cache'), { key: 'cache' })).toBe('Service cache');
  });

  it("fills a reason's parameters and counts", () => {
    const t = i18n.getFixedT('en');
    expect(t(wordKeys('reasons', 'queue_failures'), { count: 1 })).toBe('1 job failed in the last hour.');
    expect(t(wordKeys('reasons', 'queue_failures'), { count: 3 })).toBe('3 jobs failed in the last hour.');
    expect(t(wordKeys('reasons', 'database_slow'), { ms: '1,234 ms' })).toBe('The database answers slowly (1,234 ms).');
  });

  it('falls back in Marathi too, never to a blank', () => {
    const t = i18n.getFixedT('mr');
    expect(t(wordKeys('figures', 'gc_pauses'), { key: 'gc_pauses' })).toBe('आकडा gc_pauses');
    expect(t(wordKeys('reasons', 'database_unreachable'))).toBe('डेटाबेस प्रतिसाद देत नाही.');
  });
});
