/**
 * Every place where the text of a slip puts a known label next to something that may be its value,
 * in document order. The layout is not assumed; each way a slip can pair a label with a value is
 * tried, and the value parsers later keep only the pairs whose value has the field's form:
 * - a cell and the cell to its right (`<td>Name</td><td>Sunil Patil</td>`), and the same for
 *   stretches of a line set apart by a wide gap;
 * - a header cell and the cell below it (a header row, then a value row);
 * - `label: value` within a line, several to a line (`Gross: ₹70,180   Net Pay: ₹65,560`);
 * - an element and the next element in a line (`<b>Sevarth ID</b> <span>SRPF…</span>`);
 * - a line holding only a label and the next line (`<dt>`/`<dd>`, a label div above a value div);
 * - a label at the start of a line without a colon (`Pay Slip for the month of October 2026`),
 *   marked loose: only fields with a strict form accept it.
 */
import { matchExactLabel, matchLabel, mayStartLabel, type LabelMatch, type SlipField } from './payslips.labels.js';
import type { TextColumn, TextLine } from './payslips.text-lines.js';

export interface FieldClaim {
  readonly field: SlipField;
  readonly rank: 1 | 2;
  /** The text that should hold the value; it may carry more after the value. */
  readonly value: string;
  /** Found without any separator between label and value. */
  readonly loose: boolean;
}

// A colon, unless it sits between digits (a time, 10:30).
const COLON = /:(?!\d)|(?<!\d):|：/u;
// Most text has no colon at all; a plain search says so faster than the pattern.
const hasColon = (text: string) => (text.includes(':') || text.includes('：')) && COLON.test(text);

const SEPARATOR_ONLY = /^[\s:：=|\-–—]*$/u;
const CUT_LABEL_WORDS_MAX = 10;

/** Text that can be a label on its own: no colon inside it (a trailing one is the label's own). */
const standaloneLabel = (text: string): string | null => {
  const trimmed = text.trimEnd();
  const label = trimmed.endsWith(':') || trimmed.endsWith('：') ? trimmed.slice(0, -1).trimEnd() : trimmed;
  return label === '' || hasColon(label) ? null : label;
};

const subLineText = (pieces: readonly string[]) => pieces.join(' ');
const columnText = (column: TextColumn) => column.lines.map(subLineText).join(' / ');
const firstSubLineText = (column: TextColumn | undefined) => (column?.lines[0] ? subLineText(column.lines[0]) : '');

/**
 * A row of labels over a row of values: no cell of it holds a digit. (A label and value row holds an
 * ID, a date or a sum; reading it downwards would pair a label with the label below it.)
 */
const isHeaderRow = (line: TextLine) => !line.columns.some((column) => /\d/.test(columnText(column)));

/** The longest run of words at the end of the text that is a label from the vocabulary. */
function labelAtEnd(text: string): { match: LabelMatch; before: string } | null {
  const words = text.split(' ');
  for (let count = Math.min(words.length, CUT_LABEL_WORDS_MAX); count >= 1; count -= 1) {
    const match = matchExactLabel(words.slice(-count).join(' '));
    if (match) return { match, before: words.slice(0, -count).join(' ') };
  }
  return null;
}

class ClaimCollector {
  readonly claims: FieldClaim[] = [];

  add(match: LabelMatch | null, value: string, loose = false): void {
    if (match && value.trim() !== '') this.claims.push({ field: match.field, rank: match.rank, value, loose });
  }

  /** A label standing on its own (a cell, an element, a line) and the text beside it. */
  addStandalone(labelText: string, value: string): void {
    const label = standaloneLabel(labelText);
    if (label !== null) this.add(matchLabel(label), value);
  }

  line(line: TextLine, next: TextLine | undefined): void {
    this.sideBySide(line.columns);
    if (next) {
      this.headerAboveValues(line, next);
      this.labelLineAboveValueLine(line, next);
    }
  }

  private sideBySide(columns: readonly TextColumn[]): void {
    // A cell holding only `:` (label | : | value) separates, it is not the value.
    const meaningful = columns.filter((column) => !SEPARATOR_ONLY.test(columnText(column)));
    meaningful.forEach((column, index) => {
      const right = meaningful[index + 1];
      if (right) this.addStandalone(columnText(column), firstSubLineText(right));
      this.column(column);
    });
  }

