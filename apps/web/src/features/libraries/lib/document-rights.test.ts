import { describe, expect, it } from 'vitest';
import { toCurrentUser } from '../../../lib/current-user';
import { documentRights, isFinal } from './document-rights';

const actor = (record: Parameters<typeof toCurrentUser>[0]) => toCurrentUser(record).actor;
const by = (id: number | null) => ({ author: id === null ? null : { id, name: `User ${id}` } });

describe('who may edit and delete which document (the documents issue)', () => {
  it('lets the uploader and administrators edit, and nobody edit an approved or rejected order', () => {
    const admin = documentRights(actor({ id: 1, role: 'admin' }), 'orders');
    const uploader = documentRights(actor({ id: 7, role: 'viewer' }), 'orders');
    const other = documentRights(actor({ id: 8, role: 'viewer' }), 'orders');
    expect(admin.edit({ status: 'pending', ...by(7) })).toBe(true);
    expect(uploader.edit({ status: 'pending', ...by(7) })).toBe(true);
    expect(other.edit({ status: 'pending', ...by(7) })).toBe(false);
    // An account that is gone edits nothing; only administrators edit what it uploaded.
    expect(other.edit({ status: 'pending', ...by(null) })).toBe(false);
    expect(admin.edit({ status: 'pending', ...by(null) })).toBe(true);
    for (const status of ['approved', 'rejected'] as const) {
      expect(admin.edit({ status, ...by(7) })).toBe(false);
      expect(uploader.edit({ status, ...by(7) })).toBe(false);
    }
  });

  it('keeps circulars and decisions editable in any state (each change is a new version)', () => {
    const uploader = documentRights(actor({ id: 7, role: 'viewer' }), 'circulars');
    expect(uploader.edit({ status: 'approved', ...by(7) })).toBe(true);
    expect(
      documentRights(actor({ id: 1, role: 'superadmin' }), 'government-decisions').edit({
        status: 'published',
        ...by(7),
      }),
    ).toBe(true);
    expect(isFinal('orders', { status: 'approved' })).toBe(true);
    expect(isFinal('orders', { status: 'rejected' })).toBe(true);
    expect(isFinal('orders', { status: 'pending' })).toBe(false);
    expect(isFinal('circulars', { status: 'approved' })).toBe(false);
  });

  it('offers a correction of an order only once it is final, and a replacement of a circular or decision to its uploader or an administrator', () => {
    const viewer = documentRights(actor({ id: 7, role: 'viewer' }), 'orders');
    expect(viewer.supersede({ status: 'pending', ...by(7) })).toBe(false);
    expect(viewer.supersede({ status: 'approved', ...by(8) })).toBe(true);
    expect(viewer.supersede({ status: 'rejected', ...by(null) })).toBe(true);
    const uploader = documentRights(actor({ id: 7, role: 'viewer' }), 'circulars');
    expect(uploader.supersede({ status: 'published', ...by(7) })).toBe(true);
    expect(uploader.supersede({ status: 'published', ...by(8) })).toBe(false);
    expect(
      documentRights(actor({ id: 1, role: 'admin' }), 'government-decisions').supersede({
        status: 'published',
        ...by(8),
      }),
    ).toBe(true);
    expect(
      documentRights(actor({ id: 9, role: 'viewer' }), 'government-decisions').supersede({
        status: 'published',
        ...by(null),
      }),
    ).toBe(false);
  });

  it('deletes documents with delete_documents, folders holding documents only with it too, and opens the trash with manage_trash', () => {
    const admin = documentRights(actor({ id: 1, role: 'admin' }), 'orders');
    expect(admin).toMatchObject({ removeDocument: true, manageTrash: true });
    expect(admin.removeFolder(5)).toBe(true);

    const sorter = documentRights(
      actor({ id: 2, role: 'viewer', granted_permissions: ['manage_categories'] }),
      'circulars',
    );
    expect(sorter).toMatchObject({ removeDocument: false, manageTrash: false });
    expect(sorter.removeFolder(0)).toBe(true);
    expect(sorter.removeFolder(1)).toBe(false);

    const remover = documentRights(
      actor({ id: 4, role: 'viewer', granted_permissions: ['delete_documents'] }),
      'government-decisions',
    );
    expect(remover).toMatchObject({ removeDocument: true, manageTrash: false });
    expect(remover.removeFolder(3)).toBe(false);
    const both = documentRights(
      actor({ id: 5, role: 'viewer', granted_permissions: ['manage_categories', 'delete_documents'] }),
      'circulars',
    );
    expect(both.removeFolder(3)).toBe(true);

    const viewer = documentRights(actor({ id: 3, role: 'viewer' }), 'orders');
    expect(viewer).toMatchObject({ removeDocument: false, manageTrash: false });
    expect(viewer.removeFolder(0)).toBe(false);
    expect(documentRights(actor(null), 'orders').manageTrash).toBe(false);
  });
});
