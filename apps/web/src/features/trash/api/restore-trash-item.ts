import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTrashItemRequest, TTrashRestoreResponse } from '@srpf/shared';
import type { TrashLibrary } from '@srpf/shared/trash/trash.rules';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { libraryQueryKey, trashKeys } from './query-keys';

export type RestoredItem = TTrashRestoreResponse['data']['restored'];

/**
 * POST /trash/restore {kind, id, library}: back into its folder; into its category, or the library's
 * main list, when that folder is gone. The library says whose item it is (the document libraries and
 * the forms library both have categories).
 */
export async function restoreTrashItem(item: TTrashItemRequest): Promise<RestoredItem> {
  return (
    await api<TTrashRestoreResponse>('/trash/restore', {
      method: 'POST',
      body: { kind: item.kind, id: item.id, library: item.library },
    })
  ).data.restored;
}

export function useRestoreTrashItem(library: TrashLibrary) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTrashItem,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trashKeys.lists }),
        queryClient.invalidateQueries({ queryKey: libraryQueryKey(library) }),
      ]),
    // Refused because something changed meanwhile (its category went back to the trash, a folder moved):
    // the list reloads, so what it says about each item is current again.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: trashKeys.lists });
    },
  });
}
