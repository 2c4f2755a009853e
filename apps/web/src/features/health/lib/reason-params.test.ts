import { describe, expect, it } from 'vitest';
import { numberLocale } from './health-format';
import { failedCheckService, formatReasonParams, reasonDetail } from './reason-params';

const EN = numberLocale('en');

describe("a reason's parameters", () => {
  it('are formatted by their name, unknown ones kept as they came', () => {
    const shown = formatReasonParams(
      {
        ms: 1234.4,
        seconds: 600,
        percent: 7.25,
        count: 12,
        resource: 'cpu',
        host: 'web-1',
        since: '2026-11-29T06:30:00Z',
      },
      EN,
      (kind) => kind.toUpperCase(),
    );
    expect(shown.ms).toBe('1,234 ms');
    expect(shown.seconds).toMatch(/^10 min/);
    expect(shown.percent).toBe('7.3%');
    expect(shown.count).toBe(12);
    expect(shown.resource).toBe('CPU');
    expect(shown.host).toBe('web-1');
    // India time: 12:00 noon.
    expect(shown.since).toContain('12:00:00');
  });

  it('names the service of a failed check', () => {
    expect(failedCheckService('storage_check_failed')).toBe('storage');
    expect(failedCheckService('storage_low_space')).toBeUndefined();
  });

  it("carries the system's own detail of a reason, if any", () => {
    expect(reasonDetail({ params: { detail: ' spawn /nonexistent/chromium ENOENT ' } })).toBe(
      'spawn /nonexistent/chromium ENOENT',
    );
    expect(reasonDetail({ params: { error: 'EROFS' } })).toBe('EROFS');
    expect(reasonDetail({ params: { detail: '' } })).toBeUndefined();
    expect(reasonDetail({})).toBeUndefined();
  });
});
