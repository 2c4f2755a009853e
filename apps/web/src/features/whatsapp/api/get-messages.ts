import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMessagesResponse } from '@srpf/shared/whatsapp/messaging.schemas';
import { api } from '../../../lib/api-client';
import { MESSAGES_LIMIT, MESSAGES_REFETCH_MS, whatsappKeys, type MessageFilters } from './query-keys';

export type MessagesPage = z.infer<typeof ZMessagesResponse>;

/** GET /whatsapp/messages: newest first, in and out together. */
export async function getMessages(filters: MessageFilters, page: number, limit: number): Promise<MessagesPage> {
  return api<MessagesPage>('/whatsapp/messages', { query: { ...filters, page, limit } });
}

export function useMessages(filters: MessageFilters, page = 1, enabled = true, limit = MESSAGES_LIMIT) {
  return useQuery({
    queryKey: whatsappKeys.messages(filters, page, limit),
    queryFn: () => getMessages(filters, page, limit),
    refetchInterval: MESSAGES_REFETCH_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}
