import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TFormListResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { FORMS_REFETCH_INTERVAL_MS, formKeys, type FormListQuery } from './query-keys';

/** GET /forms: newest first, with the filters of section 7 (answer data + pagination with `pages`). */
export function getForms(query: FormListQuery): Promise<TFormListResponse> {
  return api<TFormListResponse>('/forms', { query: { ...query } });
}

/** GET /forms/hierarchical: the same filters, in folder order (used when a folder filter is set). */
export function getHierarchicalForms(query: FormListQuery): Promise<TFormListResponse> {
  return api<TFormListResponse>('/forms/hierarchical', { query: { ...query } });
}

export function formsQueryOptions(query: FormListQuery) {
  return queryOptions({
    queryKey: formKeys.list(query),
    queryFn: () => getForms(query),
    refetchInterval: FORMS_REFETCH_INTERVAL_MS,
    // A new page or filter keeps the last rows on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function hierarchicalFormsQueryOptions(query: FormListQuery) {
  return queryOptions({
    queryKey: formKeys.hierarchical(query),
    queryFn: () => getHierarchicalForms(query),
    refetchInterval: FORMS_REFETCH_INTERVAL_MS,
    placeholderData: keepPreviousData,
  });
}

export function useForms(query: FormListQuery, enabled = true) {
  return useQuery({ ...formsQueryOptions(query), enabled });
}

export function useHierarchicalForms(query: FormListQuery, enabled = true) {
  return useQuery({ ...hierarchicalFormsQueryOptions(query), enabled });
}
