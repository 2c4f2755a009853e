/** What a slip layout is: how it names its file, how it draws the slip, and how a reader reads its name. */
import type { SlipPerson } from '../people.js';

/** A salary month: `2026-10`, and its parts (month 1–12). */
export interface SalaryMonth {
  readonly text: string;
  readonly year: number;
  readonly month: number;
}

/** A person as a layout draws them: the masked PAN is there for the layouts that print one. */
export interface SlipSubject extends SlipPerson {
  readonly maskedPan: string | null;
}

export interface SlipLayout {
  /** Whether the slip prints a masked PAN (drawn from the seeded sequence, so it shifts every later slip). */
  readonly printsPan: boolean;
  fileName(person: SlipSubject, month: SalaryMonth): string;
  html(person: SlipSubject, month: SalaryMonth): string;
  /** The employee's name as the slip writes it, words in given-name order (what a correct reading holds, word for word). */
  nameAsWritten(person: SlipSubject): string;
}

/** The office every generated slip comes from. */
export const OFFICE_EN = 'State Reserve Police Force, Group No. 5, Daund, District Pune';
export const OFFICE_MR = 'राज्य राखीव पोलीस बल, गट क्र. ५, दौंड, जिल्हा पुणे';

export const fullName = (person: SlipPerson) => `${person.firstName} ${person.middleName} ${person.lastName}`;
