import { sql, type SQL } from 'drizzle-orm';
import { maySeePrivateForms, type Actor } from '@srpf/shared';

/** Who reads forms, as the SQL of a list or a count needs it (maySeeForm of forms.policy.ts). */
export interface FormReader {
  userId: number;
  /** Holds manage_forms: private forms of others too. */
  seesPrivate: boolean;
}

export const formReaderOf = (actor: Actor): FormReader => ({
  userId: actor.userId,
  seesPrivate: maySeePrivateForms(actor),
});

/**
 * The forms a reader may see, over the forms table named `alias` in the query: public ones, their own,
 * or every one for a holder of manage_forms. Applied in SQL, so a private form of someone else is never
 * fetched, counted or listed.
 */
export function visibleToReader(reader: FormReader, alias: string): SQL {
  if (reader.seesPrivate) return sql`true`;
  const form = sql.identifier(alias);
  // coalesce: a private form whose uploader was deleted (uploaded_by null) is not theirs, and must
  // count as unseen, not as unknown (null), in a count's filter.
  return sql`(${form}.is_public or coalesce(${form}.uploaded_by = ${reader.userId}, false))`;
}
