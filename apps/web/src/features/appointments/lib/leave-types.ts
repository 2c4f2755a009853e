import {
  isMarathiOnlyLeaveType,
  KNOWN_LEAVE_TYPES,
  LEAVE_TYPE_LABELS,
} from '@srpf/shared/appointments/appointments.rules';

/** The translator these helpers need: i18next's `t` of the appointments namespace. */
type Translate = (key: string) => string;

export interface LeaveTypeChoice {
  value: string;
  label: string;
  /** The language of the label when it is not the page's (the spec's two read in Marathi everywhere). */
  lang?: 'mr';
}

/**
 * The leave types the form offers, named in the reader's language (`leaveTypes.<code>`), except the
 * spec's two, whose Marathi labels stay as the spec gives them.
 */
export function leaveTypeChoices(t: Translate): LeaveTypeChoice[] {
  return KNOWN_LEAVE_TYPES.map((value) =>
    isMarathiOnlyLeaveType(value)
      ? { value, label: LEAVE_TYPE_LABELS[value]!, lang: 'mr' as const }
      : { value, label: t(`leaveTypes.${value}`) },
  );
}

/** A stored leave type for the reader: a known code's name, else the free text as typed. */
export function leaveTypeName(value: string | null | undefined, t: Translate): string {
  if (!value) return '';
  return leaveTypeChoices(t).find((choice) => choice.value === value)?.label ?? value;
}
