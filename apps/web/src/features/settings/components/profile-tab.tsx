import { useEffect } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { TUser } from '@srpf/shared';
import { PROFILE_PHONE_CHANGES_PER_HOUR } from '@srpf/shared/users/users.rules';
import { tenDigitPhone } from '@srpf/shared/common/phone';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/field';
import { roleNameOf } from '../../../lib/current-user';
import { apiErrorFields, setFormErrors } from '../../../lib/form-errors';
import { getStoredUser } from '../../../lib/session';
import { useUpdateProfile } from '../api/update-profile';
import {
  initialsOf,
  phoneSaveErrorKey,
  profileSchema,
  profileValues,
  toProfilePayload,
  type ProfileValues,
} from '../lib/profile-form';

const PROFILE_ERROR_FIELDS: Readonly<Record<string, keyof ProfileValues>> = {
  first_name: 'first_name',
  middle_name: 'middle_name',
  last_name: 'last_name',
  phone: 'phone',
};

/**
 * Profile: the avatar (initials), name and role, and the editable names and phone (document 2,
 * sections 2.9 and 5). The email is shown but never sent.
 */
export function ProfileTab({ user }: { user: TUser | undefined }) {
  const { t } = useTranslation('settings');
  const stored = getStoredUser();
  const update = useUpdateProfile();
  const { register, handleSubmit, reset, setError, formState, control } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema) as unknown as Resolver<ProfileValues>,
    defaultValues: profileValues(user, stored),
  });
  const { errors, isDirty } = formState;

  // The fresh answer arrives after the stored copy filled the form; it wins unless the user has typed.
  useEffect(() => {
    if (user && !isDirty) reset(profileValues(user, getStoredUser()));
  }, [user, isDirty, reset]);

  const message = (field: keyof ProfileValues) => {
    const error = errors[field];
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(error.message);
  };

  const submit = handleSubmit((values) =>
    update.mutate(toProfilePayload(values), {
      onSuccess: (saved) => {
        toast.success(t('profile.saved'));
        reset(profileValues(saved, getStoredUser()));
      },
      onError: (error) => {
        console.error('Saving the profile failed', error);
        // A number the server will not take, or too many changes, in the reader's language on the phone.
        const phoneKey = phoneSaveErrorKey(error);
        if (phoneKey)
          setError(
            'phone',
            { type: 'server', message: t(phoneKey, { limit: PROFILE_PHONE_CHANGES_PER_HOUR }) },
            { shouldFocus: true },
          );
        else setFormErrors(setError, apiErrorFields(error, PROFILE_ERROR_FIELDS));
        toast.error(t('profile.saveFailed'));
      },
    }),
  );

  // A new number is not yet confirmed as the person's: WhatsApp stops until it is (issue 31).
  const typedPhone = useWatch({ control, name: 'phone' });
  const phoneChanging =
    Boolean(user?.phone_number) && (tenDigitPhone(typedPhone ?? '') ?? typedPhone) !== user?.phone_number;

  const fullName = user?.full_name ?? stored?.full_name ?? '';
  const role = roleNameOf(user) ?? roleNameOf(stored) ?? '';
  const email = user?.email ?? stored?.email ?? '';

  return (
    <Card className="p-6">
      <div className="mb-6 flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100"
        >
          {initialsOf(user?.first_name ?? stored?.first_name, user?.last_name, fullName)}
        </span>
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-slate-900 dark:text-white">{fullName}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {role ? t(`roles.${role}`, { defaultValue: role.replaceAll('_', ' ') }) : ''}
          </p>
        </div>
      </div>

      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
        <Field label={t('profile.firstName')} required error={message('first_name')}>
          {({ id, describedBy, invalid, required }) => (
            <Input
              id={id}
              required={required}
              autoComplete="given-name"
              aria-describedby={describedBy}
              invalid={invalid}
              {...register('first_name')}
            />
          )}
        </Field>
        <Field label={t('profile.middleName')} required error={message('middle_name')}>
          {({ id, describedBy, invalid, required }) => (
            <Input
              id={id}
              required={required}
              autoComplete="additional-name"
              aria-describedby={describedBy}
              invalid={invalid}
              {...register('middle_name')}
            />
          )}
        </Field>
        <Field label={t('profile.lastName')} required error={message('last_name')}>
          {({ id, describedBy, invalid, required }) => (
            <Input
              id={id}
              required={required}
              autoComplete="family-name"
              aria-describedby={describedBy}
              invalid={invalid}
              {...register('last_name')}
            />
          )}
        </Field>
        <Field label={t('profile.email')} hint={t('profile.emailHint')}>
          {({ id, describedBy }) => (
            <Input id={id} type="email" value={email} readOnly aria-describedby={describedBy} />
          )}
        </Field>
        <Field
          label={t('profile.phone')}
          required
          error={message('phone')}
          hint={phoneChanging ? t('profile.phoneChangeWarning') : undefined}
          hintLive
        >
          {({ id, describedBy, invalid, required }) => (
            <Input
              id={id}
              required={required}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              aria-describedby={describedBy}
              invalid={invalid}
              {...register('phone')}
            />
          )}
        </Field>
        <div className="flex items-end justify-end sm:col-span-2">
          <Button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
            {update.isPending ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
