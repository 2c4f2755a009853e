import { csvDocument, csvRow } from '@srpf/shared/common/csv';
import {
  MESSAGES_CSV_HEADER,
  MESSAGES_EXPORT_MAX_ROWS,
  maySeeUnmatchedMessages,
  mayUseMessaging,
  messagesCsvFileName,
  messagingRecordScope,
  paginationOf,
  type Actor,
  type TMessage,
  type TMessagesExportQuery,
  type TMessagesQuery,
  type TMessagingStats,
  type TPagination,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { forceDate } from '../../lib/clock.js';
import { forbidden } from '../../lib/errors.js';
import {
  countMessages,
  listMessages,
  messagingStats,
  type MessageFilters,
  type MessagesReach,
} from './whatsapp.messaging.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows fetched per round while an export streams. */
const EXPORT_BATCH = 1000;

/** Whose messages an actor reads (refused without send_whatsapp). */
export function reachOf(actor: Actor): MessagesReach {
  if (!mayUseMessaging(actor)) throw forbidden();
  return { scope: messagingRecordScope(actor), unmatched: maySeeUnmatchedMessages(actor) };
}

/** The messaging overview's figures, list and export (issue 31), scoped to the actor's companies. */
export function createMessagingService(context: AppContext) {
  const { db, clock, config } = context;
  // What the list shows as the force's side of a conversation: the Cloud API's number id, else the product's name.
  const businessNumber = config.whatsapp.provider === 'cloud' ? config.whatsapp.phoneNumberId : 'srpf';

  return {
    async stats(actor: Actor, days: number): Promise<TMessagingStats> {
      const reach = reachOf(actor);
      return messagingStats(db, reach, new Date(clock.now().getTime() - days * DAY_MS), days);
    },

    async list(actor: Actor, query: TMessagesQuery): Promise<{ data: TMessage[]; pagination: TPagination }> {
      const reach = reachOf(actor);
      const filters: MessageFilters = { search: query.search, status: query.status, direction: query.direction };
      const [data, total] = await Promise.all([
        listMessages(db, reach, businessNumber, filters, {
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        }),
        countMessages(db, reach, businessNumber, filters),
      ]);
      return { data, pagination: paginationOf(query.page, query.limit, total) };
    },

    /** The refusal happens here, before the answer starts; the rows then stream in batches. */
    prepareExport(actor: Actor, query: TMessagesExportQuery, ip: string | null) {
      const reach = reachOf(actor);
      const now = clock.now();
      const filters: MessageFilters = {
        search: query.search,
        status: query.status,
        direction: query.direction,
        until: now,
        ...(query.days ? { since: new Date(now.getTime() - query.days * DAY_MS) } : {}),
      };
      return {
        fileName: messagesCsvFileName(forceDate(now)),
        async *rows(): AsyncGenerator<string> {
          const total = Math.min(await countMessages(db, reach, businessNumber, filters), MESSAGES_EXPORT_MAX_ROWS);
          await audit(db, {
            actorId: actor.userId,
            action: 'whatsapp.export',
            entityType: 'whatsapp_message',
            outcome: 'success',
            ip,
            details: {
              rows: total,
              search: query.search ?? null,
              status: query.status ?? null,
              direction: query.direction ?? null,
              days: query.days ?? null,
            },
          });
          yield csvDocument([csvRow(MESSAGES_CSV_HEADER)]);
          // Offsets are stable: the list ends at the export's start, so messages arriving meanwhile stay out.
          for (let offset = 0; offset < total; offset += EXPORT_BATCH) {
            const batch = await listMessages(db, reach, businessNumber, filters, {
              limit: Math.min(EXPORT_BATCH, total - offset),
              offset,
            });
            if (batch.length === 0) return;
            yield `${batch.map(messageCsvRow).join('\r\n')}\r\n`;
          }
        },
      };
    },
  };
}
export type MessagingService = ReturnType<typeof createMessagingService>;

const messageCsvRow = (message: TMessage): string =>
  csvRow([
    message.id,
    message.created_at,
    message.direction,
    message.status,
    message.from_number,
    message.to_number,
    message.contact_name,
    message.message_type,
    message.body,
  ]);
