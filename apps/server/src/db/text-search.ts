import { and, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { escapeLike } from '@srpf/shared';

/** At most this many words of a search are used: enough for any title, and a bound on the query. */
const MAX_SEARCH_WORDS = 10;

/**
 * A search over a lower-cased text column with a trigram index and its `simple` tsvector (the
 * libraries' documents, the forms): a row holding every word as part of a word, in any script
 * (trigram index), or holding its words as whole words (full-text index, which also forgives
 * punctuation typed with a word: 'nagpur,'). `rank` puts rows with the words as whole words, and
 * more often, first. Undefined for a blank search.
 */
export function textSearch(
  search: string | undefined,
  columns: { text: PgColumn; vector: PgColumn },
): { where: SQL; rank: SQL } | undefined {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return undefined;
  const wholeWords = sql`plainto_tsquery('simple'::regconfig, ${words.join(' ')})`;
  const partWords = and(...words.map((word) => ilike(columns.text, `%${escapeLike(word)}%`)))!;
  return {
    where: or(sql`${columns.vector} @@ ${wholeWords}`, partWords)!,
    rank: sql`ts_rank(${columns.vector}, ${wholeWords})`,
  };
}
