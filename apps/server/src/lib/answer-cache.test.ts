import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryDocuments } from '../db/schema/libraries.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { answerCache } from './answer-cache.js';

let t: TestApp;
let asViewer: Awaited<ReturnType<TestApp['as']>>;
let asAdmin: Awaited<ReturnType<TestApp['as']>>;

beforeAll(async () => {
  t = await createTestApp({ answerCacheSeconds: 60 });
  asViewer = await t.as('viewer');
  asAdmin = await t.as('admin');
});
afterAll(() => t.close());

const titles = async (request: typeof asViewer) =>
  (await request({ method: 'GET', url: '/api/orders' }))
    .json()
    .data.map((document: { title: string }) => document.title);
const writeBehindTheApi = (title: string) =>
  t.database.db
    .insert(libraryDocuments)
    .values({ library: 'orders', title, effective_date: '2026-11-20', search_text: title.toLowerCase() });

describe('kept answers of lists and the dashboard', () => {
  it('serves a list again until a change goes through the API, per user, and a refused change keeps it', async () => {
    await writeBehindTheApi('Parade order');
    expect(await titles(asViewer)).toEqual(['Parade order']);

    // A row written behind the API's back is not seen while the kept answer lives…
    await writeBehindTheApi('Written behind the API');
    expect(await titles(asViewer)).toEqual(['Parade order']);
    // …by this user; another user's first call reads the database.
    expect(await titles(asAdmin)).toEqual(['Written behind the API', 'Parade order']);

    // A refused change (400) changes nothing, so the kept answer stays.
    expect((await asAdmin({ method: 'POST', url: '/api/orders', payload: { title: '' } })).statusCode).toBe(400);
    expect(await titles(asViewer)).toEqual(['Parade order']);

    // Any change through the API starts afresh: everyone sees everything at once.
    expect(
      (
        await asAdmin({
          method: 'POST',
          url: '/api/orders',
          payload: { title: 'Bandobast order', effective_date: '2026-11-21' },
        })
      ).statusCode,
    ).toBe(201);
    expect(await titles(asViewer)).toEqual(['Bandobast order', 'Written behind the API', 'Parade order']);
  });

  it('keeps the dashboard’s answer until an appointment is booked', async () => {
    // An administrator counts every appointment, the one built below (company 1, nobody's) included.
    const kpis = async () =>
      (await asAdmin({ method: 'GET', url: '/api/kpis/daily?days=1' })).json().data.summary.appointments;
    const before = await kpis();
    await t.buildAppointment();
    expect(await kpis()).toBe(before);
    expect(
      (
        await asAdmin({
          method: 'POST',
          url: '/api/orders',
          payload: { title: 'Any change', effective_date: '2026-11-21' },
        })
      ).statusCode,
    ).toBe(201);
    expect(await kpis()).toBe(before + 1);
  });

  it('answers a burst of the same question once computed, to everyone waiting', async () => {
    expect(
      (
        await asAdmin({
          method: 'POST',
          url: '/api/orders',
          payload: { title: 'Burst order', effective_date: '2026-11-21' },
        })
      ).statusCode,
    ).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => asViewer({ method: 'GET', url: '/api/orders?limit=5' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0]!.json().data[0].title).toBe('Burst order');
    expect(answers[7]!.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('never answers a kept answer without the token check', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
  });
});

describe('the memory bound of kept answers', () => {
  it('forgets the oldest answers first once the kept text passes the bound', async () => {
    const app = Fastify();
    app.decorateRequest('auth', null);
    app.addHook('onRequest', (request, _reply, done) => {
      request.auth = {
        userId: 1,
        role: 'viewer',
        mustChangePassword: false,
        companyId: 1,
        overseenCompanyIds: [],
        grants: [],
        approvalRole: null,
        sessionVersion: 0,
        endedSessionIds: new Set(),
      };
      done();
    });
    await app.register(answerCache, { seconds: 60, maxCharacters: 50 });
    let computed = 0;
    app.get('/answer/:name', { config: { cacheAnswer: true } }, async () => {
      computed += 1;
      return { computed, padding: 'x'.repeat(10) };
    });
    const ask = async (name: string) => (await app.inject({ method: 'GET', url: `/answer/${name}` })).json().computed;

    expect(await ask('first')).toBe(1);
    expect(await ask('first')).toBe(1);
    expect(await ask('second')).toBe(2);
    // Two answers of about 35 characters pass the bound of 50: the first was forgotten.
    expect(await ask('second')).toBe(2);
    expect(await ask('first')).toBe(3);
    await app.close();
  });
});

describe('kept answers on several server instances', () => {
  it('a change through one instance drops the answers another kept, within 1 s', async () => {
    const instance = await t.secondInstance();
    const second = instance.app;
    try {
      const reader = await t.buildUser();
      const token = await t.signIn(reader.email, reader.password);
      const titlesOnSecond = async () =>
        (await second.inject({ method: 'GET', url: '/api/orders', headers: { authorization: `Bearer ${token}` } }))
          .json()
          .data.map((document: { title: string }) => document.title);
      const kept = await titlesOnSecond();
      await writeBehindTheApi('Seen only after an announced change');
      expect(await titlesOnSecond()).toEqual(kept);

      // A change through the first instance: the second hears of it on the change feed.
      expect(
        (
          await asAdmin({
            method: 'POST',
            url: '/api/orders',
            payload: { title: 'Night patrol order', effective_date: '2026-11-22' },
          })
        ).statusCode,
      ).toBe(201);
      const changedAt = Date.now();
      let seen = await titlesOnSecond();
      while (!seen.includes('Night patrol order') && Date.now() - changedAt < 1000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await titlesOnSecond();
      }
      expect(seen).toEqual(
        expect.arrayContaining(['Night patrol order', 'Seen only after an announced change', ...kept]),
      );
    } finally {
      await instance.close();
    }
  });
});