  private headerAboveValues(line: TextLine, next: TextLine): void {
    const { row } = line;
    if (!row || next.row?.table !== row.table || next.row.index !== row.index + 1 || !isHeaderRow(line)) return;
    for (const column of line.columns)
      this.addStandalone(
        columnText(column),
        firstSubLineText(next.columns.find((below) => below.grid === column.grid)),
      );
  }

  /**
   * A line that is only a label (a `<dt>`, a label div) and the line after it. Not a table row: its
   * value cell may be empty, and the next row then starts with another label.
   */
  private labelLineAboveValueLine(line: TextLine, next: TextLine): void {
    const [only, ...more] = line.columns;
    if (line.row || !only || more.length > 0 || only.lines.length !== 1) return;
    this.addStandalone(subLineText(only.lines[0]!), firstSubLineText(next.columns[0]));
  }

  private column(column: TextColumn): void {
    column.lines.forEach((pieces, index) => {
      this.colonPairs(pieces);
      this.elementPairs(pieces);
      this.labelAtStart(subLineText(pieces));
      const below = column.lines[index + 1];
      if (below) this.addStandalone(subLineText(pieces), subLineText(below));
    });
  }

  /** `Name: Sunil Patil Sevarth ID: SRPF…`: each colon's label ends the text before it, its value starts the text after it. */
  private colonPairs(pieces: readonly string[]): void {
    const groups: string[][] = [[]];
    if (!pieces.some(hasColon)) return;
    for (const piece of pieces) {
      piece.split(COLON).forEach((part, index) => {
        if (index > 0) groups.push([]);
        const text = part.trim();
        if (text !== '') groups[groups.length - 1]!.push(text);
      });
    }
    if (groups.length < 2) return;
    let label = this.leadingLabel(groups[0]!);
    for (let index = 1; index < groups.length; index += 1) {
      const group = groups[index]!;
      const isLast = index === groups.length - 1;
      const split = isLast ? { value: group.join(' '), label: null } : this.valueThenLabel(group);
      this.add(label, split.value);
      label = split.label;
    }
  }

  private leadingLabel(group: readonly string[]): LabelMatch | null {
    if (group.length === 0) return null;
    const whole = matchLabel(group.join(' '));
    if (whole) return whole;
    return (
      (group.length > 1 ? matchLabel(group[group.length - 1]!) : null) ?? labelAtEnd(group.join(' '))?.match ?? null
    );
  }

  /** Text between two colons: the first colon's value, then the second colon's label. */
  private valueThenLabel(group: readonly string[]): { value: string; label: LabelMatch | null } {
    const last = group[group.length - 1];
    if (last === undefined) return { value: '', label: null };
    const earlier = group.slice(0, -1);
    const cut = labelAtEnd(last);
    if (cut) return { value: [...earlier, cut.before].join(' '), label: cut.match };
    const lastAsLabel = earlier.length > 0 ? matchLabel(last) : null;
    if (lastAsLabel) return { value: earlier.join(' '), label: lastAsLabel };
    return { value: group.join(' '), label: null };
  }

  /** `<b>Sevarth ID</b> <span>SRPF…</span>`: an element naming a field, then the next element. */
  private elementPairs(pieces: readonly string[]): void {
    const meaningful = pieces.filter((piece) => !SEPARATOR_ONLY.test(piece));
    for (let index = 0; index + 1 < meaningful.length; index += 1)
      this.addStandalone(meaningful[index]!, meaningful[index + 1]!);
  }

  /** `Pay Slip for the month of October 2026`: a label from the vocabulary opening a line that has no colon. */
  private labelAtStart(text: string): void {
    if (hasColon(text)) return;
    const words = text.split(' ');
    if (words.length < 2 || !mayStartLabel(words[0]!)) return;
    for (let count = Math.min(words.length - 1, CUT_LABEL_WORDS_MAX); count >= 1; count -= 1) {
      this.add(matchExactLabel(words.slice(0, count).join(' ')), words.slice(count).join(' '), true);
    }
  }
}

export function fieldClaims(lines: readonly TextLine[]): FieldClaim[] {
  const collector = new ClaimCollector();
  lines.forEach((line, index) => collector.line(line, lines[index + 1]));
  return collector.claims;
}
