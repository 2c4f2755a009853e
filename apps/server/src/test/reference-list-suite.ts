import { describe, expect, it } from 'vitest';
import type { TestApp } from './test-app.js';

type Request = Awaited<ReturnType<TestApp['as']>>;

/** A reference list (companies, designations): records of a name, a unique code and an active flag, changed with manage_companies. */
export interface ReferenceList {
  /** '/api/companies' */
  url: string;
  /** The key one record answers under: 'company'. */
  key: string;
  /** The record's word in messages: 'Company'. */
  noun: string;
  build(t: TestApp): Promise<{ id: number; name: string; code: string }>;
}

/**
 * The behaviour every reference list shares; each list's test file adds its own data and rules.
 * `use` is read when the tests run, after the file's beforeAll has built the app.
 */
export function describeReferenceList(
  list: ReferenceList,
  use: () => { t: TestApp; asAdmin: Request; asViewer: Request },
) {
  // The area of the error reasons is the list's path: '/api/companies' → `companies.not_found`.
  const area = list.url.replace('/api/', '');
  describe(`${list.url}: what every reference list does`, () => {
    it('GET needs a token and valid parameters', async () => {
      const { t, asViewer } = use();
      expect((await t.app.inject({ method: 'GET', url: list.url })).statusCode).toBe(401);
      for (const query of ['limit=1001', 'page=0', 'page=-1', 'active=yes', 'active=1', `search=${'x'.repeat(101)}`]) {
        expect((await asViewer({ method: 'GET', url: `${list.url}?${query}` })).statusCode, query).toBe(400);
      }
    });

    it('GET {id} needs a token, answers 404 when unknown and 400 when malformed', async () => {
      const { t, asViewer } = use();
      const record = await list.build(t);
      expect((await t.app.inject({ method: 'GET', url: `${list.url}/${record.id}` })).statusCode).toBe(401);
      expect((await asViewer({ method: 'GET', url: `${list.url}/99999` })).json().error).toEqual({
        code: 'NOT_FOUND',
        message: `${list.noun} not found`,
        reason: `${area}.not_found`,
        params: {},
      });
      for (const id of ['abc', '0'])
        expect((await asViewer({ method: 'GET', url: `${list.url}/${id}` })).statusCode, id).toBe(400);
    });

    it('POST needs a token and manage_companies', async () => {
      const { t, asViewer } = use();
      const payload = { name: 'Refused', code: 'REFUSED' };
      expect((await t.app.inject({ method: 'POST', url: list.url, payload })).statusCode).toBe(401);
      expect((await asViewer({ method: 'POST', url: list.url, payload })).statusCode).toBe(403);
    });

    it('POST creates, active by default, and refuses a code already used in any case with 409', async () => {
      const { asAdmin } = use();
      const response = await asAdmin({
        method: 'POST',
        url: list.url,
        payload: { name: ` New ${list.noun} `, code: 'NEW-1' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        message: `${list.noun} created successfully`,
        data: { [list.key]: { name: `New ${list.noun}`, code: 'NEW-1', active: true } },
      });
      const duplicate = await asAdmin({ method: 'POST', url: list.url, payload: { name: 'Another', code: 'new-1' } });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().error).toEqual({
        code: 'ALREADY_EXISTS',
        message: `${list.noun} code already exists`,
        reason: `${area}.code_taken`,
        params: {},
        field: 'code',
      });
    });

    it(`PUT needs a token, manage_companies, valid input and a known ${list.noun.toLowerCase()}`, async () => {
      const { t, asAdmin, asViewer } = use();
      const record = await list.build(t);
      const url = `${list.url}/${record.id}`;
      expect((await t.app.inject({ method: 'PUT', url, payload: {} })).statusCode).toBe(401);
      expect((await asViewer({ method: 'PUT', url, payload: { name: 'New' } })).statusCode).toBe(403);
      for (const payload of [{ name: '' }, { code: ' ' }])
        expect((await asAdmin({ method: 'PUT', url, payload })).statusCode).toBe(400);
      expect((await asAdmin({ method: 'PUT', url: `${list.url}/99999`, payload: { name: 'New' } })).statusCode).toBe(
        404,
      );
    });

    it('PUT updates what is sent, and refuses another record’s code in any case with 409', async () => {
      const { t, asAdmin } = use();
      const record = await list.build(t);
      const other = await list.build(t);
      const url = `${list.url}/${record.id}`;
      const response = await asAdmin({
        method: 'PUT',
        url,
        payload: { name: `${record.name} renamed`, active: false },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: `${list.noun} updated successfully`,
        data: { [list.key]: { name: `${record.name} renamed`, code: record.code, active: false } },
      });
      const duplicate = await asAdmin({ method: 'PUT', url, payload: { code: other.code.toLowerCase() } });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().error.field).toBe('code');
    });
  });
}
