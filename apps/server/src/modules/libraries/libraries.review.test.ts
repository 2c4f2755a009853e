import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { LIBRARY_RECORD_KEYS, type Library } from '@srpf/shared';
import { auditLog, users } from '../../db/schema/index.js';
import { libraryAcknowledgments } from '../../db/schema/libraries.js';
import { createLibraryTestApp, type LibraryTestApp, type Request } from '../../test/library-fixtures.js';

let t: LibraryTestApp;
let asAdmin: Request;
let asViewer: Request;
let admin: { id: number; email: string; password: string };

beforeAll(async () => {
  t = await createLibraryTestApp();
  admin = await t.buildUser({ role: 'admin', first_name: 'Meera', last_name: 'Joshi', email: 'meera.joshi@srpf.test' });
  asAdmin = t.withToken(await t.signIn(admin.email, admin.password));
  asViewer = await t.as('viewer');
});
afterAll(() => t.close());

describe('approving and rejecting orders', () => {
  it('needs a token (401), approve_orders / reject_orders (403), a known order (404) and a valid id (400)', async () => {
    const order = await t.buildDocument('orders');
    for (const action of ['approve', 'reject']) {
      expect((await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/${action}` })).statusCode).toBe(401);
      expect((await asViewer({ method: 'POST', url: `/api/orders/${order.id}/${action}` })).statusCode).toBe(403);
      expect((await asAdmin({ method: 'POST', url: `/api/orders/999999/${action}` })).statusCode).toBe(404);
      expect((await asAdmin({ method: 'POST', url: `/api/orders/abc/${action}` })).statusCode).toBe(400);
    }
    const circular = await t.buildDocument('circulars');
    expect((await asAdmin({ method: 'POST', url: `/api/orders/${circular.id}/approve` })).statusCode).toBe(404);
    // Only orders are approved.
    expect((await asAdmin({ method: 'POST', url: `/api/circulars/${circular.id}/approve` })).statusCode).toBe(404);
  });

  it('approves a pending order once: 409 afterwards, audited, in the timeline', async () => {
    const order = await t.buildDocument('orders', { title: 'Leave sanction' });
    const approved = await asAdmin({ method: 'POST', url: `/api/orders/${order.id}/approve` });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      message: 'Order approved',
      data: { order: { id: order.id, status: 'approved' } },
    });
    const timeline = approved.json().data.order.timeline;
    expect(timeline.map((e: { event: string }) => e.event)).toEqual(['created', 'approved']);
    expect(timeline[1].by).toEqual({ id: admin.id, name: 'Meera Joshi' });

    const again = await asAdmin({ method: 'POST', url: `/api/orders/${order.id}/approve` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'CONFLICT',
      message: 'Only a pending order can be approved; this one is approved',
      reason: 'libraries.not_pending',
      params: {},
    });
    expect((await asAdmin({ method: 'POST', url: `/api/orders/${order.id}/reject` })).statusCode).toBe(409);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.approve'), eq(auditLog.entity_id, String(order.id))));
    expect(entry).toMatchObject({
      actor_id: admin.id,
      entity_type: 'order',
      outcome: 'success',
      details: { from: 'pending', to: 'approved' },
    });
  });

  it('rejects a pending order, then refuses to approve it', async () => {
    const order = await t.buildDocument('orders');
    const rejected = await asAdmin({ method: 'POST', url: `/api/orders/${order.id}/reject` });
    expect(rejected.json()).toMatchObject({ message: 'Order rejected', data: { order: { status: 'rejected' } } });
    expect(rejected.json().data.order.timeline.map((e: { event: string }) => e.event)).toEqual(['created', 'rejected']);
    const approve = await asAdmin({ method: 'POST', url: `/api/orders/${order.id}/approve` });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error.message).toBe('Only a pending order can be approved; this one is rejected');
    const listed = await asViewer({ method: 'GET', url: '/api/orders' });
    expect(listed.json().data.find((d: { id: number }) => d.id === order.id).status).toBe('rejected');
  });
});

describe.each(['circulars', 'government-decisions'] as const)('acknowledging %s', (library: Library) => {
  const key = LIBRARY_RECORD_KEYS[library];

  it('needs a token (401), a known document (404) and a valid id (400)', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/${library}/1/acknowledge` })).statusCode).toBe(401);
    expect((await asViewer({ method: 'POST', url: `/api/${library}/999999/acknowledge` })).statusCode).toBe(404);
    expect((await asViewer({ method: 'POST', url: `/api/${library}/x/acknowledge` })).statusCode).toBe(400);
    const order = await t.buildDocument('orders');
    expect((await asViewer({ method: 'POST', url: `/api/${library}/${order.id}/acknowledge` })).statusCode).toBe(404);
    // Orders are not acknowledged.
    expect((await asViewer({ method: 'POST', url: `/api/orders/${order.id}/acknowledge` })).statusCode).toBe(404);
  });

  it('records each reader once, lists them on the detail and counts them in the list', async () => {
    const document = await t.buildDocument(library, { title: `Acknowledge me ${library}` });
    const reader = await t.buildUser({ first_name: 'Ravi', last_name: 'Patil', email: `ravi.${library}@srpf.test` });
    const asReader = t.withToken(await t.signIn(reader.email, reader.password));

    const first = await asReader({ method: 'POST', url: `/api/${library}/${document.id}/acknowledge` });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toMatch(/acknowledged$/);
    const detail = first.json().data[key];
    expect(detail).toMatchObject({ acknowledged: true, acknowledgments_count: 1 });
    // A reader sees their own acknowledgment; the list of names is for those who may see the statistics.
    expect(detail.acknowledgments).toBeUndefined();
    expect(detail.own_acknowledgment).toEqual({ acknowledgedAt: expect.any(String), version: 1 });

    const again = await asReader({ method: 'POST', url: `/api/${library}/${document.id}/acknowledge` });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatch(/^You have already acknowledged/);
    expect(again.json().data[key].own_acknowledgment).toEqual(detail.own_acknowledgment);
    const [rows] = await t.database.db
      .select({ n: count() })
      .from(libraryAcknowledgments)
      .where(eq(libraryAcknowledgments.document_id, document.id));
    expect(rows!.n).toBe(1);

    await asAdmin({ method: 'POST', url: `/api/${library}/${document.id}/acknowledge` });
    const seenByViewer = (await asViewer({ method: 'GET', url: `/api/${library}/${document.id}` })).json().data[key];
    expect(seenByViewer).toMatchObject({ acknowledged: false, acknowledgments_count: 2, own_acknowledgment: null });
    expect(seenByViewer.acknowledgments).toBeUndefined();
    expect(seenByViewer.pending_acknowledgments).toBeUndefined();
    const seenByAdmin = (await asAdmin({ method: 'GET', url: `/api/${library}/${document.id}` })).json().data[key];
    expect(
      seenByAdmin.acknowledgments.map((a: { user: { id: number; email: string } }) => [a.user.id, a.user.email]),
    ).toEqual([
      [reader.id, `ravi.${library}@srpf.test`],
      [admin.id, admin.email],
    ]);
    const row = (
      await asReader({ method: 'GET', url: `/api/${library}?search=${encodeURIComponent('acknowledge me')}` })
    ).json().data[0];
    expect(row).toMatchObject({ id: document.id, acknowledgments: 2, acknowledged: true });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, `${key}.acknowledge`), eq(auditLog.entity_id, String(document.id))));
    expect(audits).toHaveLength(2);
  });

  it('names who acknowledged only to holders of view_document_stats; another company’s reader sees the count and their own', async () => {
    const document = await t.buildDocument(library, { title: `Who read it ${library}` });
    const company = await t.buildCompany();
    const acknowledger = await t.buildUser({
      first_name: 'Asha',
      last_name: 'Kale',
      email: `asha.${library}@srpf.test`,
    });
    const asAcknowledger = t.withToken(await t.signIn(acknowledger.email, acknowledger.password));
    const outsider = await t.buildUser({ company_id: company.id });
    const asOutsider = t.withToken(await t.signIn(outsider.email, outsider.password));
    const statistician = await t.buildUser({ company_id: company.id, granted_permissions: ['view_document_stats'] });
    const asStatistician = t.withToken(await t.signIn(statistician.email, statistician.password));
    await asAcknowledger({ method: 'POST', url: `/api/${library}/${document.id}/acknowledge` });
    const acknowledged = await asOutsider({ method: 'POST', url: `/api/${library}/${document.id}/acknowledge` });

    const seenByOutsider = acknowledged.json().data[key];
    expect(seenByOutsider).toMatchObject({
      acknowledged: true,
      acknowledgments_count: 2,
      own_acknowledgment: { acknowledgedAt: expect.any(String), version: 1 },
    });
    expect(seenByOutsider.acknowledgments).toBeUndefined();
    const read = await asOutsider({ method: 'GET', url: `/api/${library}/${document.id}` });
    expect(read.body).not.toContain(acknowledger.email);
    expect(read.body).not.toContain('Asha Kale');

    const seenByStatistician = (await asStatistician({ method: 'GET', url: `/api/${library}/${document.id}` })).json()
      .data[key];
    expect(seenByStatistician).toMatchObject({
      acknowledged: false,
      acknowledgments_count: 2,
      own_acknowledgment: null,
    });
    expect(
      seenByStatistician.acknowledgments.map((a: { user: { id: number; name: string; email: string } }) => a.user),
    ).toEqual([
      { id: acknowledger.id, name: 'Asha Kale', email: acknowledger.email },
      { id: outsider.id, name: expect.any(String), email: outsider.email },
    ]);
  });

  it('shows admins and superadmins who has not acknowledged a mandatory one: active users only', async () => {
    const mandatory = await t.buildDocument(library, { title: 'Mandatory reading', is_mandatory: true });
    const optional = await t.buildDocument(library, { title: 'Optional reading' });
    const inactive = await t.buildUser({ is_active: false });
    const done = await t.buildUser();
    await t.database.db.insert(libraryAcknowledgments).values({ document_id: mandatory.id, user_id: done.id });
    const activeUsers = await t.database.db.select({ id: users.id }).from(users).where(eq(users.is_active, true));

    const detail = (await asAdmin({ method: 'GET', url: `/api/${library}/${mandatory.id}` })).json().data[key];
    const pendingIds = detail.pending_acknowledgments.map((p: { id: number }) => p.id);
    expect(pendingIds).not.toContain(done.id);
    expect(pendingIds).not.toContain(inactive.id);
    expect(pendingIds).toContain(admin.id);
    expect(pendingIds).toHaveLength(activeUsers.length - 1);
    expect(detail.pending_acknowledgments_count).toBe(activeUsers.length - 1);
    expect(detail.pending_acknowledgments.find((p: { id: number }) => p.id === admin.id)).toEqual({
      id: admin.id,
      name: 'Meera Joshi',
      email: 'meera.joshi@srpf.test',
    });

    const asSuperadmin = await t.as('superadmin');
    expect(
      (await asSuperadmin({ method: 'GET', url: `/api/${library}/${mandatory.id}` })).json().data[key]
        .pending_acknowledgments,
    ).toBeDefined();
    expect(
      (await asViewer({ method: 'GET', url: `/api/${library}/${mandatory.id}` })).json().data[key]
        .pending_acknowledgments,
    ).toBeUndefined();
    expect(
      (await asAdmin({ method: 'GET', url: `/api/${library}/${optional.id}` })).json().data[key]
        .pending_acknowledgments,
    ).toBeUndefined();
  });
});
