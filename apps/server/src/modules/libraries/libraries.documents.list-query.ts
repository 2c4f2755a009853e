import { and, desc, eq, isNotNull, isNull, not } from 'drizzle-orm';
import type { DocumentSort, Library } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { countAhead } from '../../db/count-ahead.js';
import { textSearch } from '../../db/text-search.js';
import { libraryDocuments } from '../../db/schema/libraries.js';
import { acknowledgedBy, liveDocument, selectDocuments } from './libraries.documents.repository.js';

/* The list of a library's documents: its filters, its order and its pages. */

/** The libraries' search (db/text-search.ts) over a document's search text. */
const documentSearch = (search: string | undefined) =>
  textSearch(search, { text: libraryDocuments.search_text, vector: libraryDocuments.search_vector });

export interface DocumentFilter {
  search?: string;
  category_id?: number;
  subcategory_id?: number;
  /** true: only documents in no folder; false: only documents in one. */
  unfiled?: boolean;
  /** true: only the mandatory documents whose current version the viewer has not acknowledged. */
  to_acknowledge?: boolean;
  sort?: DocumentSort;
}

/** The viewer still owes this document an acknowledgment: mandatory, and its current version unacknowledged. */
const owedAcknowledgment = (viewerId: number) =>
  and(eq(libraryDocuments.is_mandatory, true), not(acknowledgedBy(viewerId)));

/** Newest first by the order asked for, then by filing time and id so pages never overlap. */
function listOrder(sort: DocumentSort | undefined) {
  const byFiling = [desc(libraryDocuments.created_at), desc(libraryDocuments.id)];
  return sort === 'effective_date' ? [desc(libraryDocuments.effective_date), ...byFiling] : byFiling;
}

/** One page of the library's live documents that pass the filter, with the total (capped) for the pager. */
export async function listDocuments(
  executor: Executor,
  library: Library,
  filter: DocumentFilter,
  page: number,
  limit: number,
  viewerId: number,
) {
  const search = documentSearch(filter.search);
  const where = and(
    eq(libraryDocuments.library, library),
    liveDocument,
    filter.category_id !== undefined ? eq(libraryDocuments.category_id, filter.category_id) : undefined,
    filter.subcategory_id !== undefined ? eq(libraryDocuments.subcategory_id, filter.subcategory_id) : undefined,
    filter.unfiled === undefined
      ? undefined
      : filter.unfiled
        ? isNull(libraryDocuments.category_id)
        : isNotNull(libraryDocuments.category_id),
    filter.to_acknowledge ? owedAcknowledgment(viewerId) : undefined,
    search?.where,
  );
  const offset = (page - 1) * limit;
  const [rows, { total, capped }] = await Promise.all([
    selectDocuments(executor, viewerId)
      .where(where)
      .orderBy(...(search ? [desc(search.rank)] : []), ...listOrder(filter.sort))
      .limit(limit)
      .offset(offset),
    countAhead(executor, libraryDocuments, where, offset),
  ]);
  return { rows, total, capped };
}
