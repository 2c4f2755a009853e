/**
 * The visible text of a slip as lines, in document order, keeping the boundaries a reader of the
 * printed page sees: a line per block (paragraph, div, list item, heading, `<dt>`, `<dd>`, table row),
 * columns within a line (the cells of a row, or stretches of text set apart by a wide gap of
 * non-breaking spaces or, in `<pre>`, of spaces), and pieces within a column (the text of each
 * inline element, so `<b>Name</b><span>Sunil Patil</span>` stays two pieces). Text is normalised
 * (NFC, Latin digits, single spaces).
 */
import type { HtmlElement, HtmlNode } from './payslips.html-tree.js';
import { normalizeText } from './payslips.numbers.js';

/** A cell, or a stretch of a flowing line: its sub-lines (a `<br>` or a `<div>` inside a cell), each a list of pieces. */
export interface TextColumn {
  /** The grid column of a table cell (colspans counted); the ordinal of a stretch of flowing text. */
  readonly grid: number;
  readonly lines: readonly (readonly string[])[];
}

export interface TextLine {
  readonly columns: readonly TextColumn[];
  /** Set for a table row: which table (numbered in document order) and which of its rows. */
  readonly row?: { readonly table: number; readonly index: number };
}

const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'li',
  'listing',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'plaintext',
  'pre',
  'section',
  'summary',
  'table',
  'title',
  'tr',
  'ul',
  'xmp',
]);
const PREFORMATTED = new Set(['pre', 'textarea', 'listing', 'plaintext', 'xmp']);
const TABLE_SECTIONS = new Set(['thead', 'tbody', 'tfoot']);
const CELLS = new Set(['td', 'th']);

// A run of white space that a browser shows as a gap, not as one space: two or more characters
// with a non-breaking (or other fixed-width) space among them.
const FIXED_SPACE = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/;
const PRE_GAP = /[ \t\u00a0]{2,}|\t/;

/** Collects text into pieces; subclasses decide what a column or line break does with them. */
abstract class TextSink {
  protected pieces: string[] = [];
  private buffer = '';

  text(raw: string, preformatted: boolean): void {
    if (preformatted) {
      raw.split(/\r\n|\r|\n/).forEach((line, index) => {
        if (index > 0) this.lineBreak();
        line.split(PRE_GAP).forEach((stretch, stretchIndex) => {
          if (stretchIndex > 0) this.columnBreak();
          this.buffer += stretch;
        });
      });
      return;
    }
    raw.split(/(\s{2,})/).forEach((part, index) => {
      const isSpaceRun = index % 2 === 1;
      if (isSpaceRun && FIXED_SPACE.test(part)) this.columnBreak();
      else this.buffer += isSpaceRun ? ' ' : part;
    });
  }

  pieceBreak(): void {
    const piece = normalizeText(this.buffer);
    this.buffer = '';
    if (piece !== '') this.pieces.push(piece);
  }

  abstract columnBreak(): void;
  abstract lineBreak(): void;
}

/** The document: breaks make columns and lines. */
class DocumentSink extends TextSink {
  readonly lines: TextLine[] = [];
  private columns: TextColumn[] = [];

  columnBreak(): void {
    this.pieceBreak();
    if (this.pieces.length > 0) this.columns.push({ grid: this.columns.length, lines: [this.pieces] });
    this.pieces = [];
  }

  lineBreak(): void {
    this.columnBreak();
    if (this.columns.length > 0) this.lines.push({ columns: this.columns });
    this.columns = [];
  }

  addRow(row: TextLine): void {
    this.lineBreak();
    if (row.columns.length > 0) this.lines.push(row);
  }
}

/** One table cell: every break starts a sub-line of the cell. */
class CellSink extends TextSink {
  readonly lines: string[][] = [];

  columnBreak(): void {
    this.lineBreak();
  }

  lineBreak(): void {
    this.pieceBreak();
    if (this.pieces.length > 0) this.lines.push(this.pieces);
    this.pieces = [];
  }
}

const isElement = (node: HtmlNode): node is HtmlElement => typeof node !== 'string';

function containsTable(element: HtmlElement): boolean {
  return element.children.some((child) => isElement(child) && (child.tag === 'table' || containsTable(child)));
}

function colspanOf(cell: HtmlElement): number {
  const span = Number.parseInt(cell.attributes.colspan ?? '1', 10);
  return Number.isFinite(span) ? Math.min(Math.max(span, 1), 1000) : 1;
}

class LineWalker {
  readonly document = new DocumentSink();
  private tables = 0;

  walk(node: HtmlNode, sink: TextSink, preformatted: boolean): void {
    if (!isElement(node)) {
      sink.text(node, preformatted);
      return;
    }
    if (node.tag === 'head') {
      // Of the head, only the title is text a person sees (in the window, and often in the slip's name).
      for (const child of node.children)
        if (isElement(child) && child.tag === 'title') this.block(child, sink, preformatted);
    } else if (node.tag === 'br') {
      sink.lineBreak();
    } else if (node.tag === 'table' && sink === this.document) {
      this.table(node);
    } else if (BLOCKS.has(node.tag)) {
      this.block(node, sink, preformatted);
    } else {
      sink.pieceBreak();
      this.children(node, sink, preformatted);
      sink.pieceBreak();
    }
  }

  private block(element: HtmlElement, sink: TextSink, preformatted: boolean): void {
    sink.lineBreak();
    this.children(element, sink, preformatted || PREFORMATTED.has(element.tag));
    sink.lineBreak();
  }

  private children(element: HtmlElement, sink: TextSink, preformatted: boolean): void {
    for (const child of element.children) this.walk(child, sink, preformatted);
  }

  private table(table: HtmlElement): void {
    this.document.lineBreak();
    this.tableSection(table, { table: this.tables++, rows: 0 });
    this.document.lineBreak();
  }

  private tableSection(section: HtmlElement, position: { table: number; rows: number }): void {
    for (const child of section.children) {
      if (!isElement(child)) this.walk(child, this.document, false);
      else if (child.tag === 'tr') this.row(child, position);
      else if (TABLE_SECTIONS.has(child.tag)) this.tableSection(child, position);
      else this.block(child, this.document, false);
    }
  }

  private row(row: HtmlElement, position: { table: number; rows: number }): void {
    const index = position.rows++;
    const cells = row.children.filter(isElement).filter((child) => CELLS.has(child.tag));
    if (cells.some(containsTable)) {
      // A layout table holding tables: its cells are containers, not label or value cells.
      for (const child of row.children) if (isElement(child)) this.block(child, this.document, false);
      return;
    }
    const columns: TextColumn[] = [];
    let grid = 0;
    for (const cell of cells) {
      const sink = new CellSink();
      this.children(cell, sink, false);
      sink.lineBreak();
      if (sink.lines.length > 0) columns.push({ grid, lines: sink.lines });
      grid += colspanOf(cell);
    }
    this.document.addRow({ columns, row: { table: position.table, index } });
  }
}

export function textLines(root: HtmlElement): TextLine[] {
  const walker = new LineWalker();
  walker.walk(root, walker.document, false);
  walker.document.lineBreak();
  return walker.document.lines;
}
