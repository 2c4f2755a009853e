import { z } from 'zod';
import type { TSessionUser, TUser } from '@srpf/shared';
import { normalisePhone, tenDigitPhone } from '@srpf/shared/common/phone';
import { NAME_MAX, NAME_MIN } from '@srpf/shared/users/users.rules';

export interface ProfileValues {
  first_name: string;
  middle_name: string;
  last_name: string;
  phone: string;
}

/**
 * The Profile tab's rules (document 2, section 5): each of the four fields required and trimmed, and
 * the phone exactly 10 digits; plus the server's 2-character minimum of first and last name.
 * Messages are keys of the settings namespace.
 */
export const profileSchema = z.object({
  first_name: z
    .string()
    .trim()
    .min(1, { message: 'profile.firstNameRequired', abort: true })
    .min(NAME_MIN, 'profile.firstNameTooShort')
    .max(NAME_MAX, 'profile.nameTooLong'),
  middle_name: z
    .string()
    .trim()
    .min(1, { message: 'profile.middleNameRequired', abort: true })
    .max(NAME_MAX, 'profile.nameTooLong'),
  last_name: z
    .string()
    .trim()
    .min(1, { message: 'profile.lastNameRequired', abort: true })
    .min(NAME_MIN, 'profile.lastNameTooShort')
    .max(NAME_MAX, 'profile.nameTooLong'),
  phone: z
    .string()
    .trim()
    .min(1, { message: 'profile.phoneRequired', abort: true })
    .refine((value) => tenDigitPhone(value) !== null, 'profile.phoneDigits'),
});

type ProfileSource = Partial<Pick<TUser, 'first_name' | 'middle_name' | 'last_name' | 'full_name' | 'phone_number'>> &
  Partial<Pick<TSessionUser, 'first_name'>> & { phone?: string | null };

/**
 * The form's starting values: the fresh GET /users/{id} answer merged over the stored session user
 * (the call may fail; the stored copy still fills what it can). The phone is shown normalised.
 */
export function profileValues(fresh: ProfileSource | undefined, stored: ProfileSource | null): ProfileValues {
  const source = { ...stored, ...fresh };
  return {
    first_name: source.first_name ?? '',
    middle_name: source.middle_name ?? '',
    last_name: source.last_name ?? '',
    phone: normalisePhone(source.phone_number ?? source.phone ?? ''),
  };
}

/** PUT /users/profile/me: the four fields, trimmed; the email is never sent. */
export function toProfilePayload(values: ProfileValues): ProfileValues {
  return {
    first_name: values.first_name.trim(),
    middle_name: values.middle_name.trim(),
    last_name: values.last_name.trim(),
    phone: tenDigitPhone(values.phone) ?? values.phone.trim(),
  };
}

/** What is read of a refused save (an ApiError; tests pass plain objects). */
interface SaveError {
  status?: number;
  field?: string;
}

/**
 * The phone's message for a refused save, as a settings key, or null when the error is not about the
 * phone. The form checked the format before sending, so a 400 on the phone means the server would
 * not take the number (it does not say whether someone else holds it); 429, too many changes.
 */
export function phoneSaveErrorKey(error: unknown): string | null {
  const { status, field } = (error ?? {}) as SaveError;
  if (status === 429 && field === 'phone') return 'profile.phoneTooOften';
  if (status === 400 && field === 'phone') return 'profile.phoneUnusable';
  return null;
}

/** Up to two initials for the avatar: first and last name, else the first two letters of what there is. */
export function initialsOf(firstName: string | undefined, lastName: string | undefined, fallback = ''): string {
  const letters = [firstName, lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  return (letters || fallback.trim().slice(0, 2)).toUpperCase();
}
