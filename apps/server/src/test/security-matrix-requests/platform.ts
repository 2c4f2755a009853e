/**
 * The permission matrix's fixture map: for each route (and variant) of docs/security-matrix.json, a
 * valid request on a fresh record of the cell's kind, so that an allowed actor gets 200/201 and a
 * refused one the refusal the matrix expects.
 */
import { type Fixture, freshSession, get } from './fixture.js';

/** The permission matrix's requests of platform (see ./fixture.ts). */
export const PLATFORM_FIXTURES: Record<string, Fixture> = {
  'GET /api/health/live': get('/api/health/live'),
  'GET /api/health/ready': get('/api/health/ready'),
  // No token and no allowed address in the matrix's server: 404 for everyone (modules/metrics/metrics.test.ts has the rest).
  'GET /api/metrics': get('/api/metrics'),
  'GET /api/docs': get('/api/docs'),
  'GET /api/docs/json': get('/api/docs/json'),
  'GET /api/docs/yaml': get('/api/docs/yaml'),
  'GET /api/docs/static/index.html': get('/api/docs/static/index.html'),
  'GET /api/docs/static/swagger-initializer.js': get('/api/docs/static/swagger-initializer.js'),
  'GET /api/docs/*': get('/api/docs/static/swagger-ui.css'),
  'GET /api/admin/openapi.json': get('/api/admin/openapi.json'),
  'GET /api/system-health': get('/api/system-health'),

  'POST /api/auth/login': {
    async prepare({ world }) {
      const person = await world.freshSubject('same_company', null);
      return { url: '/api/auth/login', payload: { email: person.email, password: person.password } };
    },
  },
  'POST /api/auth/refresh': {
    prepare: async ({ world }) => ({
      url: '/api/auth/refresh',
      payload: { refreshToken: (await freshSession(world)).refreshToken },
    }),
  },
  'POST /api/auth/logout': {
    prepare: async ({ world }) => ({
      url: '/api/auth/logout',
      payload: { refreshToken: (await freshSession(world)).refreshToken },
    }),
  },
  'GET /api/auth/me': get('/api/auth/me'),
};
