import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTrashItemRequest } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { trashKeys } from './query-keys';

/**
 * DELETE /trash/{kind}/{id}?library=: removed for good now, rows and files, without waiting for the
 * retention. The library says whose item it is (the document libraries and the forms library both have categories).
 */
export function purgeTrashItem(item: TTrashItemRequest): Promise<{ success: true; message: string }> {
  return api(`/trash/${item.kind}/${item.id}`, { method: 'DELETE', query: { library: item.library } });
}

export function usePurgeTrashItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purgeTrashItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trashKeys.lists }),
  });
}
