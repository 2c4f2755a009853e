import { describe, expect, it } from 'vitest';
import {
  filtersToQuery,
  EMPTY_APPOINTMENT_FILTERS,
  hasActiveFilters,
  nextListOrder,
  sortColumnOf,
} from './list-filters';
import {
  leavePayload,
  leaveValues,
  orderlyRoomPayload,
  orderlyRoomValues,
  parseCounter,
  wantsAutoReschedule,
} from './form-payload';
import { escapeHtml, printDocument, remarkAsText } from './print-document';
import { editableRemarkRole, isEmptyRichText, plainTextLength, remarkViews } from './remarks';
import { appointmentStatusTone, dayFirstDate, todayInKolkata } from './status';
import { leaveSubmitError } from './submit-error';
import { filterKnownUsers, rememberUsers } from './local-user-filter';
import { ApiError } from '../../../lib/api-error';
import { buildAppointment } from './test-appointment';

describe('list filters', () => {
  it('sends only the filters that are set, with the tab as request type, today first unless asked otherwise', () => {
    expect(filtersToQuery(EMPTY_APPOINTMENT_FILTERS, 1, 10)).toEqual({
      page: 1,
      limit: 10,
      search: undefined,
      phone_number: undefined,
      status: undefined,
      appointment_date: undefined,
      request_type: undefined,
      sortBy: 'upcoming',
      sortOrder: 'asc',
    });
    expect(filtersToQuery(EMPTY_APPOINTMENT_FILTERS, 1, 10, 'latest_first')).toMatchObject({
      sortBy: 'appointment_date',
      sortOrder: 'desc',
    });
    expect(filtersToQuery(EMPTY_APPOINTMENT_FILTERS, 1, 10, 'name_desc')).toMatchObject({
      sortBy: 'full_name',
      sortOrder: 'desc',
    });
    expect(filtersToQuery(EMPTY_APPOINTMENT_FILTERS, 1, 10, 'status_asc')).toMatchObject({
      sortBy: 'status',
      sortOrder: 'asc',
    });
    const query = filtersToQuery(
      { tab: 'leave', search: ' ravi ', phone: '+91 98765 43210', status: 'approved', date: '2026-11-25' },
      2,
      20,
    );
    expect(query).toMatchObject({
      page: 2,
      limit: 20,
      search: 'ravi',
      phone_number: '9876543210',
      status: 'approved',
      appointment_date: '2026-11-25',
      request_type: 'leave related',
    });
    expect(filtersToQuery({ ...EMPTY_APPOINTMENT_FILTERS, tab: 'orderly', date: 'bad' }, 1, 10)).toMatchObject({
      request_type: 'orderly room',
      appointment_date: undefined,
    });
  });

  it('knows when Clear has something to clear', () => {
    expect(hasActiveFilters(EMPTY_APPOINTMENT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_APPOINTMENT_FILTERS, tab: 'leave' })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_APPOINTMENT_FILTERS, status: 'scheduled' })).toBe(true);
  });
});

describe('status', () => {
  it('colours the statuses as the spec says', () => {
    expect(appointmentStatusTone('scheduled')).toBe('warning');
    expect(appointmentStatusTone('pending_clerk')).toBe('warning');
    expect(appointmentStatusTone('completed')).toBe('success');
    expect(appointmentStatusTone('approved')).toBe('success');
    expect(appointmentStatusTone('cancelled')).toBe('danger');
    expect(appointmentStatusTone('rejected')).toBe('danger');
    expect(appointmentStatusTone('rescheduled')).toBe('info');
  });

  it('writes dates day first and knows today in Kolkata', () => {
    expect(dayFirstDate('2026-04-23')).toBe('23/04/2026');
    expect(dayFirstDate(null)).toBe('');
    expect(todayInKolkata(new Date('2026-11-21T20:00:00Z'))).toBe('2026-11-22');
  });
});

