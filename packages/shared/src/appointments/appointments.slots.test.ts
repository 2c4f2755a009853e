import { describe, expect, it } from 'vitest';
import {
  autoRescheduleWindowEnd,
  findAutoRescheduleSlot,
  isWorkingDay,
  nextWorkingDay,
  type Slot,
} from './appointments.slots.js';

// 2026-11-21 is a Saturday, 2026-11-22 a Sunday, 2026-11-23 a Monday.
const takenFrom = (slots: string[]) => (slot: Slot) => slots.includes(`${slot.date} ${slot.time}`);
const free = () => false;

function fullDay(date: string): string[] {
  const slots: string[] = [];
  for (let minutes = 10 * 60; minutes < 17 * 60; minutes += 15) {
    slots.push(
      `${date} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`,
    );
  }
  return slots;
}

describe('working days', () => {
  it('are Monday to Saturday', () => {
    expect(isWorkingDay('2026-11-21')).toBe(true);
    expect(isWorkingDay('2026-11-22')).toBe(false);
    expect(isWorkingDay('2026-11-23')).toBe(true);
    expect(nextWorkingDay('2026-11-20')).toBe('2026-11-21');
    expect(nextWorkingDay('2026-11-21')).toBe('2026-11-23');
    expect(nextWorkingDay('2026-11-22')).toBe('2026-11-23');
    expect(nextWorkingDay('2026-12-31')).toBe('2027-01-01');
  });
});

describe('findAutoRescheduleSlot', () => {
  it('takes the next working day at the same time when it is free', () => {
    expect(findAutoRescheduleSlot({ after: '2026-11-19', time: '12:00:00', isTaken: free })).toEqual({
      date: '2026-11-20',
      time: '12:00:00',
    });
  });

  it('goes from Saturday to Monday', () => {
    expect(findAutoRescheduleSlot({ after: '2026-11-21', time: '12:00:00', isTaken: free })).toEqual({
      date: '2026-11-23',
      time: '12:00:00',
    });
  });

  it('keeps a time outside office hours when that slot is free', () => {
    expect(findAutoRescheduleSlot({ after: '2026-11-19', time: '09:00:00', isTaken: free })).toEqual({
      date: '2026-11-20',
      time: '09:00:00',
    });
  });

  it('takes the next free 15-minute slot when the same time is taken', () => {
    const isTaken = takenFrom(['2026-11-23 12:00:00', '2026-11-23 12:15:00']);
    expect(findAutoRescheduleSlot({ after: '2026-11-21', time: '12:00:00', isTaken })).toEqual({
      date: '2026-11-23',
      time: '12:30:00',
    });
  });

  it('rounds an odd time up to the next quarter hour', () => {
    const isTaken = takenFrom(['2026-11-23 12:07:00']);
    expect(findAutoRescheduleSlot({ after: '2026-11-21', time: '12:07:00', isTaken })).toEqual({
      date: '2026-11-23',
      time: '12:15:00',
    });
  });

  it('starts at 10:00 when an early time is taken', () => {
    const isTaken = takenFrom(['2026-11-23 08:00:00']);
    expect(findAutoRescheduleSlot({ after: '2026-11-21', time: '08:00:00', isTaken })).toEqual({
      date: '2026-11-23',
      time: '10:00:00',
    });
  });

  it('moves to the next working day at 10:00 at the end of the day', () => {
    const isTaken = takenFrom(['2026-11-20 16:45:00']);
    expect(findAutoRescheduleSlot({ after: '2026-11-19', time: '16:45:00', isTaken })).toEqual({
      date: '2026-11-21',
      time: '10:00:00',
    });
    const saturdayFull = takenFrom(['2026-11-21 16:30:00', '2026-11-21 16:45:00']);
    expect(findAutoRescheduleSlot({ after: '2026-11-20', time: '16:30:00', isTaken: saturdayFull })).toEqual({
      date: '2026-11-23',
      time: '10:00:00',
    });
  });

  it('skips a full day', () => {
    const isTaken = takenFrom([...fullDay('2026-11-23'), '2026-11-24 10:00:00']);
    expect(findAutoRescheduleSlot({ after: '2026-11-21', time: '10:00:00', isTaken })).toEqual({
      date: '2026-11-24',
      time: '10:15:00',
    });
  });

  it('gives up after the horizon', () => {
    expect(
      findAutoRescheduleSlot({ after: '2026-11-21', time: '12:00:00', isTaken: () => true, horizonDays: 3 }),
    ).toBeNull();
    expect(autoRescheduleWindowEnd('2026-11-21', 3)).toBe('2026-11-26');
  });
});
