import { describe, expect, it } from 'vitest';
import { circularsToAcknowledge } from './circulars-to-acknowledge';

describe('circularsToAcknowledge', () => {
  it('keeps the mandatory circulars not yet acknowledged, in their order', () => {
    const circulars = [
      { id: 1, is_mandatory: true, acknowledged: false },
      { id: 2, is_mandatory: false, acknowledged: false },
      { id: 3, is_mandatory: true, acknowledged: true },
      { id: 4, is_mandatory: true, acknowledged: false },
    ];
    expect(circularsToAcknowledge(circulars).map((circular) => circular.id)).toEqual([1, 4]);
  });
});
