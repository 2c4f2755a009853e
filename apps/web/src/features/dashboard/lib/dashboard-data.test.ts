import { describe, expect, it } from 'vitest';
import type { TKpiAppointment } from '@srpf/shared';
import {
  hourlySeries,
  needsApproval,
  officerName,
  pendingApprovals,
  personName,
  requestTypeKey,
  sortByDateTime,
  statusDistribution,
  statusKey,
  withDefaults,
} from './dashboard-data';

function buildAppointment(overrides: Partial<TKpiAppointment> = {}): TKpiAppointment {
  return {
    id: 1,
    appointment_date: '2026-04-23',
    appointment_time: '09:30:00',
    first_name: 'Sunil',
    last_name: 'Patil',
    name: 'Sunil Patil',
    officer_name: null,
    phone_number: null,
    badge_number: null,
    request_type: 'orderly room',
    status: 'pending',
    ...overrides,
  };
}

describe('withDefaults', () => {
  it('gives every count 0 and every list empty when missing', () => {
    expect(withDefaults(undefined)).toEqual({
      range: { from: '', to: '' },
      summary: { orders: 0, circulars: 0, appointments: 0, forms: 0, payslips: 0 },
      appointments: [],
      hourly: [],
      statuses: [],
      pending: [],
    });
    expect(withDefaults({ summary: { orders: 3 } as never }).summary.orders).toBe(3);
  });
});

describe('names', () => {
  it('uses name, else first and last name', () => {
    expect(personName(buildAppointment())).toBe('Sunil Patil');
    expect(personName(buildAppointment({ name: ' ', last_name: null }))).toBe('Sunil');
  });

  it('shows the officer name, else the name', () => {
    expect(officerName(buildAppointment({ officer_name: 'PSI Deshmukh' }))).toBe('PSI Deshmukh');
    expect(officerName(buildAppointment({ officer_name: '' }))).toBe('Sunil Patil');
  });
});

describe('statuses', () => {
  it('offers approval for the pending group and an empty status', () => {
    for (const status of [
      'pending',
      'Pending',
      'scheduled',
      'pending_clerk',
      'PENDING_OFFICER',
      'pending_final',
      '',
      '  ',
    ]) {
      expect(needsApproval(status)).toBe(true);
    }
    for (const status of [
      'approved',
      'completed',
      'rejected',
      'cancelled',
      'no-show',
      'deferred',
      'rescheduled',
      'other',
    ]) {
      expect(needsApproval(status)).toBe(false);
    }
  });

  it('makes translation keys', () => {
    expect(statusKey('Pending_Clerk')).toBe('pending_clerk');
    expect(statusKey('no-show')).toBe('no_show');
    expect(statusKey('')).toBe('none');
    expect(requestTypeKey('Leave Related')).toBe('leave_related');
    expect(requestTypeKey('leave_conversion')).toBe('leave_conversion');
    expect(requestTypeKey(null)).toBe('none');
  });

  it('groups the server’s counts by status with the spec colours, largest first', () => {
    const counts = [
      { status: 'approved', count: 40 },
      { status: 'pending', count: 300 },
      { status: 'Pending', count: 250 },
      { status: 'no-show', count: 1 },
      { status: 'rescheduled', count: 1 },
      { status: 'mystery', count: 1 },
    ];
    expect(statusDistribution(counts)).toEqual([
      { key: 'pending', count: 550, fill: '#B26E00' },
      { key: 'approved', count: 40, fill: '#1E8E5A' },
      { key: 'mystery', count: 1, fill: '#9CA3AF' },
      { key: 'no_show', count: 1, fill: '#A22C29' },
      { key: 'rescheduled', count: 1, fill: '#2E5AAC' },
    ]);
    expect(statusDistribution([])).toEqual([]);
  });
});

describe('ordering and pending approvals', () => {
  it('sorts by date then time', () => {
    const rows = [
      buildAppointment({ id: 1, appointment_date: '2026-04-23', appointment_time: '11:00:00' }),
      buildAppointment({ id: 2, appointment_date: '2026-04-22', appointment_time: '15:00:00' }),
      buildAppointment({ id: 3, appointment_date: '2026-04-23', appointment_time: '09:00:00' }),
    ];
    expect(sortByDateTime(rows).map((r) => r.id)).toEqual([2, 3, 1]);
  });

  it('keeps only the pending group', () => {
    const rows = [
      buildAppointment({ id: 1, status: 'approved' }),
      buildAppointment({ id: 2, status: 'pending_officer' }),
      buildAppointment({ id: 3, status: 'rejected' }),
      buildAppointment({ id: 4, status: 'scheduled' }),
    ];
    expect(pendingApprovals(rows).map((r) => r.id)).toEqual([2, 4]);
  });
});

describe('hourlySeries', () => {
  it('always has the 24 hours in order', () => {
    const series = hourlySeries([{ hour: '09', today: 3, average7d: 1.5 }]);
    expect(series).toHaveLength(24);
    expect(series[0]).toEqual({ hour: '00', today: 0, average7d: 0 });
    expect(series[9]).toEqual({ hour: '09', today: 3, average7d: 1.5 });
  });
});
