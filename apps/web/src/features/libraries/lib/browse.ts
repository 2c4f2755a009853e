/**
 * Where the user is in a library (spec document 1, sections 2 and 4): the view (list or folders),
 * the category and subcategory opened or filtered by, the search words and the page. Kept in the
 * address (?view=folders&category=3&subcategory=7&q=…&page=2), so reloading, sharing a link and the
 * browser's Back button all agree with the breadcrumb. A library opens on the list (issue 29): the
 * folders view alone hid every document filed in no folder.
 */
export type LibraryView = 'folders' | 'list';

export interface BrowseState {
  view: LibraryView;
  categoryId: number | null;
  subcategoryId: number | null;
  search: string;
  page: number;
  /** The list view was opened because the chosen subcategory was empty: Back returns to the folders. */
  fromFolders: boolean;
}

export const START: BrowseState = {
  view: 'list',
  categoryId: null,
  subcategoryId: null,
  search: '',
  page: 1,
  fromFolders: false,
};

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 && number <= 2_147_483_647 ? number : null;
}

export function parseBrowseParams(params: URLSearchParams): BrowseState {
  const categoryId = positiveInt(params.get('category'));
  // A subcategory is only meaningful inside its category.
  const subcategoryId = categoryId === null ? null : positiveInt(params.get('subcategory'));
  const view: LibraryView = params.get('view') === 'folders' ? 'folders' : 'list';
  return {
    view,
    categoryId,
    subcategoryId,
    search: (params.get('q') ?? '').slice(0, 200),
    page: positiveInt(params.get('page')) ?? 1,
    fromFolders: view === 'list' && subcategoryId !== null && params.get('from') === 'folders',
  };
}

export function browseParams(state: BrowseState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view === 'folders') params.set('view', 'folders');
  if (state.categoryId !== null) params.set('category', String(state.categoryId));
  if (state.categoryId !== null && state.subcategoryId !== null) params.set('subcategory', String(state.subcategoryId));
  if (state.search.trim()) params.set('q', state.search.trim());
  if (state.page > 1) params.set('page', String(state.page));
  if (state.fromFolders && state.view === 'list' && state.subcategoryId !== null) params.set('from', 'folders');
  return params;
}

/** Browse: a category's subcategory cards. */
export function openCategory(state: BrowseState, categoryId: number): BrowseState {
  return { ...state, categoryId, subcategoryId: null, page: 1, fromFolders: false };
}

/** A subcategory's documents; an empty subcategory switches to the list view (section 2). */
export function openSubcategory(
  state: BrowseState,
  subcategory: { id: number; category_id: number; document_count: number },
): BrowseState {
  const empty = subcategory.document_count === 0;
  return {
    ...state,
    categoryId: subcategory.category_id,
    subcategoryId: subcategory.id,
    page: 1,
    view: empty ? 'list' : state.view,
    fromFolders: empty && state.view === 'folders' ? true : state.fromFolders && state.view === 'list',
  };
}

/** Home: back to the top, nothing opened or filtered. */
export function goHome(state: BrowseState): BrowseState {
  return { ...START, view: state.fromFolders ? 'folders' : state.view, search: state.search };
}

/** Back: one level up (subcategory → category → top). */
export function goBack(state: BrowseState): BrowseState {
  if (state.subcategoryId !== null) {
    return {
      ...state,
      subcategoryId: null,
      page: 1,
      view: state.fromFolders ? 'folders' : state.view,
      fromFolders: false,
    };
  }
  if (state.categoryId !== null) return { ...state, categoryId: null, page: 1, fromFolders: false };
  return state;
}

export function switchView(state: BrowseState, view: LibraryView): BrowseState {
  return { ...state, view, page: 1, fromFolders: false };
}

/** The list's category filter: a new category clears the subcategory. */
export function filterByCategory(state: BrowseState, categoryId: number | null): BrowseState {
  return { ...state, categoryId, subcategoryId: null, page: 1, fromFolders: false };
}

export function filterBySubcategory(state: BrowseState, subcategoryId: number | null): BrowseState {
  return { ...state, subcategoryId: state.categoryId === null ? null : subcategoryId, page: 1, fromFolders: false };
}

/** Searching shows the matching documents, so it moves to the list view. */
export function searchFor(state: BrowseState, search: string): BrowseState {
  return {
    ...state,
    search,
    page: 1,
    view: search.trim() ? 'list' : state.view,
    fromFolders: search.trim() ? false : state.fromFolders,
  };
}

export function goToPage(state: BrowseState, page: number): BrowseState {
  return { ...state, page: Math.max(1, Math.floor(page)) };
}

/** Whether the documents list is on screen: the list view, or a subcategory opened in the folders view. */
export function showsDocuments(state: BrowseState): boolean {
  return state.view === 'list' || state.subcategoryId !== null;
}
