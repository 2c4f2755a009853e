import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TMessagingSettings, ZMessagingSettingsResponse } from '@srpf/shared/whatsapp/messaging.schemas';
import { api } from '../../../lib/api-client';
import { whatsappKeys } from './query-keys';

type SettingsResponse = z.infer<typeof ZMessagingSettingsResponse>;

/** GET /whatsapp/settings: provider, last webhook, pause, self-service, billable counts. */
export async function getMessagingSettings(): Promise<TMessagingSettings> {
  return (await api<SettingsResponse>('/whatsapp/settings')).data;
}

export function useMessagingSettings(enabled: boolean) {
  return useQuery({ queryKey: whatsappKeys.settings, queryFn: getMessagingSettings, enabled });
}

/** PUT /whatsapp/settings (administrators): the self-service switch. */
export function useSetSelfService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (selfService: boolean) =>
      (await api<SettingsResponse>('/whatsapp/settings', { method: 'PUT', body: { self_service: selfService } })).data,
    onSuccess: (settings) => queryClient.setQueryData(whatsappKeys.settings, settings),
  });
}

/** POST /whatsapp/queue/resume (administrators): sending goes on; the settings are read again. */
export function useResumeQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/whatsapp/queue/resume', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: whatsappKeys.settings }),
  });
}
