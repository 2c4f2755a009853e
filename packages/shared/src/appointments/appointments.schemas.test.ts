import { describe, expect, it } from 'vitest';
import {
  ZAppointmentListQuery,
  ZCreateLeaveAppointmentRequest,
  ZCreateOrderlyRoomAppointmentRequest,
  ZRescheduleAppointmentRequest,
  ZUpdateAppointmentRequest,
} from './appointments.schemas.js';

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('appointment request schemas', () => {
  it('leaves absent fields absent, so a partial update changes only what it names', () => {
    expect(ZUpdateAppointmentRequest.parse({ notes: 'x' })).toEqual({ notes: 'x' });
    expect(ZCreateLeaveAppointmentRequest.parse({})).toEqual({});
  });

  it('reads numbers and dates the way forms send them', () => {
    const parsed = ZCreateLeaveAppointmentRequest.parse({
      company_id: '3',
      user_id: 7,
      rewards: '2',
      sick: '',
      appointment_time: '09:30',
      leave_start_date: '',
      badge_number: 1204,
    });
    expect(parsed).toMatchObject({
      company_id: 3,
      user_id: 7,
      rewards: 2,
      sick: 0,
      appointment_time: '09:30:00',
      leave_start_date: null,
      badge_number: '1204',
    });
  });

  it('refuses negative or fractional counters, bad dates, times and types on their fields', () => {
    const result = ZCreateLeaveAppointmentRequest.safeParse({
      rewards: -1,
      sick: 1.5,
      absent: 'many',
      leave_end_date: '2026-02-30',
      appointment_time: '25:00',
      company_id: 'HQ',
      request_type: 'transfer',
    });
    expect(fieldsOf(result).sort()).toEqual([
      'absent',
      'appointment_time',
      'company_id',
      'leave_end_date',
      'request_type',
      'rewards',
      'sick',
    ]);
  });

  it('creates only as scheduled', () => {
    expect(ZCreateOrderlyRoomAppointmentRequest.safeParse({ status: 'scheduled' }).success).toBe(true);
    expect(ZCreateOrderlyRoomAppointmentRequest.safeParse({ status: '' }).success).toBe(true);
    const approved = ZCreateOrderlyRoomAppointmentRequest.safeParse({ status: 'approved' });
    expect(approved.error?.issues[0]?.message).toBe('New appointments are always created as scheduled');
  });

  it('normalises and checks the phone', () => {
    expect(ZCreateOrderlyRoomAppointmentRequest.parse({ phone_number: '+91 98765 43210' }).phone_number).toBe(
      '9876543210',
    );
    expect(fieldsOf(ZCreateOrderlyRoomAppointmentRequest.safeParse({ phone_number: '12345' }))).toEqual([
      'phone_number',
    ]);
  });

  it('needs a date for a manual reschedule, nothing for an automatic one', () => {
    expect(fieldsOf(ZRescheduleAppointmentRequest.safeParse({}))).toEqual(['appointment_date']);
    expect(ZRescheduleAppointmentRequest.safeParse({ auto_reschedule: true }).success).toBe(true);
    expect(ZRescheduleAppointmentRequest.parse({ appointment_date: '2026-11-23', appointment_time: '11:15' })).toEqual({
      appointment_date: '2026-11-23',
      appointment_time: '11:15:00',
    });
  });

  it('whitelists sorting and bounds the page size', () => {
    expect(ZAppointmentListQuery.parse({})).toMatchObject({
      page: 1,
      limit: 10,
      sortBy: 'created_at',
      sortOrder: 'desc',
    });
    expect(ZAppointmentListQuery.safeParse({ sortBy: 'password_hash' }).success).toBe(false);
    expect(ZAppointmentListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(ZAppointmentListQuery.parse({ status: '', request_type: 'orderly room', limit: '50' })).toMatchObject({
      limit: 50,
      request_type: 'orderly room',
    });
  });
});