describe('orderly-room payload', () => {
  it('creates with the filled fields and always as scheduled', () => {
    const values = {
      ...orderlyRoomValues(null),
      company_id: '3',
      user_id: 11,
      phone_number: '919876543210',
      notes: 'hi',
      status: 'completed',
    };
    expect(orderlyRoomPayload(values)).toEqual({
      company_id: 3,
      user_id: 11,
      phone_number: '9876543210',
      notes: 'hi',
      status: 'scheduled',
      request_type: 'orderly room',
    });
  });

  it('updates with only the changed fields, clearing emptied ones', () => {
    const original = buildAppointment();
    const values = { ...orderlyRoomValues(original), notes: '', additional_details: 'more', status: 'completed' };
    expect(orderlyRoomPayload(values, original)).toEqual({
      notes: null,
      additional_details: 'more',
      status: 'completed',
    });
    expect(orderlyRoomPayload(orderlyRoomValues(original), original)).toEqual({});
  });

  it('asks for the automatic reschedule only when rescheduled without a new date', () => {
    const original = buildAppointment();
    expect(wantsAutoReschedule({ ...orderlyRoomValues(original), status: 'rescheduled' }, original)).toBe(true);
    expect(
      wantsAutoReschedule(
        { ...orderlyRoomValues(original), status: 'rescheduled', preferred_date: '2026-12-01' },
        original,
      ),
    ).toBe(false);
    expect(wantsAutoReschedule({ ...orderlyRoomValues(original), status: 'completed' }, original)).toBe(false);
    expect(wantsAutoReschedule({ ...orderlyRoomValues(null), status: 'rescheduled' }, null)).toBe(false);
  });
});

describe('leave payload', () => {
  const today = '2026-11-22';

  it('creates with counters as numbers, default time and only the own remark', () => {
    const values = {
      ...leaveValues(null, today),
      company_id: '3',
      user_id: 11,
      leave_type: 'leave_sick',
      leave_start_date: '2026-11-23',
      leave_end_date: '2026-11-24',
      leave_reason: 'fever',
      rewards: '2',
      clerk_remarks: '<p>ok</p>',
      officer_remarks: '<p>not mine</p>',
    };
    const payload = leavePayload(values, 'clerk_remarks');
    expect(payload).toMatchObject({
      company_id: 3,
      user_id: 11,
      leave_type: 'leave_sick',
      appointment_date: today,
      appointment_time: '12:00:00',
      rewards: 2,
      sick: 0,
      clerk_remarks: '<p>ok</p>',
      status: 'scheduled',
      request_type: 'leave related',
    });
    expect(payload).not.toHaveProperty('officer_remarks');
  });

  it('updates with only the changed fields and never an empty editor as a remark', () => {
    const original = buildAppointment({
      is_leave_appointment: true,
      request_type: 'leave related',
      leave_type: 'Earned',
      leave_start_date: '2026-11-23',
      leave_end_date: '2026-11-24',
      leave_reason: 'x',
      rewards: 1,
    });
    const values = { ...leaveValues(original, today), rewards: '3', officer_remarks: '<p><br></p>' };
    expect(leavePayload(values, 'officer_remarks', original, today)).toEqual({ rewards: 3 });
    expect(leavePayload({ ...values, officer_remarks: '<p>Seen</p>' }, 'officer_remarks', original, today)).toEqual({
      rewards: 3,
      officer_remarks: '<p>Seen</p>',
    });
  });

  it('accepts whole numbers of 0 or more only', () => {
    expect(parseCounter('')).toBe(0);
    expect(parseCounter('12')).toBe(12);
    expect(parseCounter('-1')).toBeNull();
    expect(parseCounter('1.5')).toBeNull();
  });
});

describe('remarks', () => {
  it('lets only the own role edit and hides unfilled remarks of other roles', () => {
    const views = remarkViews('officer', { clerk_remarks: '', officer_remarks: '', commandant_remarks: '<p>done</p>' });
    expect(views.map((view) => [view.field, view.editable, view.visible])).toEqual([
      ['clerk_remarks', false, true],
      ['officer_remarks', true, true],
      ['commandant_remarks', false, true],
    ]);
    expect(remarkViews(null, {}).map((view) => [view.editable, view.visible])).toEqual([
      [false, true],
      [false, false],
      [false, false],
    ]);
  });

  it('reads the role from the server, else from the session role by the server’s rule', () => {
    expect(editableRemarkRole('clerk', { role: 'admin' })).toBe('clerk');
    expect(editableRemarkRole(null, { role: 'admin' })).toBeNull();
    expect(editableRemarkRole(undefined, { role: 'superadmin' })).toBe('commandant');
    // Before the server answers, only admin and superadmin are known: role names grant nothing else.
    expect(editableRemarkRole(undefined, { role: 'admin' })).toBe('commandant');
    expect(editableRemarkRole(undefined, { role: 'officer' })).toBeNull();
    expect(editableRemarkRole(undefined, { role: 'executive' })).toBeNull();
    expect(editableRemarkRole(undefined, { role: 'viewer' })).toBeNull();
    expect(editableRemarkRole(undefined, null)).toBeNull();
  });

  it('counts what a reader sees', () => {
    expect(plainTextLength('<p>ab&nbsp;c</p>')).toBe(4);
    expect(isEmptyRichText('<p><br></p>')).toBe(true);
  });
});

