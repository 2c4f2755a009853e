/**
 * Slug from a title or name (spec document 1, section 5): lowercase, trimmed, characters other than
 * a-z, 0-9, space and hyphen removed, spaces become hyphens, repeated hyphens collapse.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
}
