import { LIBRARY_PREVIEW_LENGTH } from '@srpf/shared/libraries/libraries.rules';

/**
 * A list row's preview of a description or content (section 9: 100 characters): blanks collapsed,
 * cut at the limit (counted in code points, so no character is split in half) with '...' added.
 */
export function previewText(text: string | null | undefined, length: number = LIBRARY_PREVIEW_LENGTH): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  const characters = [...flat];
  if (characters.length <= length) return flat;
  return `${characters.slice(0, length).join('').trimEnd()}...`;
}

/** What a row previews: an order's description, a circular's or decision's content (either as a fallback). */
export function previewSource(
  document: { description: string | null; content: string | null },
  acknowledged: boolean,
): string | null {
  return acknowledged ? (document.content ?? document.description) : (document.description ?? document.content);
}
