import { describe, expect, it } from 'vitest';
import type { TMessage } from '@srpf/shared/whatsapp/messaging.schemas';
import { conversationsOf, recentOf } from './conversations';

let sequence = 0;
const message = (
  direction: 'inbound' | 'outbound',
  number: string,
  status: TMessage['status'],
  body: string,
): TMessage => {
  sequence += 1;
  return {
    id: `${direction === 'inbound' ? 'in' : 'out'}-${sequence}`,
    from_number: direction === 'inbound' ? number : 'srpf',
    to_number: direction === 'inbound' ? 'srpf' : number,
    contact_name: direction === 'inbound' ? `Person ${number}` : null,
    body,
    created_at: new Date(Date.UTC(2026, 10, 29, 12, 0, 60 - sequence)).toISOString(),
    status,
    direction,
    message_type: 'text',
  };
};

describe('the Recent Messages conversations', () => {
  it('groups by number, counts inbound since the last answer as unread, and colours by who spoke last', () => {
    const list = [
      message('inbound', '911', 'received', 'Second question'),
      message('inbound', '911', 'received', 'First question'),
      message('outbound', '911', 'read', 'Earlier answer'),
      message('outbound', '922', 'delivered', 'Your slip'),
      message('inbound', '922', 'received', 'Slip please'),
      message('outbound', '933', 'failed', 'Notice'),
    ];
    expect(conversationsOf(list)).toEqual([
      expect.objectContaining({
        contact: '911',
        name: 'Person 911',
        lastMessage: 'Second question',
        unreadCount: 2,
        status: 'pending',
        messages: 3,
      }),
      expect.objectContaining({ contact: '922', name: 'Person 922', unreadCount: 0, status: 'completed', messages: 2 }),
      expect.objectContaining({ contact: '933', name: null, unreadCount: 0, status: 'other', messages: 1 }),
    ]);
  });

  it('shows six conversations and leaves the other messages for the panel', () => {
    const list = Array.from({ length: 8 }, (_, index) => message('outbound', `9${index}`, 'sent', 'Hello'));
    const { conversations, more } = recentOf(list, 20);
    expect(conversations).toHaveLength(6);
    expect(more).toBe(14);
  });
});