describe('print document', () => {
  const labels = {
    title: 'Appointment',
    forceName: 'State Reserve Police Force',
    printedAt: 'Printed',
    fields: {},
    remarks: { clerk_remarks: 'Clerk', officer_remarks: 'Officer', commandant_remarks: 'Commandant' },
  };

  it('escapes every value', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;',
    );
    const html = printDocument(
      buildAppointment({ full_name: '<script>alert(1)</script>', notes: '"quoted" & <b>' }),
      labels,
    );
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;quoted&quot; &amp; &lt;b&gt;');
    expect(html).toContain('State Reserve Police Force');
  });

  it('prints remarks as text only and the Marathi leave type label', () => {
    const html = printDocument(
      buildAppointment({
        is_leave_appointment: true,
        leave_type: 'leave_sick',
        clerk_remarks: '<p>Fine <img src=x onerror=alert(1)></p><p>&lt;b&gt;</p>',
      }),
      labels,
    );
    expect(html).toContain('गैरहजेरीतून हजर');
    expect(html).not.toContain('<img');
    expect(html).toContain('Fine <br>&lt;b&gt;');
    expect(remarkAsText('<h1>A</h1><ul><li>b</li></ul>')).toBe('A\nb');
  });
});

describe('leave submit errors', () => {
  it('follows the spec: details, one field, a message, or the generic text', () => {
    expect(
      leaveSubmitError(
        new ApiError(400, 'VALIDATION_ERROR', 'Invalid', undefined, [
          { field: 'leave_type', message: 'Leave type is required' },
        ]),
      ),
    ).toEqual({ key: 'errors.validationErrors', values: { lines: 'leave_type: Leave type is required' } });
    expect(leaveSubmitError(new ApiError(400, 'VALIDATION_ERROR', 'Reason is required', 'leave_reason'))).toEqual({
      key: 'errors.validationError',
      values: { message: 'Reason is required' },
    });
    expect(leaveSubmitError(new ApiError(403, 'FORBIDDEN', 'Only an officer can write officer remarks'))).toEqual({
      key: 'errors.error',
      values: { message: 'Only an officer can write officer remarks' },
    });
    expect(leaveSubmitError(new ApiError(0, 'NETWORK', 'Network error'))).toEqual({ key: 'errors.leaveSubmitFailed' });
    expect(leaveSubmitError(new Error('x'))).toEqual({ key: 'errors.leaveSubmitFailed' });
  });
});

describe('local user filter', () => {
  const person = (id: number, full_name: string, phone_number: string | null, badge_no: number | null) => ({
    id,
    first_name: full_name,
    middle_name: null,
    last_name: '',
    full_name,
    phone_number,
    badge_no,
    company_id: null,
    company_name: null,
    designation_name: null,
  });
  const users = Array.from({ length: 10 }, (_, index) =>
    person(index + 1, `Ravi ${index}`, `98000000${index}0`, 100 + index),
  );

  it('filters known people by name, phone or badge, at most 8', () => {
    expect(filterKnownUsers(users, 'r')).toHaveLength(8);
    expect(filterKnownUsers(users, '9').map((user) => user.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(filterKnownUsers([person(1, 'Asha', null, 7)], '7').map((user) => user.id)).toEqual([1]);
    expect(filterKnownUsers(users, ' ')).toEqual([]);
  });

  it('remembers each person once', () => {
    const known = rememberUsers([], users.slice(0, 2));
    expect(rememberUsers(known, users.slice(1, 3)).map((user) => user.id)).toEqual([1, 2, 3]);
    expect(rememberUsers(known, users.slice(0, 1))).toBe(known);
  });
});

describe('sorting the list by a column header', () => {
  it('starts a column in its first order and turns it the other way on a second click', () => {
    expect(nextListOrder('today_first', 'name')).toBe('name_asc');
    expect(nextListOrder('name_asc', 'name')).toBe('name_desc');
    expect(nextListOrder('name_desc', 'name')).toBe('name_asc');
    expect(nextListOrder('name_desc', 'status')).toBe('status_asc');
    expect(nextListOrder('status_asc', 'date')).toBe('today_first');
    expect(nextListOrder('today_first', 'date')).toBe('latest_first');
    expect(nextListOrder('latest_first', 'date')).toBe('today_first');
  });

  it('names the column a list order sorts and its direction', () => {
    expect(sortColumnOf('today_first')).toEqual({ column: 'date', ascending: true });
    expect(sortColumnOf('latest_first')).toEqual({ column: 'date', ascending: false });
    expect(sortColumnOf('status_desc')).toEqual({ column: 'status', ascending: false });
  });
});
