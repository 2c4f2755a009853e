import { describe, expect, it } from 'vitest';
import { groupOperations, typeOf } from './api-operations';

const document = {
  paths: {
    '/api/users/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      delete: { tags: ['users'], summary: 'Delete a user', security: [{ bearer: [] }] },
      get: { tags: ['users'], summary: 'One user', security: [{ bearer: [] }] },
    },
    '/api/auth/login': {
      post: {
        tags: ['auth'],
        description: 'Sign in',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['email', 'password'],
                properties: {
                  email: { type: 'string', format: 'email' },
                  password: { type: 'string' },
                  token_delivery: { type: 'string', enum: ['cookie', 'body'] },
                },
              },
            },
          },
        },
      },
    },
    '/api/users/': {
      get: {
        tags: ['users'],
        parameters: [{ name: 'page', in: 'query', schema: { anyOf: [{ type: 'integer' }, { type: 'null' }] } }],
        security: [{ bearer: [] }],
      },
    },
    '/api/health/live': { get: { summary: 'Liveness' } },
  },
};

describe('groupOperations', () => {
  const groups = groupOperations(document);

  it('groups by first tag, by name, untagged last; paths in order, then the methods in order', () => {
    expect(groups.map((group) => group.tag)).toEqual(['auth', 'users', null]);
    expect(groups[1]!.operations.map((op) => `${op.method} ${op.path}`)).toEqual([
      'GET /api/users/',
      'GET /api/users/{id}',
      'DELETE /api/users/{id}',
    ]);
  });

  it('lists path-level, operation and JSON body parameters with their types', () => {
    const login = groups[0]!.operations[0]!;
    expect(login).toMatchObject({ summary: 'Sign in', signedIn: false, bodyTypes: ['application/json'] });
    expect(login.parameters).toEqual([
      { name: 'email', location: 'body', required: true, type: 'string (email)' },
      { name: 'password', location: 'body', required: true, type: 'string' },
      { name: 'token_delivery', location: 'body', required: false, type: 'cookie | body' },
    ]);
    const remove = groups[1]!.operations[2]!;
    expect(remove).toMatchObject({ summary: 'Delete a user', signedIn: true });
    expect(remove.parameters).toEqual([{ name: 'id', location: 'path', required: true, type: 'integer' }]);
    expect(groups[1]!.operations[0]!.parameters).toEqual([
      { name: 'page', location: 'query', required: false, type: 'integer' },
    ]);
  });

  it('reads a type in a few words', () => {
    expect(typeOf({ type: ['string', 'null'] })).toBe('string');
    expect(typeOf(undefined)).toBe('');
  });
});
