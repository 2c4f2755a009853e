import sanitizeHtml from 'sanitize-html';
import {
  REMARK_FIELD_NAMES,
  REMARK_FIELDS,
  REMARK_ROLE_WITH_ARTICLE,
  remarkFieldOf,
  type RemarkField,
  type RemarkRole,
} from '@srpf/shared';
import { AppError } from '../../lib/errors.js';

const ALIGNMENT_CLASSES = ['ql-align-center', 'ql-align-right', 'ql-align-justify'];

/**
 * The rich-text editor's own output and nothing else (spec document 2, section 2.4): headings 1–3,
 * paragraphs, bold, italic, underline, strike, lists, alignment (Quill's classes) and links. Scripts,
 * styles, event handlers, images, iframes and every other attribute are dropped. Links keep only
 * http, https and mailto targets and always carry rel="noopener noreferrer".
 */
const REMARK_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'ol', 'ul', 'li', 'a'],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    // Quill 2 writes both kinds of list as <ol> and tells them apart by data-list.
    li: [{ name: 'data-list', multiple: false, values: ['bullet', 'ordered'] }],
  },
  allowedClasses: {
    p: ALIGNMENT_CLASSES,
    h1: ALIGNMENT_CLASSES,
    h2: ALIGNMENT_CLASSES,
    h3: ALIGNMENT_CLASSES,
    li: ALIGNMENT_CLASSES,
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Script and style bodies are dropped with their tags (the default keeps no text of them either).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template'],
  transformTags: {
    // Quill opens links in a new tab; any other target is dropped, and rel is always ours.
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      return { tagName, attribs: { ...rest, ...(target === '_blank' ? { target } : {}), rel: 'noopener noreferrer' } };
    },
  },
};

const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: REMARK_HTML.nonTextTags,
};

/**
 * The stored form of a remark: sanitised HTML, or null when nothing readable is left (an empty
 * editor sends `<p><br></p>`), so "cleared" and "never written" look the same.
 */
export function sanitizeRemark(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeHtml(html, REMARK_HTML).trim();
  const text = sanitizeHtml(clean, TEXT_ONLY)
    .replace(/&nbsp;/g, ' ')
    .trim();
  return text === '' ? null : clean;
}

type RemarkInput = Partial<Record<RemarkField, string | null | undefined>>;

const LABELS: Record<RemarkField, string> = {
  clerk_remarks: 'clerk remarks',
  officer_remarks: 'officer remarks',
  commandant_remarks: 'commandant remarks',
};
const ROLE_OF_FIELD = Object.fromEntries(Object.entries(REMARK_FIELDS).map(([role, field]) => [field, role])) as Record<
  RemarkField,
  RemarkRole
>;

/**
 * The remark columns a request changes, sanitised. A remark sent equal to the stored one is no
 * change (a form may send all three); a changed remark must be the sender's own (document 2,
 * section 6), otherwise 403 naming the field.
 */
export function remarkChanges(
  input: RemarkInput,
  stored: Partial<Record<RemarkField, string | null>>,
  role: RemarkRole | null,
): Partial<Record<RemarkField, string | null>> {
  const own = remarkFieldOf(role);
  const changes: Partial<Record<RemarkField, string | null>> = {};
  for (const field of REMARK_FIELD_NAMES) {
    if (input[field] === undefined) continue;
    const value = sanitizeRemark(input[field]);
    if (value === (stored[field] ?? null)) continue;
    if (field !== own) {
      throw new AppError(
        'appointments.remark_not_yours',
        {},
        `Only ${REMARK_ROLE_WITH_ARTICLE[ROLE_OF_FIELD[field]]} can write ${LABELS[field]}`,
        { field },
      );
    }
    changes[field] = value;
  }
  return changes;
}
