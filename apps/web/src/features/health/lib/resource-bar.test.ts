import { describe, expect, it } from 'vitest';
import { RESOURCE_THRESHOLDS } from '@srpf/shared/health/system-health.rules';
import { resourceBar } from './resource-bar';
import { wordKeys } from './health-keys';

describe('a resource bar', () => {
  it('is red from 90 % of its threshold, yellow from 75 %, green below', () => {
    // CPU's threshold is 80: red from 72, yellow from 60.
    const cpu = RESOURCE_THRESHOLDS.cpu;
    expect(resourceBar({ current: 72, threshold: cpu }).level).toBe('red');
    expect(resourceBar({ current: 71.9, threshold: cpu }).level).toBe('yellow');
    expect(resourceBar({ current: 60, threshold: cpu }).level).toBe('yellow');
    expect(resourceBar({ current: 59.9, threshold: cpu }).level).toBe('green');
    // Disk's threshold is 90: red from 81.
    expect(resourceBar({ current: 81, threshold: RESOURCE_THRESHOLDS.disk }).level).toBe('red');
    expect(resourceBar({ current: 80, threshold: RESOURCE_THRESHOLDS.disk }).level).toBe('yellow');
  });

  it('fills to the usage, held within 0–100', () => {
    expect(resourceBar({ current: 42.345, threshold: 85 })).toEqual({ level: 'green', fill: 42.3, threshold: 85 });
    expect(resourceBar({ current: 130, threshold: 75 }).fill).toBe(100);
  });
});

describe("the words of the server's open keys", () => {
  it('tries the specific text, then the generic one; odd keys go straight to the generic text', () => {
    expect(wordKeys('reasons', 'database_slow')).toEqual(['reasons.database_slow', 'reasons.other']);
    expect(wordKeys('figures', 'a.b:c')).toEqual(['figures.other']);
    expect(wordKeys('figures', '')).toEqual(['figures.other']);
  });
});
