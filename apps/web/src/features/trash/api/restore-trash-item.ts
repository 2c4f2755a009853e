import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTrashItemRequest, TTrashRestoreResponse } from '@srpf/shared';
import type { Library } from '@srpf/shared/libraries/libraries.rules';
import { api } from '../../../lib/api-client';
import { libraryQueryKey, trashKeys } from './query-keys';

export type RestoredItem = TTrashRestoreResponse['data']['restored'];

/** POST /trash/restore {kind, id}: back into its folder, or the library's top when that folder is gone. */
export async function restoreTrashItem(item: TTrashItemRequest): Promise<RestoredItem> {
  return (await api<TTrashRestoreResponse>('/trash/restore', { method: 'POST', body: { kind: item.kind, id: item.id } })).data.restored;
}

export function useRestoreTrashItem(library: Library) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTrashItem,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: trashKeys.lists }), queryClient.invalidateQueries({ queryKey: libraryQueryKey(library) })]),
  });
}
