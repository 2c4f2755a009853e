import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TCampaign,
  TCampaignRequest,
  TCampaignSendResult,
  TWhatsappTemplates,
  ZCampaignAudienceResponse,
  ZCampaignListResponse,
  ZCampaignResponse,
  ZCampaignSendResponse,
  ZWhatsappTemplatesResponse,
} from '@srpf/shared';
import { api } from '../../../../lib/api-client';

/**
 * Broadcast campaigns (issue 31): GET /whatsapp/campaigns (limit 10, document 2 sections 7 and 9),
 * the approved templates, and a campaign's save, send, schedule and cancel. Every key starts with
 * ['whatsapp', 'campaigns'], so any change reloads the list.
 */
export const campaignKeys = {
  all: ['whatsapp', 'campaigns'] as const,
  list: (page: number) => ['whatsapp', 'campaigns', 'list', page] as const,
  templates: ['whatsapp', 'campaigns', 'templates'] as const,
  audience: (id: number) => ['whatsapp', 'campaigns', 'audience', id] as const,
};
export const CAMPAIGNS_LIMIT = 10;
/** While a campaign is going out, its counts move: the list reloads every 15 s. */
export const CAMPAIGNS_REFETCH_MS = 15_000;

type CampaignResponse = z.infer<typeof ZCampaignResponse>;

export function useCampaigns(page: number) {
  return useQuery({
    queryKey: campaignKeys.list(page),
    queryFn: async () =>
      api<z.infer<typeof ZCampaignListResponse>>('/whatsapp/campaigns', {
        query: { limit: CAMPAIGNS_LIMIT, page },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: CAMPAIGNS_REFETCH_MS,
  });
}

export function useTemplates(enabled: boolean) {
  return useQuery({
    queryKey: campaignKeys.templates,
    queryFn: async (): Promise<TWhatsappTemplates> =>
      (await api<z.infer<typeof ZWhatsappTemplatesResponse>>('/whatsapp/templates')).data,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** How many people the campaign would go to now (the Send confirmation asks the server, never counts itself). */
export async function getAudience(id: number) {
  return (await api<z.infer<typeof ZCampaignAudienceResponse>>(`/whatsapp/campaigns/${id}/audience`)).data;
}

function useCampaignMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

/** New Campaign (POST) or Edit (PUT): the whole draft. */
export function useSaveCampaign() {
  return useCampaignMutation(
    async ({ id, body }: { id: number | null; body: TCampaignRequest }): Promise<TCampaign> =>
      (
        await api<CampaignResponse>(id === null ? '/whatsapp/campaigns' : `/whatsapp/campaigns/${id}`, {
          method: id === null ? 'POST' : 'PUT',
          body,
        })
      ).data.campaign,
  );
}

export function useSendCampaign() {
  return useCampaignMutation(
    async (id: number): Promise<TCampaignSendResult> =>
      (await api<z.infer<typeof ZCampaignSendResponse>>(`/whatsapp/campaigns/${id}/send`, { method: 'POST' })).data,
  );
}

export function useScheduleCampaign() {
  return useCampaignMutation(
    async ({ id, scheduledAt }: { id: number; scheduledAt: string }): Promise<TCampaign> =>
      (
        await api<CampaignResponse>(`/whatsapp/campaigns/${id}/schedule`, {
          method: 'POST',
          body: { scheduled_at: scheduledAt },
        })
      ).data.campaign,
  );
}

export function useCancelSchedule() {
  return useCampaignMutation(
    async (id: number): Promise<TCampaign> =>
      (await api<CampaignResponse>(`/whatsapp/campaigns/${id}/cancel`, { method: 'POST' })).data.campaign,
  );
}
