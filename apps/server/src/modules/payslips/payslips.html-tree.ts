/**
 * The uploaded HTML as a small tree, parsed by htmlparser2 (which closes what HTML closes implicitly:
 * a `<td>` ends the open one, `<p>` ends a `<p>`) with entities decoded. Only what can be seen when
 * the page is printed is kept: no script, style or template, nothing marked hidden.
 */
import { Parser } from 'htmlparser2';

export interface HtmlElement {
  readonly tag: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: HtmlNode[];
}

/** An element, or a run of text. */
export type HtmlNode = HtmlElement | string;

const NEVER_SHOWN = new Set(['script', 'style', 'template', 'noembed', 'noframes', 'object', 'iframe', 'select', 'datalist']);

// Inline styles are read for one thing only: whether the element is hidden outright.
const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;

function isHidden(tag: string, attributes: Readonly<Record<string, string>>): boolean {
  return NEVER_SHOWN.has(tag) || 'hidden' in attributes || HIDDEN_STYLE.test(attributes.style ?? '') || (tag === 'input' && attributes.type === 'hidden');
}

export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { tag: '#document', attributes: {}, children: [] };
  const open: HtmlElement[] = [root];
  let hiddenDepth = 0; // how many hidden elements are open around the current position
  const current = () => open[open.length - 1]!;

  const parser = new Parser(
    {
      onopentag(tag, attributes) {
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
