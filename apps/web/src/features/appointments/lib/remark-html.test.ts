import { describe, expect, it } from 'vitest';
import { remarkHtml } from './remark-html';

describe('remarkHtml', () => {
  it('makes each line a paragraph and escapes markup', () => {
    expect(remarkHtml(' Not enough leave left\n<b>see</b> rules & orders ')).toBe(
      '<p>Not enough leave left</p><p>&lt;b&gt;see&lt;/b&gt; rules &amp; orders</p>',
    );
  });

  it('sends nothing for a blank remark', () => {
    expect(remarkHtml('  \n ')).toBeUndefined();
  });
});
