import { useEffect, useRef } from 'react';
import { LEAVE_COUNTERS, type LeaveCounter } from '@srpf/shared/appointments/appointments.rules';
import type { TPreviousLeaveCounters } from '@srpf/shared';
import { usePreviousLeaveCounters } from '../api/get-previous-leave-counters';

interface SetCounterValue {
  (name: LeaveCounter | 'date_of_joining', value: string, options: { shouldDirty: boolean }): void;
}

/**
 * A new leave request's counters (and date of joining) filled from the same person's previous leave
 * request, once the person is chosen; choosing another person without one, or one whose previous
 * request cannot be read (403), puts them back to 0.
 * Returns the request they came from, for the form to say so.
 */
export function useCounterPrefill(
  userId: number | null,
  enabled: boolean,
  setValue: SetCounterValue,
): TPreviousLeaveCounters | null {
  const previous = usePreviousLeaveCounters(userId, enabled);
  const filled = useRef(false);
  // A refused or failed read is "no previous request": the last person's counters must not stay.
  const answer = previous.isSuccess ? previous.data : previous.isError ? null : undefined;
  useEffect(() => {
    if (answer === undefined) return;
    if (answer === null && !filled.current) return;
    for (const counter of LEAVE_COUNTERS) setValue(counter, String(answer?.[counter] ?? 0), { shouldDirty: true });
    setValue('date_of_joining', answer?.date_of_joining ?? '', { shouldDirty: true });
    filled.current = answer !== null;
  }, [answer, setValue]);
  return enabled ? (answer ?? null) : null;
}
