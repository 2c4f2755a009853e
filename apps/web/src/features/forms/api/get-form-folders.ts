import { queryOptions, useQuery } from '@tanstack/react-query';
import { FORM_FOLDER_KEYS, FORM_FOLDER_PATHS, type FormFolderLevel } from '@srpf/shared/forms/forms.rules';
import type { TFormFolder, TFormFolderListQuery } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { FORMS_REFETCH_INTERVAL_MS, formKeys } from './query-keys';

/**
 * GET /forms/categories, /subcategories or /sub-subcategories (answer data.categories,
 * data.subcategories or data.subSubcategories), filtered by isActive and the parent's id.
 */
export async function getFormFolders(level: FormFolderLevel, query: TFormFolderListQuery = {}): Promise<TFormFolder[]> {
  const body = await api<{ data: Record<string, TFormFolder[] | undefined> }>(`/forms/${FORM_FOLDER_PATHS[level]}`, {
    query: { ...query },
  });
  return body.data[FORM_FOLDER_KEYS[level].many] ?? [];
}

export function formFoldersQueryOptions(level: FormFolderLevel, query: TFormFolderListQuery = {}) {
  return queryOptions({
    queryKey: formKeys.folders(level, query),
    queryFn: () => getFormFolders(level, query),
    refetchInterval: FORMS_REFETCH_INTERVAL_MS,
  });
}

export function useFormFolders(level: FormFolderLevel, query: TFormFolderListQuery = {}, enabled = true) {
  return useQuery({ ...formFoldersQueryOptions(level, query), enabled });
}
