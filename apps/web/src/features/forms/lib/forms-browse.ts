import { FORMS_SEARCH_MAX, type FormLanguage } from '@srpf/shared/forms/forms.rules';

/**
 * Where the user is on /forms (spec document 2, section 2.10): the view, the folder path (category,
 * subcategory, sub-subcategory: the folders opened, and in the list the folder filter), the list's
 * filters and the page. Kept in the address (?view=list&category=3&subcategory=7&q=…&page=2), like
 * the document libraries, so reloading, sharing a link and the browser's Back button all agree with
 * the breadcrumb. Every change of a filter goes back to page 1.
 */
export type FormsView = 'folders' | 'list';
export type VisibilityFilter = '' | 'public' | 'private';
export type LanguageFilter = '' | FormLanguage;

/** The ids of a folder path, top down; null below the deepest opened level. */
export interface FolderPath {
  categoryId: number | null;
  subcategoryId: number | null;
  subSubcategoryId: number | null;
}

export interface FormsBrowseState extends FolderPath {
  view: FormsView;
  search: string;
  language: LanguageFilter;
  visibility: VisibilityFilter;
  /** YYYY-MM-DD or ''. */
  dateFrom: string;
  dateTo: string;
  page: number;
  /** The list was opened from a folder card (a folder with forms and no subfolders): Back returns to the folders. */
  fromFolders: boolean;
}

export const ROOT_PATH: FolderPath = { categoryId: null, subcategoryId: null, subSubcategoryId: null };

export const START: FormsBrowseState = {
  view: 'folders',
  ...ROOT_PATH,
  search: '',
  language: '',
  visibility: '',
  dateFrom: '',
  dateTo: '',
  page: 1,
  fromFolders: false,
};

const PARAM = {
  view: 'view',
  category: 'category',
  subcategory: 'subcategory',
  subSubcategory: 'subSubcategory',
  search: 'q',
  language: 'language',
  visibility: 'visibility',
  dateFrom: 'dateFrom',
  dateTo: 'dateTo',
  page: 'page',
  via: 'via',
} as const;

/** An id from the address (a folder's, or a detail page's form id): a positive whole number, else null (shown as not found). */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 && number <= 2_147_483_647 ? number : null;
}

/** A real calendar date written YYYY-MM-DD, else ''. */
export function isoDateOrBlank(value: string | null | undefined): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : '';
}

/** A path keeps only the levels whose parents are set (a subcategory is meaningful inside its category). */
export function normalisePath(path: FolderPath): FolderPath {
  const categoryId = path.categoryId;
  const subcategoryId = categoryId === null ? null : path.subcategoryId;
  const subSubcategoryId = subcategoryId === null ? null : path.subSubcategoryId;
  return { categoryId, subcategoryId, subSubcategoryId };
}

/** How many levels are open: 0 at the categories, 3 inside a sub-subcategory. */
export function pathDepth(path: FolderPath): 0 | 1 | 2 | 3 {
  if (path.categoryId === null) return 0;
  if (path.subcategoryId === null) return 1;
  return path.subSubcategoryId === null ? 2 : 3;
}

/** The path one level up. */
export function parentPath(path: FolderPath): FolderPath {
  if (path.subSubcategoryId !== null) return { ...path, subSubcategoryId: null };
  if (path.subcategoryId !== null) return { ...path, subcategoryId: null, subSubcategoryId: null };
  return ROOT_PATH;
}

export const pathOf = ({ categoryId, subcategoryId, subSubcategoryId }: FolderPath): FolderPath => ({
  categoryId,
  subcategoryId,
  subSubcategoryId,
});

export function parseFormsParams(params: URLSearchParams): FormsBrowseState {
  const path = normalisePath({
    categoryId: parseId(params.get(PARAM.category)),
    subcategoryId: parseId(params.get(PARAM.subcategory)),
    subSubcategoryId: parseId(params.get(PARAM.subSubcategory)),
  });
  const view: FormsView = params.get(PARAM.view) === 'list' ? 'list' : 'folders';
  const language = params.get(PARAM.language);
  const visibility = params.get(PARAM.visibility);
  return {
    view,
    ...path,
    search: (params.get(PARAM.search) ?? '').slice(0, FORMS_SEARCH_MAX),
    language: language === 'en' || language === 'mr' ? language : '',
    visibility: visibility === 'public' || visibility === 'private' ? visibility : '',
    dateFrom: isoDateOrBlank(params.get(PARAM.dateFrom)),
    dateTo: isoDateOrBlank(params.get(PARAM.dateTo)),
    page: parseId(params.get(PARAM.page)) ?? 1,
    fromFolders: view === 'list' && path.categoryId !== null && params.get(PARAM.via) === 'folders',
  };
}

export function formsParams(state: FormsBrowseState): URLSearchParams {
  const params = new URLSearchParams();
  const path = normalisePath(state);
  if (state.view === 'list') params.set(PARAM.view, 'list');
  if (path.categoryId !== null) params.set(PARAM.category, String(path.categoryId));
  if (path.subcategoryId !== null) params.set(PARAM.subcategory, String(path.subcategoryId));
  if (path.subSubcategoryId !== null) params.set(PARAM.subSubcategory, String(path.subSubcategoryId));
  if (state.search.trim()) params.set(PARAM.search, state.search.trim());
  if (state.language) params.set(PARAM.language, state.language);
  if (state.visibility) params.set(PARAM.visibility, state.visibility);
  if (state.dateFrom) params.set(PARAM.dateFrom, state.dateFrom);
  if (state.dateTo) params.set(PARAM.dateTo, state.dateTo);
  if (state.page > 1) params.set(PARAM.page, String(state.page));
  if (state.fromFolders && state.view === 'list' && path.categoryId !== null) params.set(PARAM.via, 'folders');
  return params;
}

