/**
 * The translation keys of the server's open strings (figure keys, reason codes, subjects): the
 * specific key first, then the generic text that shows the raw value, so an unknown key is still
 * worded and never blank. A value that is no plain identifier goes straight to the generic text.
 */
export const IDENTIFIER = /^[a-z][a-z0-9_]*$/i;

export function wordKeys(group: string, value: string): string[] {
  return IDENTIFIER.test(value) ? [`${group}.${value}`, `${group}.other`] : [`${group}.other`];
}
