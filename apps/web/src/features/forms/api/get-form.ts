import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TForm, TFormResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { isMissingForm } from '../lib/form-errors';
import { formKeys } from './query-keys';

/** GET /forms/{id} (answer data.form). */
export async function getForm(id: number): Promise<TForm> {
  return (await api<TFormResponse>(`/forms/${id}`)).data.form;
}

export function formQueryOptions(id: number) {
  return queryOptions({
    queryKey: formKeys.detail(id),
    queryFn: () => getForm(id),
    // A missing form stays missing; asking again only delays 'Form not found'.
    retry: (failures, error) => !isMissingForm(error) && failures < 1,
    staleTime: 30_000,
  });
}

/** One form; null (a malformed id) asks nothing. */
export function useForm(id: number | null) {
  return useQuery({ ...formQueryOptions(id ?? 0), enabled: id !== null });
}
