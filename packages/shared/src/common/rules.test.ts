import { describe, expect, it } from 'vitest';
import { normalisePhone, isValidPhone } from './phone.js';
import { slugify } from './slug.js';
import { isPendingStatus, statusChartColor, statusLabel, statusTone } from './status.js';
import { isTokenUnexpired, tokenExpiry } from './token.js';
import { hasPermission, isAdminRole, PERMISSIONS } from './permissions.js';

describe('appointment status groups and colours', () => {
  it('puts the five pending statuses in the warning group, case-insensitively', () => {
    for (const status of ['pending', 'SCHEDULED', 'pending_clerk', 'Pending_Officer', 'pending_final']) {
      expect(isPendingStatus(status)).toBe(true);
      expect(statusTone(status)).toBe('warning');
      expect(statusChartColor(status)).toBe('#B26E00');
    }
  });

  it('colours success, danger, rescheduled and the rest as the spec says', () => {
    expect(statusTone('approved')).toBe('success');
    expect(statusChartColor('completed')).toBe('#1E8E5A');
    expect(statusTone('no-show')).toBe('danger');
    expect(statusTone('no_show')).toBe('danger');
    expect(statusChartColor('cancelled')).toBe('#A22C29');
    expect(statusChartColor('rescheduled')).toBe('#2E5AAC');
    expect(statusChartColor('deferred')).toBe('#2E5AAC');
    expect(statusTone('deferred')).toBe('neutral');
    expect(statusTone('something else')).toBe('neutral');
    expect(statusChartColor(undefined)).toBe('#9CA3AF');
  });

  it('shows underscores as spaces and no_show as no-show', () => {
    expect(statusLabel('pending_officer')).toBe('pending officer');
    expect(statusLabel('no_show')).toBe('no-show');
  });
});

describe('phone normalisation', () => {
  it('drops the 91 prefix of a 12-digit number and keeps 10 digits', () => {
    expect(normalisePhone('919876543210')).toBe('9876543210');
    expect(normalisePhone('+91 98765-43210')).toBe('9876543210');
    expect(normalisePhone('9876543210')).toBe('9876543210');
    expect(normalisePhone('0919876543210')).toBe('9876543210');
    expect(normalisePhone('98765')).toBe('98765');
    expect(normalisePhone(null)).toBe('');
    expect(isValidPhone('9876543210')).toBe(true);
    expect(isValidPhone('98765432')).toBe(false);
  });
});

describe('slug rule', () => {
  it('lowercases, trims, strips, hyphenates and collapses', () => {
    expect(slugify('  Leave & Attendance Orders 2026 ')).toBe('leave-attendance-orders-2026');
    expect(slugify('GPF -- Refundable')).toBe('gpf-refundable');
    expect(slugify('शासन निर्णय')).toBe('-');
    expect(slugify('Already-a-slug')).toBe('already-a-slug');
  });
});

describe('token expiry check', () => {
  const token = (payload: object) => `x.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.y`;

  it('reads exp and compares it with now', () => {
    const now = Date.UTC(2026, 10, 22, 10, 0, 0);
    expect(tokenExpiry(token({ exp: 1_800_000_000 }))).toBe(1_800_000_000);
    expect(isTokenUnexpired(token({ exp: now / 1000 + 60 }), now)).toBe(true);
    expect(isTokenUnexpired(token({ exp: now / 1000 - 1 }), now)).toBe(false);
    expect(isTokenUnexpired(token({ sub: '1' }), now)).toBe(false);
    expect(isTokenUnexpired('garbage', now)).toBe(false);
  });
});

describe('permission table', () => {
  it('gives admins everything and viewers (and unknown roles) the two contributing permissions (folders and forms management are grants now)', () => {
    for (const permission of PERMISSIONS) {
      expect(hasPermission('admin', permission)).toBe(true);
      expect(hasPermission('superadmin', permission)).toBe(true);
    }
    const viewerAllowed = PERMISSIONS.filter((p) => hasPermission('viewer', p));
    expect(viewerAllowed).toEqual(['upload_documents', 'upload_forms']);
    expect(PERMISSIONS.filter((p) => hasPermission('no-such-role', p))).toEqual(viewerAllowed);
    expect(PERMISSIONS.filter((p) => hasPermission(undefined, p))).toEqual(viewerAllowed);
    expect(isAdminRole('admin')).toBe(true);
    expect(isAdminRole('superadmin')).toBe(false);
  });
});
