import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TTrashListResponse } from '@srpf/shared';
import type { TrashLibrary } from '@srpf/shared/trash/trash.rules';
import { api } from '../../../lib/api-client';
import type { TrashListQuery } from '../lib/trash-params';
import { TRASH_REFETCH_INTERVAL_MS, trashKeys } from './query-keys';

/** GET /trash?library=&page=&limit= (manage_trash): one library's deleted items, newest deletion first. */
export function getTrash(library: TrashLibrary, query: TrashListQuery): Promise<TTrashListResponse> {
  return api<TTrashListResponse>('/trash', { query: { library, ...query } });
}

export function trashQueryOptions(library: TrashLibrary, query: TrashListQuery) {
  return queryOptions({
    queryKey: trashKeys.list(library, query),
    queryFn: () => getTrash(library, query),
    refetchInterval: TRASH_REFETCH_INTERVAL_MS,
    // Another page keeps the last rows on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useTrash(library: TrashLibrary, query: TrashListQuery, enabled = true) {
  return useQuery({ ...trashQueryOptions(library, query), enabled });
}
