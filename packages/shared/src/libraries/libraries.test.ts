import { describe, expect, it } from 'vitest';
import { LIBRARY_FOLDER_PERMISSION, LIBRARY_PERMISSIONS, parseTags, slugFor } from './libraries.rules.js';
import {
  isValidIsoDate,
  ZCreateDocumentRequest,
  ZUpdateDocumentRequest,
  ZUploadDocumentFields,
} from './libraries.schemas.js';
import { hasPermission } from '../common/permissions.js';

describe('library slugs', () => {
  it('follows the spec’s rule, prefers a given slug, and is empty when nothing Latin is left', () => {
    expect(slugFor('  Standing Orders 2026! ')).toBe('standing-orders-2026');
    expect(slugFor('Title', 'My  Own--Slug')).toBe('my-own-slug');
    expect(slugFor('Title', '   ')).toBe('title');
    expect(slugFor('Title', '!!!')).toBe('title');
    expect(slugFor('बदली आदेश')).toBe('');
    expect(slugFor('बदली आदेश 12')).toBe('-12');
  });
});

describe('tags', () => {
  it('splits comma separated text, trims, drops blanks and repeats', () => {
    expect(parseTags(' a, b ,,A, नागपूर ')).toEqual(['a', 'b', 'नागपूर']);
    expect(parseTags(['x', 'y, z', ''])).toEqual(['x', 'y', 'z']);
    expect(parseTags(null)).toEqual([]);
  });
});

describe('dates', () => {
  it('accepts real calendar dates written YYYY-MM-DD only', () => {
    expect(isValidIsoDate('2028-02-29')).toBe(true);
    expect(isValidIsoDate('2026-02-29')).toBe(false);
    expect(isValidIsoDate('2026-11-31')).toBe(false);
    expect(isValidIsoDate('2026-1-5')).toBe(false);
    expect(isValidIsoDate('2026-11-21T00:00:00Z')).toBe(false);
  });
});

describe('document requests', () => {
  it('gives one name per field: dueDate or due_date, assignee_id or assignee', () => {
    const parsed = ZCreateDocumentRequest.parse({
      title: ' T ',
      effective_date: '2026-11-21',
      dueDate: '2026-12-01',
      assignee: 4,
      tags: 'a,b',
    });
    expect(parsed).toEqual({
      title: 'T',
      effective_date: '2026-11-21',
      due_date: '2026-12-01',
      assignee_id: 4,
      tags: ['a', 'b'],
    });
    expect(ZUpdateDocumentRequest.parse({ due_date: null })).toEqual({ due_date: null });
    expect(ZUpdateDocumentRequest.parse({})).toEqual({});
  });

  it('reads multipart text fields as their JSON values', () => {
    expect(
      ZUploadDocumentFields.parse({
        title: 'T',
        effective_date: '2026-11-21',
        category_id: '3',
        subcategory_id: '',
        company_id: '',
        is_mandatory: 'true',
        tags: 'x, y',
        dueDate: '',
      }),
    ).toEqual({
      title: 'T',
      effective_date: '2026-11-21',
      category_id: 3,
      subcategory_id: null,
      is_mandatory: true,
      tags: ['x', 'y'],
      due_date: null,
    });
    const bad = ZUploadDocumentFields.safeParse({ title: 'T', effective_date: '2026-11-21', category_id: '3a' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['category_id']);
  });
});

describe('library permissions', () => {
  it('are the issue’s rule in every library: upload_documents to file and edit, delete_documents to delete', () => {
    expect(LIBRARY_PERMISSIONS).toEqual({
      create: 'upload_documents',
      update: 'upload_documents',
      delete: 'delete_documents',
    });
    expect(LIBRARY_FOLDER_PERMISSION).toBe('manage_categories');
  });

  it('lets a viewer file and edit documents (circulars included), manage folders only with a grant, and not delete', () => {
    expect(hasPermission('viewer', LIBRARY_PERMISSIONS.create)).toBe(true);
    expect(hasPermission('viewer', LIBRARY_PERMISSIONS.update)).toBe(true);
    expect(hasPermission('viewer', LIBRARY_FOLDER_PERMISSION)).toBe(false);
    expect(hasPermission('viewer', LIBRARY_FOLDER_PERMISSION, ['manage_categories'])).toBe(true);
    expect(hasPermission('viewer', LIBRARY_PERMISSIONS.delete)).toBe(false);
    expect(hasPermission('officer', LIBRARY_PERMISSIONS.delete)).toBe(false);
    expect(hasPermission('admin', LIBRARY_PERMISSIONS.delete)).toBe(true);
    expect(hasPermission('superadmin', LIBRARY_PERMISSIONS.delete)).toBe(true);
  });
});
