import { LIBRARY_PAGE_DEFAULT, type DocumentSort } from '@srpf/shared/libraries/libraries.rules';

export interface DocumentListQuery {
  search?: string;
  category_id?: number;
  subcategory_id?: number;
  /** Only the documents filed in no folder (the folders view's own list). */
  unfiled?: boolean;
  sort: DocumentSort;
  page: number;
  limit: number;
}

/**
 * GET /{library} parameters (spec section 7: search, category_id or subcategory_id, plus paging):
 * blank search left out, the subcategory when one is chosen, otherwise the category; newest
 * effective date first.
 */
export function documentListQuery(
  filters: { search: string; categoryId: number | null; subcategoryId: number | null },
  page: number,
  limit: number = LIBRARY_PAGE_DEFAULT,
): DocumentListQuery {
  const query: DocumentListQuery = { sort: 'effective_date', page: Math.max(1, page), limit };
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.subcategoryId !== null) query.subcategory_id = filters.subcategoryId;
  else if (filters.categoryId !== null) query.category_id = filters.categoryId;
  return query;
}

/** The folders view's list of the documents filed in no folder, which no folder card leads to. */
export function unfiledDocumentsQuery(page: number, limit: number = LIBRARY_PAGE_DEFAULT): DocumentListQuery {
  return { unfiled: true, sort: 'effective_date', page: Math.max(1, page), limit };
}