/** Opening a folder in the folders view: its subfolders' cards. */
export function browseInto(state: FormsBrowseState, path: FolderPath): FormsBrowseState {
  return { ...state, ...normalisePath(path), view: 'folders', page: 1, fromFolders: false };
}

/** A folder with forms and no subfolders: the list, filtered to it (section 2.10); Back returns to the folders. */
export function listFolder(state: FormsBrowseState, path: FolderPath): FormsBrowseState {
  return {
    ...state,
    ...normalisePath(path),
    view: 'list',
    page: 1,
    fromFolders: state.view === 'folders' || state.fromFolders,
  };
}

/** Home: the top of the tree; a list opened from a folder card goes back to the folders. */
export function goHome(state: FormsBrowseState): FormsBrowseState {
  return { ...state, ...ROOT_PATH, view: state.fromFolders ? 'folders' : state.view, page: 1, fromFolders: false };
}

/** A breadcrumb entry: back to that level (the folders of a list opened from a card). */
export function goToLevel(state: FormsBrowseState, path: FolderPath): FormsBrowseState {
  return {
    ...state,
    ...normalisePath(path),
    view: state.fromFolders ? 'folders' : state.view,
    page: 1,
    fromFolders: false,
  };
}

/**
 * Back (section 2.10): pops one level. A list opened from a folder card returns to the folders it
 * was opened from; at the root, the list returns to the categories.
 */
export function goBack(state: FormsBrowseState): FormsBrowseState {
  if (state.categoryId === null)
    return state.view === 'list' ? { ...state, view: 'folders', page: 1, fromFolders: false } : state;
  if (state.fromFolders) return { ...state, ...parentPath(state), view: 'folders', page: 1, fromFolders: false };
  return { ...state, ...parentPath(state), page: 1 };
}

/** Whether Back does anything (it does everywhere but the categories themselves). */
export const canGoBack = (state: FormsBrowseState) => state.categoryId !== null || state.view === 'list';

/**
 * The Folders/List toggle. The folders of a sub-subcategory (which has none) are its siblings, so
 * the folders view shows its subcategory's.
 */
export function switchView(state: FormsBrowseState, view: FormsView): FormsBrowseState {
  const path = view === 'folders' && state.subSubcategoryId !== null ? parentPath(state) : pathOf(state);
  return { ...state, ...path, view, page: 1, fromFolders: false };
}

/** Searching shows the matching forms, so it moves to the list. */
export function searchFor(state: FormsBrowseState, search: string): FormsBrowseState {
  const text = search.trim().slice(0, FORMS_SEARCH_MAX);
  return {
    ...state,
    search: text,
    page: 1,
    view: text ? 'list' : state.view,
    fromFolders: text ? false : state.fromFolders,
  };
}

export type FilterChange =
  | { field: 'language'; value: LanguageFilter }
  | { field: 'visibility'; value: VisibilityFilter }
  | { field: 'dateFrom' | 'dateTo'; value: string }
  | { field: 'categoryId'; value: number | null }
  | { field: 'subcategoryId'; value: number | null }
  | { field: 'subSubcategoryId'; value: number | null };

/**
 * One filter of the list changed: back to page 1. Choosing a category resets the two levels below
 * it, a subcategory the sub-subcategory (section 5).
 */
export function changeFilter(state: FormsBrowseState, change: FilterChange): FormsBrowseState {
  const next: FormsBrowseState = { ...state, page: 1, fromFolders: false };
  switch (change.field) {
    case 'language':
      return { ...next, language: change.value };
    case 'visibility':
      return { ...next, visibility: change.value };
    case 'dateFrom':
    case 'dateTo':
      return { ...next, [change.field]: isoDateOrBlank(change.value) };
    case 'categoryId':
      return { ...next, categoryId: change.value, subcategoryId: null, subSubcategoryId: null };
    case 'subcategoryId':
      return { ...next, ...normalisePath({ ...state, subcategoryId: change.value, subSubcategoryId: null }) };
    case 'subSubcategoryId':
      return { ...next, ...normalisePath({ ...state, subSubcategoryId: change.value }) };
  }
}

/** Clear Filters: every filter, the search and the folder, back to page 1 of the list. */
export function clearFilters(state: FormsBrowseState): FormsBrowseState {
  return { ...START, view: state.view };
}

/** Whether any filter of the list is set (Clear Filters is offered then). */
export function hasFilters(state: FormsBrowseState): boolean {
  return (
    state.search.trim() !== '' ||
    state.language !== '' ||
    state.visibility !== '' ||
    state.dateFrom !== '' ||
    state.dateTo !== '' ||
    state.categoryId !== null
  );
}

export function goToPage(state: FormsBrowseState, page: number): FormsBrowseState {
  return { ...state, page: Math.max(1, Math.floor(page)) };
}
