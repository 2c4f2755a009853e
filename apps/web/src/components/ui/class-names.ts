/** Joins class names, skipping the falsy ones left by conditions. */
export function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
