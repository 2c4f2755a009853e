import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LIBRARY_RECORD_KEYS } from '@srpf/shared';
import { auditLog } from '../../db/schema/index.js';
import { libraryDocuments } from '../../db/schema/libraries.js';
import {
  createLibraryTestApp,
  pdfBytes,
  updateWithFile,
  upload,
  type LibraryTestApp,
  type Request,
} from '../../test/library-fixtures.js';

/** The documents issue: frozen approvals, versions, acknowledgments of what a circular says now, supersedes. */

let t: LibraryTestApp;
let asAdmin: Request;
let asViewer: Request;
let admin: { id: number };

beforeAll(async () => {
  t = await createLibraryTestApp();
  const person = await t.buildUser({ role: 'admin', first_name: 'Meera', last_name: 'Joshi' });
  admin = person;
  asAdmin = t.withToken(await t.signIn(person.email, person.password));
  asViewer = await t.as('viewer');
});
afterAll(() => t.close());

describe('an approved or rejected order is frozen', () => {
  it.each(['approve', 'reject'])(
    'after %s: no field or file changes (409, row and files untouched); its uploader and admins alike',
    async (decision) => {
      const uploader = await t.asUser({ role: 'viewer' });
      const created = await upload(
        uploader.request,
        'orders',
        { title: `Frozen after ${decision}`, effective_date: '2026-11-20' },
        { content: pdfBytes(3000, 'original') },
      );
      const order = created.json().data.order;
      expect((await asAdmin({ method: 'POST', url: `/api/orders/${order.id}/${decision}` })).statusCode).toBe(200);
      const [before] = await t.database.db.select().from(libraryDocuments).where(eq(libraryDocuments.id, order.id));
      const files = t.countFiles();

      for (const request of [uploader.request, asAdmin]) {
        const edit = await request({
          method: 'PUT',
          url: `/api/orders/${order.id}`,
          payload: { title: 'Quietly rewritten' },
        });
        expect(edit.statusCode).toBe(409);
        expect(edit.json()).toEqual({
          success: false,
          error: {
            code: 'CONFLICT',
            message:
              `This order is ${decision}d and can no longer be changed. To correct it, file a new order that supersedes it.`.replace(
                'rejectd',
                'rejected',
              ),
            reason: 'libraries.document_frozen',
            params: {},
          },
        });
        const replace = await updateWithFile(request, 'orders', order.id, {}, { content: pdfBytes(2000, 'swapped') });
        expect(replace.statusCode).toBe(409);
      }
      const [after] = await t.database.db.select().from(libraryDocuments).where(eq(libraryDocuments.id, order.id));
      expect(after).toEqual(before);
      expect(t.countFiles()).toBe(files);
      const download = await asViewer({ method: 'GET', url: `/api/orders/${order.id}/file` });
      expect(download.rawPayload.equals(pdfBytes(3000, 'original'))).toBe(true);
    },
  );

  it('an approval names the version the approver read: a newer one answers 409 and nothing is decided', async () => {
    const uploader = await t.asUser({ role: 'viewer' });
    const order = (
      await upload(
        uploader.request,
        'orders',
        { title: 'Changed under review', effective_date: '2026-11-20' },
        { content: pdfBytes(2200, 'read') },
      )
    ).json().data.order;
    expect(order.version).toBe(1);
    // The uploader replaces the PDF while the approver still has version 1 open.
    expect(
      (await updateWithFile(uploader.request, 'orders', order.id, {}, { content: pdfBytes(2300, 'unread') })).json()
        .data.order.version,
    ).toBe(2);
    for (const action of ['approve', 'reject']) {
      const stale = await asAdmin({
        method: 'POST',
        url: `/api/orders/${order.id}/${action}`,
        payload: { version: 1 },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.message).toBe(
        'This order has changed since you opened it (it is now version 2): read it again first',
      );
    }
    expect(
      (await asAdmin({ method: 'POST', url: `/api/orders/${order.id}/approve`, payload: { version: 'two' } }))
        .statusCode,
    ).toBe(400);
    expect((await asViewer({ method: 'GET', url: `/api/orders/${order.id}` })).json().data.order.status).toBe(
      'pending',
    );
    const approved = await asAdmin({ method: 'POST', url: `/api/orders/${order.id}/approve`, payload: { version: 2 } });
    expect(approved.json().data.order).toMatchObject({ status: 'approved', version: 2 });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.approve'), eq(auditLog.entity_id, String(order.id))));
    expect(entry?.details).toMatchObject({ version: 2 });
  });

  it('a pending order is edited by its uploader or an admin only (403 for anyone else), and a deleted uploader leaves it to admins', async () => {
    const uploader = await t.asUser({ role: 'officer' });
    const order = (
      await uploader.request({
        method: 'POST',
        url: '/api/orders',
        payload: { title: 'Pending order', effective_date: '2026-11-20' },
      })
    ).json().data.order;
    const other = await t.asUser({ role: 'executive' });
    expect(
      (await other.request({ method: 'PUT', url: `/api/orders/${order.id}`, payload: { title: 'Not mine' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await uploader.request({ method: 'PUT', url: `/api/orders/${order.id}`, payload: { title: 'Mine' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await asAdmin({ method: 'PUT', url: `/api/orders/${order.id}`, payload: { title: 'Admin corrected' } }))
        .statusCode,
    ).toBe(200);
    const orphan = await t.buildDocument('orders', { title: 'Uploader gone' });
    expect(
      (await other.request({ method: 'PUT', url: `/api/orders/${orphan.id}`, payload: { title: 'X' } })).statusCode,
    ).toBe(403);
    expect(
      (await asAdmin({ method: 'PUT', url: `/api/orders/${orphan.id}`, payload: { title: 'Y' } })).statusCode,
    ).toBe(200);
  });

  it('a correction names the approved or rejected order it replaces, and shows on it once approved itself; only live documents of the same library can be named', async () => {
    const original = await t.buildDocument('orders', { title: 'Original posting order', status: 'approved' });
    const pending = await t.buildDocument('orders', { title: 'Still pending' });
    const circular = await t.buildDocument('circulars', { title: 'A circular' });
    const bad = await asAdmin({
      method: 'POST',
      url: '/api/orders',
      payload: { title: 'Wrong link', effective_date: '2026-11-21', supersedes_id: circular.id },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'supersedes_id' });
    expect(
      (
        await asAdmin({
          method: 'POST',
          url: '/api/orders',
          payload: { title: 'Wrong type', effective_date: '2026-11-21', supersedes_id: 'x' },
        })
      ).json().error.field,
    ).toBe('supersedes_id');
    // A pending order is edited, not replaced.
    const ofPending = await asViewer({
      method: 'POST',
      url: '/api/orders',
      payload: { title: 'Replacing a pending one', effective_date: '2026-11-21', supersedes_id: pending.id },
    });
    expect(ofPending.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Only an approved or rejected order is replaced by a correction; a pending one is edited instead',
      field: 'supersedes_id',
    });

    const correction = await asViewer({
      method: 'POST',
      url: '/api/orders',
      payload: { title: 'Corrected posting order', effective_date: '2026-11-21', supersedes_id: original.id },
    });
    expect(correction.statusCode).toBe(201);
    const order = correction.json().data.order;
    expect(order).toMatchObject({
      supersedes_id: original.id,
      supersedes: { id: original.id, title: 'Original posting order' },
      superseded_by: [],
    });
    // Until the correction is approved it is a proposal: the original does not show it.
    expect(
      (await asViewer({ method: 'GET', url: `/api/orders/${original.id}` })).json().data.order.superseded_by,
    ).toEqual([]);
    expect((await asAdmin({ method: 'POST', url: `/api/orders/${order.id}/approve` })).statusCode).toBe(200);
    const replaced = (await asViewer({ method: 'GET', url: `/api/orders/${original.id}` })).json().data.order;
    expect(replaced.superseded_by).toEqual([{ id: order.id, title: 'Corrected posting order' }]);
    expect(
      (
        await asAdmin({ method: 'PUT', url: `/api/orders/${pending.id}`, payload: { supersedes_id: pending.id } })
      ).json().error.field,
    ).toBe('supersedes_id');

    // The correction in the trash no longer shows on the original.
    expect((await asAdmin({ method: 'DELETE', url: `/api/orders/${order.id}` })).statusCode).toBe(200);
    expect(
      (await asViewer({ method: 'GET', url: `/api/orders/${original.id}` })).json().data.order.superseded_by,
    ).toEqual([]);
  });

  it('a circular or decision is replaced only by its uploader or an administrator', async () => {
    const author = await t.asUser({ role: 'viewer' });
    const target = (
      await author.request({
        method: 'POST',
        url: '/api/circulars',
        payload: { title: 'Duty roster rules', effective_date: '2026-11-20' },
      })
    ).json().data.circular;
    const other = await asViewer({
      method: 'POST',
      url: '/api/circulars',
      payload: { title: 'Not mine to replace', effective_date: '2026-11-21', supersedes_id: target.id },
    });
    expect(other.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Only the uploader of that circular or an administrator may replace it',
      field: 'supersedes_id',
    });
    const own = await author.request({
      method: 'POST',
      url: '/api/circulars',
      payload: { title: 'Duty roster rules (revised)', effective_date: '2026-11-21', supersedes_id: target.id },
    });
    expect(own.statusCode).toBe(201);
    expect(
      (await asViewer({ method: 'GET', url: `/api/circulars/${target.id}` })).json().data.circular.superseded_by,
    ).toEqual([{ id: own.json().data.circular.id, title: 'Duty roster rules (revised)' }]);
    expect(
      (
        await asAdmin({
          method: 'POST',
          url: '/api/circulars',
          payload: { title: 'By an administrator', effective_date: '2026-11-21', supersedes_id: target.id },
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe.each(['circulars', 'government-decisions'] as const)('acknowledgments of %s follow the text', (library) => {
  const key = LIBRARY_RECORD_KEYS[library];

  it('a content or file change starts a new version that readers acknowledge afresh; a title change keeps them', async () => {
    const author = await t.asUser({ role: 'viewer', first_name: 'Sunil', last_name: 'Pawar' });
    const reader = await t.asUser({ role: 'viewer', first_name: 'Kavita', last_name: 'More' });
    const created = await upload(
      author.request,
      library,
      {
        title: 'Night patrol rules',
        effective_date: '2026-11-20',
        content: 'Patrol every two hours',
        is_mandatory: 'true',
      },
      { content: pdfBytes(2500, 'v1') },
    );
    const document = created.json().data[key];
    const url = `/api/${library}/${document.id}`;
    expect((await reader.request({ method: 'POST', url: `${url}/acknowledge` })).json().data[key]).toMatchObject({
      acknowledged: true,
      acknowledgments_count: 1,
      version: 1,
    });

    // A title alone is not a new text: the acknowledgment stands.
    const retitled = (
      await author.request({ method: 'PUT', url, payload: { title: 'Night patrol rules (Group 5)' } })
    ).json().data[key];
    expect(retitled).toMatchObject({ version: 1, acknowledgments_count: 1 });
    expect((await reader.request({ method: 'GET', url })).json().data[key].acknowledged).toBe(true);

    // New content: version 2, nobody has acknowledged it yet, the earlier acknowledgment is kept as history.
    const rewritten = (await author.request({ method: 'PUT', url, payload: { content: 'Patrol every hour' } })).json()
      .data[key];
    expect(rewritten).toMatchObject({ version: 2, acknowledgments_count: 0 });
    expect(rewritten.acknowledgments).toBeUndefined();
    expect(rewritten.versions.map((v: { version: number; file_name: string }) => [v.version, v.file_name])).toEqual([
      [2, document.file_name],
      [1, document.file_name],
    ]);
    const asReader = (await reader.request({ method: 'GET', url })).json().data[key];
    expect(asReader.acknowledged).toBe(false);
    const list = (await reader.request({ method: 'GET', url: `/api/${library}?search=patrol` })).json().data;
    expect(list.find((row: { id: number }) => row.id === document.id)).toMatchObject({
      acknowledged: false,
      acknowledgments: 0,
      version: 2,
    });
    // Admins see who has not acknowledged the current version.
    const adminView = (await asAdmin({ method: 'GET', url })).json().data[key];
    expect(adminView.pending_acknowledgments.map((p: { id: number }) => p.id)).toContain(reader.id);
    expect(adminView.acknowledgments).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: reader.id }), version: 1 }),
    ]);

    // Acknowledging with the version read: the old one is refused, the current one recorded.
    expect(
      (await reader.request({ method: 'POST', url: `${url}/acknowledge`, payload: { version: 1 } })).statusCode,
    ).toBe(409);
    const again = (await reader.request({ method: 'POST', url: `${url}/acknowledge`, payload: { version: 2 } })).json()
      .data[key];
    expect(again).toMatchObject({ acknowledged: true, acknowledgments_count: 1 });
    expect(again.own_acknowledgment).toMatchObject({ version: 2 });
    expect(
      (await asAdmin({ method: 'GET', url }))
        .json()
        .data[key].acknowledgments.map((a: { version: number }) => a.version),
    ).toEqual([1, 2]);

    // A new PDF: version 3, acknowledged afresh again.
    const refiled = (
      await updateWithFile(
        author.request,
        library,
        document.id,
        {},
        { filename: 'patrol-v3.pdf', content: pdfBytes(2600, 'v3') },
      )
    ).json().data[key];
    expect(refiled).toMatchObject({ version: 3, acknowledgments_count: 0, file_name: 'patrol-v3.pdf' });
    expect(refiled.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(
      (await reader.request({ method: 'GET', url: refiled.versions[2].file_url })).rawPayload.equals(
        pdfBytes(2500, 'v1'),
      ),
    ).toBe(true);
    const [versionAudit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, `${key}.update`), eq(auditLog.entity_id, String(document.id))))
      .orderBy(auditLog.id)
      .offset(2);
    expect(versionAudit?.details).toMatchObject({ version: 3 });
  });

  it('the same text sent back with other line breaks (a browser form sends CRLF) is no new version', async () => {
    const author = await t.asUser({ role: 'viewer' });
    const reader = await t.asUser({ role: 'viewer' });
    const created = await upload(
      author.request,
      library,
      { title: 'Leave rules', effective_date: '2026-11-20', content: 'First line\r\nSecond line' },
      { content: pdfBytes(2100, 'crlf') },
    );
    const document = created.json().data[key];
    expect(document.content).toBe('First line\nSecond line');
    await reader.request({ method: 'POST', url: `/api/${library}/${document.id}/acknowledge` });
    const renamed = await author.request({
      method: 'PUT',
      url: `/api/${library}/${document.id}`,
      payload: { title: 'Leave rules (renamed)', content: 'First line\nSecond line' },
    });
    expect(renamed.json().data[key]).toMatchObject({
      title: 'Leave rules (renamed)',
      version: 1,
      acknowledgments_count: 1,
    });
    const resent = await updateWithFile(
      author.request,
      library,
      document.id,
      { title: 'Leave rules (again)', content: 'First line\r\nSecond line' },
      null,
    );
    expect(resent.json().data[key]).toMatchObject({ version: 1, acknowledgments_count: 1 });
  });

  it('circulars and decisions stay editable by their uploader after any number of versions, and by admins', async () => {
    const author = await t.asUser({ role: 'viewer' });
    const document = (
      await author.request({
        method: 'POST',
        url: `/api/${library}`,
        payload: { title: 'Uniform order', effective_date: '2026-11-20', content: 'A' },
      })
    ).json().data[key];
    for (const content of ['B', 'C'])
      expect(
        (await author.request({ method: 'PUT', url: `/api/${library}/${document.id}`, payload: { content } }))
          .statusCode,
      ).toBe(200);
    const byAdmin = await asAdmin({ method: 'PUT', url: `/api/${library}/${document.id}`, payload: { content: 'D' } });
    expect(byAdmin.json().data[key]).toMatchObject({ version: 4, content: 'D' });
    expect(byAdmin.json().data[key].versions[0]).toMatchObject({
      version: 4,
      uploaded_by: { id: admin.id, name: 'Meera Joshi' },
    });
    // The same content again is no new version.
    expect(
      (await asAdmin({ method: 'PUT', url: `/api/${library}/${document.id}`, payload: { content: 'D' } })).json().data[
        key
      ].version,
    ).toBe(4);
  });
});
