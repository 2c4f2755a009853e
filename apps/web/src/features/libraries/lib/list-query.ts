import { LIBRARY_PAGE_DEFAULT } from '@srpf/shared/libraries/libraries.rules';

export interface DocumentListQuery {
  search?: string;
  category_id?: number;
  subcategory_id?: number;
  page: number;
  limit: number;
}

/**
 * GET /{library} parameters (spec section 7: search, category_id or subcategory_id, plus paging):
 * blank search left out, the subcategory when one is chosen, otherwise the category.
 */
export function documentListQuery(
  filters: { search: string; categoryId: number | null; subcategoryId: number | null },
  page: number,
  limit: number = LIBRARY_PAGE_DEFAULT,
): DocumentListQuery {
  const query: DocumentListQuery = { page: Math.max(1, page), limit };
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.subcategoryId !== null) query.subcategory_id = filters.subcategoryId;
  else if (filters.categoryId !== null) query.category_id = filters.categoryId;
  return query;
}
