import { type Fixture, get } from './fixture.js';

/** The permission matrix's requests of the messaging overview (issue 31; see ./fixture.ts). */
export const MESSAGING_FIXTURES: Record<string, Fixture> = {
  'GET /api/whatsapp/stats': get('/api/whatsapp/stats?days=30'),
  'GET /api/whatsapp/messages': get('/api/whatsapp/messages?limit=50'),
  'GET /api/whatsapp/messages/export': get('/api/whatsapp/messages/export'),
  'GET /api/whatsapp/settings': get('/api/whatsapp/settings'),
  'PUT /api/whatsapp/settings': {
    prepare: () => ({ url: '/api/whatsapp/settings', payload: { self_service: false } }),
  },
};
