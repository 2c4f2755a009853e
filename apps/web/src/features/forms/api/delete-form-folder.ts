import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FORM_FOLDER_PATHS, type FormFolderLevel } from '@srpf/shared/forms/forms.rules';
import type { TFormFolderDeleteResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { formKeys, TRASH_QUERY_KEY } from './query-keys';

/** DELETE /forms/{level path}/{id}: to the trash with everything below it; data.forms says how many forms went with it. */
export function deleteFormFolder(level: FormFolderLevel, id: number): Promise<TFormFolderDeleteResponse> {
  return api<TFormFolderDeleteResponse>(`/forms/${FORM_FOLDER_PATHS[level]}/${id}`, { method: 'DELETE' });
}

export function useDeleteFormFolder(level: FormFolderLevel) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteFormFolder(level, id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: formKeys.all }),
        queryClient.invalidateQueries({ queryKey: TRASH_QUERY_KEY }),
      ]),
  });
}
