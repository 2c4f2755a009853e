import { useEffect, useEffectEvent, useRef, useState, type BaseSyntheticEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import {
  INITIAL_APPOINTMENT_STATUS,
  missingRequiredFields,
  ORDERLY_ROOM_REQUIRED_FIELDS,
  REQUEST_TYPES,
} from '@srpf/shared/appointments/appointments.rules';
import { normalisePhone } from '@srpf/shared/common/phone';
import { Button } from '../../../components/ui/button';
import { controlClasses, Field, Input, Select } from '../../../components/ui/field';
import { SlideOver } from '../../../components/ui/slide-over';
import { TypedDateInput, useTypedDateProblemText } from '../../../components/ui/typed-date-input';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { typedDateProblem } from '../../../lib/typed-date';
import { findUserByPhone } from '../api/find-user-by-phone';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { useSaveAppointment } from '../api/save-appointment';
import {
  editFormStatusChoices,
  orderlyRoomUpdate,
  statusReasonNeeded,
  type AppointmentFormProps,
} from '../lib/edit-form';
import {
  orderlyRoomPayload,
  orderlyRoomValues,
  wantsAutoReschedule,
  type OrderlyRoomValues,
} from '../lib/form-payload';
import { dayFirstDate, shortTime } from '../lib/status';
import { CompanyUserFields, useCompanyUser } from './company-user-fields';
import { FormNotice } from './form-notice';
import { useFormFrame } from './use-form-frame';

const PHONE_LOOKUP_MIN = 10;
const PHONE_LOOKUP_DELAY_MS = 400;

/**
 * The orderly-room form (document 2, sections 2.5, 4, 5 and 8) in the right-side panel. Editing, the
 * detail's abilities decide: the details only while `can_edit`, the statuses of `status_choices`,
 * and a reason for the status change when `status_reason_required`; nothing until they are known.
 */
export function OrderlyRoomForm({
  appointment,
  abilities,
  abilitiesFailed = false,
  onClose,
  onSaved,
}: AppointmentFormProps) {
  const { t } = useTranslation('appointments');
  const { editing, waiting, locked, filer, formId, panel, finish } = useFormFrame({
    appointment,
    abilities,
    onClose,
  });
  const save = useSaveAppointment();
  const reschedule = useRescheduleAppointment();
  const busy = save.isPending || reschedule.isPending;
  const { register, handleSubmit, setValue, control } = useForm<OrderlyRoomValues>({
    defaultValues: filer
      ? {
          ...orderlyRoomValues(null),
          user_id: filer.id,
          company_id: filer.companyId === null ? '' : String(filer.companyId),
          phone_number: filer.phone,
          badge_number: filer.badge,
        }
      : orderlyRoomValues(appointment),
  });
  const [errors, setErrors] = useState<
    Partial<Record<'company_id' | 'user_id' | 'phone_number' | 'preferred_date' | 'status_reason', string>>
  >({});
  const dateProblemText = useTypedDateProblemText();
  const [statusReason, setStatusReason] = useState('');
  const [lookupNote, setLookupNote] = useState('');
  const [companyId, phone] = useWatch({ control, name: ['company_id', 'phone_number'] });
  const lastLookup = useRef(normalisePhone(appointment?.phone_number ?? filer?.phone));

  const companyUser = useCompanyUser({
    appointment,
    companyId,
    setValue,
    setErrors,
    filer,
    onChoose: (user) => {
      if (user.phone_number) {
        setValue('phone_number', user.phone_number, { shouldDirty: true });
        lastLookup.current = normalisePhone(user.phone_number);
        setErrors((current) => ({ ...current, phone_number: undefined }));
      }
      setValue('badge_number', user.badge_no !== null ? String(user.badge_no) : '', { shouldDirty: true });
    },
  });

  // A typed number of 10 or more characters looks the person up and fills the user. Only a new number
  // starts a lookup; the lookup itself reads the form as it is when it runs.
  const lookUpPhone = useEffectEvent((digits: string) => {
    lastLookup.current = digits;
    // A person who files only for themselves keeps themselves: the number is just their contact.
    if (companyUser.fixed) return;
    setLookupNote(t('userPicker.phoneLookup'));
    findUserByPhone(digits)
      .then((user) => {
        if (user) {
          companyUser.chooseUser(user);
          setLookupNote(t('userPicker.phoneFound', { name: user.full_name }));
        } else setLookupNote('');
      })
      .catch(() => setLookupNote(''));
  });
  useEffect(() => {
    const digits = normalisePhone(phone);
    if (phone.trim().length < PHONE_LOOKUP_MIN || digits.length < 10 || digits === lastLookup.current) return;
    const timer = setTimeout(() => lookUpPhone(digits), PHONE_LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phone]);

  const send = async (values: OrderlyRoomValues) => {
    if (waiting) return;
    // Locked details are never checked nor sent (orderlyRoomUpdate); only the status may change.
    if (!locked) {
      const missing = missingRequiredFields(ORDERLY_ROOM_REQUIRED_FIELDS, {
        company_id: values.company_id,
        user_id: values.user_id ?? '',
      });
      const nextErrors: typeof errors = {};
      for (const { field } of missing) nextErrors[field] = t('form.required');
      if (missing.length > 0) {
        setErrors(nextErrors);
        toast.error(t('form.orderlyRequired'));
        return;
      }
      if (normalisePhone(values.phone_number) === '') {
        setErrors({ phone_number: t('form.phoneRequired') });
        toast.error(t('form.phoneRequired'));
        return;
      }
      const badDate = dateProblemText(typedDateProblem(values.preferred_date));
      if (badDate) {
        setErrors({ preferred_date: badDate });
        toast.error(badDate);
        return;
      }
    }
    setErrors({});

    if (!appointment) {
      try {
        await save.mutateAsync({ kind: 'orderly', payload: orderlyRoomPayload(values) });
        toast.success(t('form.created'));
        onSaved?.();
        finish();
      } catch {
        toast.error(t('errors.createFailed'));
      }
      return;
    }

    // Editing waits for the abilities (the submit button is disabled until then).
    if (!abilities) return;
    const update = orderlyRoomUpdate(values, appointment, abilities, statusReason);
    if (update.kind === 'reasonMissing') {
      setErrors({ status_reason: t('form.statusReasonRequired') });
      toast.error(t('form.statusReasonRequired'));
      return;
    }

    if (update.kind === 'autoReschedule') {
      try {
        if (Object.keys(update.payload).length > 0)
          await save.mutateAsync({ kind: 'orderly', id: appointment.id, payload: update.payload });
        const result = await reschedule.mutateAsync({ id: appointment.id, body: { auto_reschedule: true } });
        toast.success(
          t('reschedule.newSlot', {
            date: dayFirstDate(result.rescheduled.appointment_date),
            time: shortTime(result.rescheduled.appointment_time),
          }),
        );
        onSaved?.();
        finish();
      } catch {
        toast.error(t('errors.rescheduleFailed'));
      }
      return;
    }

    try {
      if (Object.keys(update.payload).length > 0)
        await save.mutateAsync({ kind: 'orderly', id: appointment.id, payload: update.payload });
      toast.success(t('form.updated'));
      onSaved?.();
      finish();
    } catch (error) {
      // The server's word on the reason (too long, or missing after all) goes under its field.
      if (error instanceof ApiError && error.field === 'status_reason') setErrors({ status_reason: errorText(error) });
      toast.error(t('errors.updateFailed'));
    }
  };
  // handleSubmit runs when the form is sent, not while rendering: the handler reads refs.
  const submit = (event: BaseSyntheticEvent) => handleSubmit(send)(event);

  // Editing, the statuses this person may set (the current one only, until the abilities are known).
  const statuses = appointment
    ? editFormStatusChoices(abilities ?? { status_choices: [] }, appointment.status)
    : [INITIAL_APPOINTMENT_STATUS];
  const [status, preferredDate] = useWatch({ control, name: ['status', 'preferred_date'] });
  const showReason =
    appointment !== null &&
    statusReasonNeeded(abilities, appointment.status, status) &&
    !wantsAutoReschedule({ ...orderlyRoomValues(appointment), status, preferred_date: preferredDate }, appointment);

  return (
    <SlideOver
      ref={panel}
      open
      onClose={onClose}
      busy={busy}
      title={editing ? t('form.orderlyEditTitle') : t('form.orderlyCreateTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={() => panel.current?.close()} disabled={busy}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" form={formId} disabled={busy || waiting} aria-busy={busy}>
            {busy ? t('form.saving') : editing ? t('form.update') : t('form.create')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
        {editing && (
          <div className="sm:col-span-2">
            <FormNotice waiting={waiting} failed={abilitiesFailed} locked={locked} />
          </div>
        )}
        <fieldset disabled={locked} className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <CompanyUserFields appointment={appointment} state={companyUser} errors={errors} />
          <Field label={t('fields.phone')} required error={errors.phone_number} hint={lookupNote || undefined} hintLive>
            {({ id, describedBy, invalid }) => (
              <Input
                id={id}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                aria-describedby={describedBy}
                invalid={invalid}
                required
                {...register('phone_number')}
              />
            )}
          </Field>
          <Field label={t('fields.badge')}>{({ id }) => <Input id={id} {...register('badge_number')} />}</Field>
          <Field label={t('fields.additionalDetails')} className="sm:col-span-2">
            {({ id }) => (
              <textarea id={id} rows={3} className={`${controlClasses()} py-2`} {...register('additional_details')} />
            )}
          </Field>
          <Field label={t('fields.notes')} className="sm:col-span-2">
            {({ id }) => <textarea id={id} rows={3} className={`${controlClasses()} py-2`} {...register('notes')} />}
          </Field>
          <Field label={t('fields.preferredDate')} error={errors.preferred_date}>
            {({ id, describedBy, invalid }) => (
              <Controller
                control={control}
                name="preferred_date"
                render={({ field }) => (
                  <TypedDateInput
                    id={id}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    aria-describedby={describedBy}
                    invalid={invalid}
                  />
                )}
              />
            )}
          </Field>
          {editing && (
            <Field label={t('fields.requestType')}>
              {({ id }) => (
                <Select id={id} {...register('request_type')}>
                  {REQUEST_TYPES.map((value) => (
                    <option key={value} value={value}>
                      {t(`requestType.${value}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        </fieldset>
        <Field
          label={t('fields.status')}
          hint={
            editing ? (status === 'rescheduled' ? t('form.autoRescheduleHint') : undefined) : t('form.newOnlyScheduled')
          }
        >
          {({ id, describedBy }) => (
            <Select id={id} aria-describedby={describedBy} disabled={statuses.length < 2} {...register('status')}>
              {statuses.map((value) => (
                <option key={value} value={value}>
                  {t(`status.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {showReason && (
          <Field
            label={t('form.statusReason')}
            required
            error={errors.status_reason}
            hint={t('form.statusReasonHint')}
            className="sm:col-span-2"
          >
            {({ id, describedBy, invalid, required }) => (
              <textarea
                id={id}
                rows={2}
                value={statusReason}
                onChange={(event) => setStatusReason(event.target.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                aria-required={required || undefined}
                className={`${controlClasses(invalid)} py-2`}
              />
            )}
          </Field>
        )}
      </form>
    </SlideOver>
  );
}
