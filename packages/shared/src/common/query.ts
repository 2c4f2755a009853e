import { z } from 'zod';

/** Drops a blank query value (`?active=`, the "All" choice of a select) so it counts as absent. */
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A `true`/`false` query parameter; blank or absent means no filter. */
export const queryBoolean = z.preprocess(
  blankAsAbsent,
  z
    .enum(['true', 'false'], { error: 'Use true or false' })
    .transform((value) => value === 'true')
    .optional(),
);

/** A positive integer id in a query string; blank or absent means no filter. */
export const queryId = z.preprocess(
  blankAsAbsent,
  z.coerce
    .number({ error: 'Must be a positive integer' })
    .int('Must be a positive integer')
    .positive('Must be a positive integer')
    .max(2_147_483_647)
    .optional(),
);

/** Free text of a query string, trimmed; blank means absent. */
export function queryText(max: number) {
  return z.preprocess(blankAsAbsent, z.string().trim().max(max, `At most ${max} characters`).optional());
}

/** `%` and `_` typed by a person are literal characters, not LIKE wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
