import type { TMessage } from '@srpf/shared/whatsapp/messaging.schemas';

/** A conversation as the Recent Messages grid shows it (spec document 2, section 3). */
export interface Conversation {
  /** The other side's number. */
  id: string;
  name: string | null;
  contact: string;
  lastMessage: string | null;
  timestamp: string;
  /** Inbound messages since the force last wrote. */
  unreadCount: number;
  /** completed: the force answered last and it went; pending: waiting for an answer or to go; other: it failed. */
  status: 'completed' | 'pending' | 'other';
  /** How many of the listed messages belong to it. */
  messages: number;
}

const WENT = new Set(['sent', 'delivered', 'read']);

export const contactOf = (message: TMessage) =>
  message.direction === 'inbound' ? message.from_number : message.to_number;

function statusOf(last: TMessage): Conversation['status'] {
  if (last.direction === 'inbound' || last.status === 'queued') return 'pending';
  return WENT.has(last.status) ? 'completed' : 'other';
}

/** Messages (newest first) grouped by the other side's number, the most recent conversation first. */
export function conversationsOf(messages: readonly TMessage[]): Conversation[] {
  const byContact = new Map<string, TMessage[]>();
  for (const message of messages) {
    const contact = contactOf(message);
    const list = byContact.get(contact);
    if (list) list.push(message);
    else byContact.set(contact, [message]);
  }
  return [...byContact.entries()].map(([contact, list]) => {
    const last = list[0]!;
    const lastOutbound = list.findIndex((message) => message.direction === 'outbound');
    const unread = (lastOutbound === -1 ? list : list.slice(0, lastOutbound)).filter(
      (message) => message.direction === 'inbound',
    ).length;
    return {
      id: contact,
      name: list.find((message) => message.contact_name)?.contact_name ?? null,
      contact,
      lastMessage: last.body,
      timestamp: last.created_at,
      unreadCount: unread,
      status: statusOf(last),
      messages: list.length,
    };
  });
}

/** The grid's first conversations, and how many messages are left for 'View N more messages'. */
export const RECENT_CONVERSATIONS = 6;
export function recentOf(messages: readonly TMessage[], total: number) {
  const conversations = conversationsOf(messages).slice(0, RECENT_CONVERSATIONS);
  const shown = conversations.reduce((sum, conversation) => sum + conversation.messages, 0);
  return { conversations, more: Math.max(0, total - shown) };
}
