import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FORM_FOLDER_KEYS, FORM_FOLDER_PATHS, type FormFolderLevel } from '@srpf/shared/forms/forms.rules';
import type { TFormFolder, TUpdateFormFolderRequest } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { formKeys } from './query-keys';

/**
 * The body of a folder save: the folder's fields, with `categoryId` for a subcategory and
 * `subcategoryId` for a sub-subcategory (required on create).
 */
export type FormFolderBody = TUpdateFormFolderRequest;

export interface SaveFormFolderInput {
  /** Absent: a new folder. */
  id?: number;
  body: FormFolderBody;
}

/** POST /forms/{level path}, or PUT /forms/{level path}/{id}; the answer's data.category / subcategory / subSubcategory. */
export async function saveFormFolder(level: FormFolderLevel, { id, body }: SaveFormFolderInput): Promise<TFormFolder> {
  const path = id === undefined ? `/forms/${FORM_FOLDER_PATHS[level]}` : `/forms/${FORM_FOLDER_PATHS[level]}/${id}`;
  const answer = await api<{ data: Record<string, TFormFolder | undefined> }>(path, {
    method: id === undefined ? 'POST' : 'PUT',
    body,
  });
  const folder = answer.data[FORM_FOLDER_KEYS[level].one];
  if (!folder) throw new Error(`The answer has no data.${FORM_FOLDER_KEYS[level].one}`);
  return folder;
}

export function useSaveFormFolder(level: FormFolderLevel) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveFormFolderInput) => saveFormFolder(level, input),
    // A folder's name shows in lists (category paths), the tree and the counts: all of ['forms'].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}
