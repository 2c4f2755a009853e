import { describe, expect, it } from 'vitest';
import {
  canGoBack,
  changeFilter,
  clearFilters,
  formsParams,
  goBack,
  goHome,
  goToLevel,
  hasFilters,
  listFolder,
  parseFormsParams,
  searchFor,
  START,
  switchView,
  type FormsBrowseState,
} from './forms-browse';
import { formListRequest } from './form-list-query';
import { openFolder } from './folder-navigation';

const parse = (query: string) => parseFormsParams(new URLSearchParams(query));
const state = (change: Partial<FormsBrowseState>): FormsBrowseState => ({ ...START, ...change });

describe('the address of /forms', () => {
  it('reads every filter and writes it back the same', () => {
    const query =
      'view=list&category=3&subcategory=7&subSubcategory=9&q=gpf&language=mr&visibility=private&dateFrom=2026-01-01&dateTo=2026-02-28&page=2';
    const read = parse(query);
    expect(read).toEqual({
      view: 'list',
      categoryId: 3,
      subcategoryId: 7,
      subSubcategoryId: 9,
      search: 'gpf',
      language: 'mr',
      visibility: 'private',
      dateFrom: '2026-01-01',
      dateTo: '2026-02-28',
      page: 2,
      fromFolders: false,
    });
    expect(formsParams(read).toString()).toBe(query);
  });

  it('drops what is not valid: bad ids, a level without its parent, unknown values, impossible dates', () => {
    expect(
      parse('category=abc&subcategory=4&language=de&visibility=secret&dateFrom=2026-02-30&dateTo=tomorrow&page=-1'),
    ).toEqual(START);
    expect(parse('category=0')).toEqual(START);
    expect(parse('category=99999999999').categoryId).toBeNull();
    expect(parse('category=2&subSubcategory=5')).toMatchObject({
      categoryId: 2,
      subcategoryId: null,
      subSubcategoryId: null,
    });
  });

  it('the default state is an empty address', () => {
    expect(formsParams(START).toString()).toBe('');
  });

  it('keeps "opened from a folder card" only for a list of a folder', () => {
    expect(parse('view=list&category=3&via=folders').fromFolders).toBe(true);
    expect(parse('view=list&via=folders').fromFolders).toBe(false);
    expect(parse('category=3&via=folders').fromFolders).toBe(false);
  });
});

describe('navigation', () => {
  const inCategory = state({ categoryId: 1 });

  it('a folder with subfolders opens the next level', () => {
    const opening = openFolder(
      START,
      { path: { categoryId: 1, subcategoryId: null, subSubcategoryId: null }, subfolders: 2, formCount: 5 },
      true,
    );
    expect(opening).toEqual({ kind: 'browse', state: { ...START, categoryId: 1 } });
  });

  it('a folder with forms and no subfolders switches to the list filtered to it', () => {
    const path = { categoryId: 1, subcategoryId: 4, subSubcategoryId: null };
    const opening = openFolder(inCategory, { path, subfolders: 0, formCount: 3 }, true);
    expect(opening).toEqual({ kind: 'list', state: { ...inCategory, ...path, view: 'list', fromFolders: true } });
  });

  it('an empty folder opens the upload prefilled with it; for someone who may not upload, its (empty) list', () => {
    const path = { categoryId: 1, subcategoryId: 4, subSubcategoryId: 8 };
    expect(openFolder(inCategory, { path, subfolders: 0, formCount: 0 }, true)).toEqual({
      kind: 'upload',
      folder: path,
    });
    expect(openFolder(inCategory, { path, subfolders: 0, formCount: 0 }, false).kind).toBe('list');
  });

  it('a sub-subcategory never opens a deeper level', () => {
    const path = { categoryId: 1, subcategoryId: 4, subSubcategoryId: 8 };
    expect(openFolder(inCategory, { path, subfolders: 3, formCount: 1 }, true).kind).toBe('list');
  });

  it('Back pops one level; a list opened from a card returns to the folders it came from', () => {
    const deep = state({ categoryId: 1, subcategoryId: 4, subSubcategoryId: 8, page: 3 });
    expect(goBack(deep)).toMatchObject({
      categoryId: 1,
      subcategoryId: 4,
      subSubcategoryId: null,
      page: 1,
      view: 'folders',
    });
    expect(goBack(goBack(deep))).toMatchObject({ categoryId: 1, subcategoryId: null });
    expect(goBack(goBack(goBack(deep)))).toMatchObject({ categoryId: null });

    const opened = listFolder(state({ categoryId: 1 }), { categoryId: 1, subcategoryId: 4, subSubcategoryId: null });
    expect(goBack(opened)).toMatchObject({ view: 'folders', categoryId: 1, subcategoryId: null, fromFolders: false });
  });

  it('Back in a list without a folder, at the root, returns to the categories', () => {
    const list = state({ view: 'list', language: 'mr' });
    expect(canGoBack(list)).toBe(true);
    expect(goBack(list)).toMatchObject({ view: 'folders', categoryId: null, language: 'mr' });
    expect(canGoBack(START)).toBe(false);
    expect(goBack(START)).toEqual(START);
  });

  it('Back in a list filtered by a folder widens the filter and stays in the list', () => {
    expect(goBack(state({ view: 'list', categoryId: 1, subcategoryId: 4 }))).toMatchObject({
      view: 'list',
      categoryId: 1,
      subcategoryId: null,
    });
  });

  it('Home and the breadcrumb go to their level', () => {
    const opened = listFolder(state({ categoryId: 1 }), { categoryId: 1, subcategoryId: 4, subSubcategoryId: null });
    expect(goHome(opened)).toMatchObject({ view: 'folders', categoryId: null, subcategoryId: null });
    expect(goHome(state({ view: 'list', categoryId: 2, search: 'x' }))).toMatchObject({
      view: 'list',
      categoryId: null,
      search: 'x',
    });
    expect(goToLevel(opened, { categoryId: 1, subcategoryId: null, subSubcategoryId: null })).toMatchObject({
      view: 'folders',
      categoryId: 1,
      subcategoryId: null,
    });
  });

  it('the folders view of a sub-subcategory shows its subcategory', () => {
    expect(
      switchView(state({ view: 'list', categoryId: 1, subcategoryId: 4, subSubcategoryId: 8, page: 2 }), 'folders'),
    ).toMatchObject({
      view: 'folders',
      subcategoryId: 4,
      subSubcategoryId: null,
      page: 1,
    });
    expect(switchView(state({ categoryId: 1 }), 'list')).toMatchObject({ view: 'list', categoryId: 1 });
  });

  it('searching moves to the list; clearing the search stays', () => {
    expect(searchFor(state({ page: 4 }), '  gpf ')).toMatchObject({ view: 'list', search: 'gpf', page: 1 });
    expect(searchFor(state({ view: 'list', search: 'gpf' }), '')).toMatchObject({ view: 'list', search: '' });
  });
});

