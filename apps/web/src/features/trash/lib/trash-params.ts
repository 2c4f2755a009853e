import { TRASH_LIBRARIES, type TrashLibrary } from '@srpf/shared/trash/trash.rules';

/** The page size of the trash (the contract's TRASH_PAGE_DEFAULT). */
export const TRASH_PAGE_SIZE = 20;

export interface TrashListQuery {
  page: number;
  limit: number;
}

export interface TrashView {
  library: TrashLibrary;
  page: number;
}

/**
 * Which library's trash and which page (`/trash?library=circulars&page=2`), so a link from a library
 * or the forms screen opens its own trash and a reload keeps the place. Anything else reads as orders, page 1.
 */
export function parseTrashParams(params: URLSearchParams): TrashView {
  const library = params.get('library');
  const page = params.get('page');
  const pageNumber = page !== null && /^\d{1,6}$/.test(page) ? Number(page) : 1;
  return {
    library: (TRASH_LIBRARIES as readonly string[]).includes(library ?? '') ? (library as TrashLibrary) : 'orders',
    page: pageNumber > 0 ? pageNumber : 1,
  };
}

/** The address of a view: the library always, the page only past the first. */
export function trashParams(view: TrashView): URLSearchParams {
  const params = new URLSearchParams({ library: view.library });
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

export const trashListQuery = (view: TrashView): TrashListQuery => ({ page: view.page, limit: TRASH_PAGE_SIZE });
