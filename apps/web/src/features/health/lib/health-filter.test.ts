import { describe, expect, it } from 'vitest';
import { filterByStatus, isStatusFilter, STATUS_FILTERS } from './health-filter';

const cards = [
  { name: 'database', status: 'healthy' as const },
  { name: 'renderer', status: 'critical' as const },
  { name: 'queue', status: 'warning' as const },
  { name: 'storage', status: 'healthy' as const },
];

describe('the status filter', () => {
  it("offers the spec's four choices", () => {
    expect(STATUS_FILTERS).toEqual(['all', 'healthy', 'warning', 'critical']);
    expect(isStatusFilter('warning')).toBe(true);
    expect(isStatusFilter('down')).toBe(false);
  });

  it('keeps every card for All Systems and only those in the chosen state otherwise', () => {
    expect(filterByStatus(cards, 'all')).toEqual(cards);
    expect(filterByStatus(cards, 'healthy').map((card) => card.name)).toEqual(['database', 'storage']);
    expect(filterByStatus(cards, 'warning').map((card) => card.name)).toEqual(['queue']);
    expect(filterByStatus(cards, 'critical').map((card) => card.name)).toEqual(['renderer']);
    expect(filterByStatus([], 'critical')).toEqual([]);
  });
});
