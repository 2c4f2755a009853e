import type { MessageDirection, MessageStatus } from '@srpf/shared/whatsapp/messaging.schemas';

/** The messages' filters as the screen and the panel hold them (blank: all). */
export interface MessageFilters {
  search: string;
  status: MessageStatus | '';
  direction: MessageDirection | '';
}
export const EMPTY_MESSAGE_FILTERS: MessageFilters = { search: '', status: '', direction: '' };

/** Every messaging query starts with ['whatsapp'], so a sent message reloads the figures and the lists. */
export const whatsappKeys = {
  all: ['whatsapp'] as const,
  stats: (days: number) => ['whatsapp', 'stats', days] as const,
  messages: (filters: MessageFilters, page: number, limit: number) =>
    ['whatsapp', 'messages', filters, page, limit] as const,
  settings: ['whatsapp', 'settings'] as const,
};

/** Section 9: the figures every 30 s, the messages every 15 s (only while the tab is visible). */
export const STATS_REFETCH_MS = 30_000;
export const MESSAGES_REFETCH_MS = 15_000;
/** Section 9: a 30-day window, 50 messages. */
export const STATS_DAYS = 30;
export const MESSAGES_LIMIT = 50;
