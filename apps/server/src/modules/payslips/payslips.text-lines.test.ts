import { describe, expect, it } from 'vitest';
import { parseHtml } from './payslips.html-tree.js';
import { textLines } from './payslips.text-lines.js';

/** Each line as its columns, each column as its sub-lines joined by ' / ', pieces by '|'. */
const linesOf = (html: string) =>
  textLines(parseHtml(html)).map((line) =>
    line.columns.map((column) => column.lines.map((pieces) => pieces.join('|')).join(' / ')),
  );

describe('the visible text of a page, as lines', () => {
  it('makes a line of each block and keeps inline elements as pieces', () => {
    expect(
      linesOf(
        '<div><b>Name</b>: <span>Sunil  Patil</span></div><p>one<br>two</p><dl><dt>Month</dt><dd>Oct 2026</dd></dl>',
      ),
    ).toEqual([['Name|:|Sunil Patil'], ['one'], ['two'], ['Month'], ['Oct 2026']]);
  });

  it('splits a line into columns at a wide gap of non-breaking spaces, or of spaces in <pre>', () => {
    expect(linesOf('<div>Gross: 100 &nbsp; Net: 90&nbsp;only</div><pre>Name   : X\nMonth : 10/2026</pre>')).toEqual([
      ['Gross: 100', 'Net: 90 only'],
      ['Name', ': X'],
      ['Month : 10/2026'],
    ]);
  });

  it('makes a line of each table row, a column of each cell, and walks layout tables as containers', () => {
    const lines = textLines(
      parseHtml(
        '<table><tr><td colspan="2">A<br>B</td><td></td><td>C</td></tr><tr><td><table><tr><td>inner</td></tr></table></td></tr></table>',
      ),
    );
    expect(lines.map((line) => [line.row, line.columns.map((column) => column.grid)])).toEqual([
      [{ table: 0, index: 0 }, [0, 3]],
      [{ table: 1, index: 0 }, [0]],
    ]);
    expect(lines[0]!.columns[0]!.lines).toEqual([['A'], ['B']]);
  });

  it('leaves out the head but its title, scripts, styles, comments and hidden elements', () => {
    expect(
      linesOf(
        '<html><head><title>Pay Slip</title><meta name="x" content="Sevarth ID: A"><style>p{}</style></head><body><!-- Net Pay: 1 --><script>x = "Net Pay: 2"</script><p style="display:none">Net Pay: 3</p><template><p>Net Pay: 4</p></template><p>shown</p></body></html>',
      ),
    ).toEqual([['Pay Slip'], ['shown']]);
  });

  it('normalises the text: Devanagari digits, NFC, single spaces', () => {
    expect(linesOf('<p>निव्वळ\u00a0वेतन :  ₹ ५४,१८६</p>')).toEqual([['निव्वळ वेतन : ₹ 54,186']]);
  });
});
