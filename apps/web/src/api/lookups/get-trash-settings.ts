import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTrashSettingsResponse } from '@srpf/shared';
import { api } from '../../lib/api-client';

/**
 * GET /trash/settings (any signed-in user): how many days a deleted document or folder can still be
 * restored. The delete confirmations of the libraries and the trash screen say it; it changes only
 * with the server's configuration, so it is read once an hour.
 */
export const trashSettingsQueryOptions = queryOptions({
  queryKey: ['trash', 'settings'] as const,
  queryFn: async () => (await api<TTrashSettingsResponse>('/trash/settings')).data,
  staleTime: 60 * 60_000,
});

/** `enabled: false` until the answer may be needed (a screen whose user may delete fetches it ahead). */
export function useTrashSettings(enabled = true) {
  return useQuery({ ...trashSettingsQueryOptions, enabled });
}
