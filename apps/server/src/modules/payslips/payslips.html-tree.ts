/**
 * The uploaded HTML as a small tree, parsed by htmlparser2 (which closes what HTML closes implicitly:
 * a `<td>` ends the open one, `<p>` ends a `<p>`) with entities decoded. Only what can be seen when
 * the page is printed is kept: no script, style or template, nothing marked hidden.
 *
 * The tree is walked recursively afterwards (payslips.text-lines.ts), so its size is bounded while it
 * is parsed: a file nesting elements deeper than SLIP_NESTING_MAX or holding more than
 * SLIP_ELEMENTS_MAX of them stops at the first one too many (SlipTooComplexError), before any
 * recursion and after at most that much work.
 */
import { Parser } from 'htmlparser2';

/** Elements open inside one another: Chromium's own parser nests no deeper when it shows a page. */
export const SLIP_NESTING_MAX = 512;
/**
 * Elements in one file, hidden ones included: a generated slip has about 70, a 2 MB slip of long
 * tables 60,000; this bounds the tree's memory (a 2 MB file of `<br>` would be 500,000 elements).
 */
export const SLIP_ELEMENTS_MAX = 100_000;

/** The file is past one of the limits above: not read further. */
export class SlipTooComplexError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SlipTooComplexError';
  }
}

export interface HtmlElement {
  readonly tag: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: HtmlNode[];
}

/** An element, or a run of text. */
export type HtmlNode = HtmlElement | string;

const NEVER_SHOWN = new Set([
  'script',
  'style',
  'template',
  'noembed',
  'noframes',
  'object',
  'iframe',
  'select',
  'datalist',
]);

// Inline styles are read for one thing only: whether the element is hidden outright.
const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;

function isHidden(tag: string, attributes: Readonly<Record<string, string>>): boolean {
  return (
    NEVER_SHOWN.has(tag) ||
    'hidden' in attributes ||
    HIDDEN_STYLE.test(attributes.style ?? '') ||
    (tag === 'input' && attributes.type === 'hidden')
  );
}

export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { tag: '#document', attributes: {}, children: [] };
  const open: HtmlElement[] = [root];
  let hiddenDepth = 0; // how many hidden elements are open around the current position
  let depth = 0; // every open element, hidden ones included
  let elements = 0;
  const current = () => open[open.length - 1]!;

  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        // Thrown out of parser.write: the parse ends here, whatever follows in the file.
        depth += 1;
        elements += 1;
        if (depth > SLIP_NESTING_MAX)
          throw new SlipTooComplexError(
            `The file nests its elements more than ${SLIP_NESTING_MAX} deep; a salary slip needs far fewer.`,
          );
        if (elements > SLIP_ELEMENTS_MAX)
          throw new SlipTooComplexError(
            `The file holds more than ${SLIP_ELEMENTS_MAX.toLocaleString('en-IN')} elements; a salary slip needs far fewer.`,
          );
        if (hiddenDepth > 0 || isHidden(tag, attributes)) {
          hiddenDepth += 1;
          return;
        }
        const element: HtmlElement = { tag, attributes, children: [] };
        current().children.push(element);
        open.push(element);
      },
      onclosetag() {
        // htmlparser2 closes every element it opened, implied ones included, in order.
        depth -= 1;
        if (hiddenDepth > 0) hiddenDepth -= 1;
        else if (open.length > 1) open.pop();
      },
      ontext(text) {
        if (hiddenDepth > 0) return;
        const { children } = current();
        const last = children[children.length - 1];
        if (typeof last === 'string') children[children.length - 1] = last + text;
        else children.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return root;
}