describe('filters', () => {
  const filtered = state({
    view: 'list',
    categoryId: 1,
    subcategoryId: 4,
    subSubcategoryId: 8,
    page: 5,
    language: 'en',
  });

  it('any change goes back to page 1', () => {
    expect(changeFilter(filtered, { field: 'language', value: 'mr' })).toMatchObject({ language: 'mr', page: 1 });
    expect(changeFilter(filtered, { field: 'visibility', value: 'public' })).toMatchObject({
      visibility: 'public',
      page: 1,
    });
    expect(changeFilter(filtered, { field: 'dateFrom', value: '2026-03-01' })).toMatchObject({
      dateFrom: '2026-03-01',
      page: 1,
    });
    expect(changeFilter(filtered, { field: 'dateTo', value: 'not a date' })).toMatchObject({ dateTo: '', page: 1 });
  });

  it('a category resets the two levels below, a subcategory the sub-subcategory', () => {
    expect(changeFilter(filtered, { field: 'categoryId', value: 2 })).toMatchObject({
      categoryId: 2,
      subcategoryId: null,
      subSubcategoryId: null,
    });
    expect(changeFilter(filtered, { field: 'subcategoryId', value: 5 })).toMatchObject({
      categoryId: 1,
      subcategoryId: 5,
      subSubcategoryId: null,
    });
    expect(changeFilter(filtered, { field: 'subSubcategoryId', value: null })).toMatchObject({
      subcategoryId: 4,
      subSubcategoryId: null,
    });
    expect(changeFilter(state({}), { field: 'subcategoryId', value: 5 })).toMatchObject({
      categoryId: null,
      subcategoryId: null,
    });
  });

  it('Clear Filters resets everything but the view', () => {
    const busy = state({ ...filtered, search: 'x', visibility: 'private', dateFrom: '2026-01-01' });
    expect(hasFilters(busy)).toBe(true);
    expect(clearFilters(busy)).toEqual({ ...START, view: 'list' });
    expect(hasFilters(clearFilters(busy))).toBe(false);
  });
});

describe('the list request', () => {
  it('asks GET /forms without a folder, blanks left out, page size 20', () => {
    expect(formListRequest(state({ page: 2 }))).toEqual({ hierarchical: false, params: { page: 2, limit: 20 } });
  });

  it('asks GET /forms/hierarchical with a folder, and sends every filter', () => {
    const request = formListRequest(
      state({
        view: 'list',
        categoryId: 1,
        subcategoryId: 4,
        search: ' gpf ',
        language: 'mr',
        visibility: 'private',
        dateFrom: '2026-01-01',
        dateTo: '2026-01-31',
      }),
    );
    expect(request).toEqual({
      hierarchical: true,
      params: {
        page: 1,
        limit: 20,
        categoryId: 1,
        subcategoryId: 4,
        search: 'gpf',
        language: 'mr',
        isPublic: false,
        dateFrom: '2026-01-01',
        dateTo: '2026-01-31',
      },
    });
    expect(formListRequest(state({ visibility: 'public' })).params.isPublic).toBe(true);
  });
});
