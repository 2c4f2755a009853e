import { FORMS_PAGE_DEFAULT, type FormLanguage } from '@srpf/shared/forms/forms.rules';
import type { FormsBrowseState } from './forms-browse';

/** The parameters of GET /forms and GET /forms/hierarchical (section 7), blanks left out. */
export interface FormListParams {
  page: number;
  limit: number;
  search?: string;
  language?: FormLanguage;
  categoryId?: number;
  subcategoryId?: number;
  subSubcategoryId?: number;
  isPublic?: boolean;
  dateFrom?: string;
  dateTo?: string;
}

export interface FormListRequest {
  /** GET /forms/hierarchical when a folder filter is set, GET /forms otherwise (section 7). */
  hierarchical: boolean;
  params: FormListParams;
}

/** What the list asks the server for, from where the user is. */
export function formListRequest(state: FormsBrowseState, limit: number = FORMS_PAGE_DEFAULT): FormListRequest {
  const params: FormListParams = { page: Math.max(1, state.page), limit };
  const search = state.search.trim();
  if (search) params.search = search;
  if (state.language) params.language = state.language;
  if (state.categoryId !== null) params.categoryId = state.categoryId;
  if (state.categoryId !== null && state.subcategoryId !== null) params.subcategoryId = state.subcategoryId;
  if (state.subcategoryId !== null && state.subSubcategoryId !== null) params.subSubcategoryId = state.subSubcategoryId;
  if (state.visibility) params.isPublic = state.visibility === 'public';
  if (state.dateFrom) params.dateFrom = state.dateFrom;
  if (state.dateTo) params.dateTo = state.dateTo;
  return { hierarchical: state.categoryId !== null, params };
}
