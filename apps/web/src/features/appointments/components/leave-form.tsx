import { useState, type BaseSyntheticEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { mayFileAndForward } from '@srpf/shared/appointments/appointments.policy';
import {
  isCalendarDate,
  LEAVE_COUNTERS,
  LEAVE_REQUIRED_FIELDS,
  leaveDays,
  missingRequiredFields,
  normaliseTime,
  remarkFieldOf,
} from '@srpf/shared/appointments/appointments.rules';
import { Button } from '../../../components/ui/button';
import { controlClasses, Field, Input } from '../../../components/ui/field';
import { SlideOver } from '../../../components/ui/slide-over';
import { TypedDateInput } from '../../../components/ui/typed-date-input';
import { useCurrentUser } from '../../../lib/current-user';
import { typedDateText } from '../../../lib/typed-date';
import { useMyAppointmentRole } from '../api/get-my-role';
import { useSaveAppointment } from '../api/save-appointment';
import { leaveEditValues, type AppointmentFormProps } from '../lib/edit-form';
import { leavePayload, leaveValues, parseCounter, type LeaveValues } from '../lib/form-payload';
import { editableRemarkRole, remarkViews } from '../lib/remarks';
import { todayInKolkata } from '../lib/status';
import { leaveSubmitError } from '../lib/submit-error';
import { RemarkField } from './remark-field';
import { CompanyUserFields, useCompanyUser } from './company-user-fields';
import { FormNotice } from './form-notice';
import { useFormFrame } from './use-form-frame';
import { LeaveTypeField } from './leave-type-field';
import { useCounterPrefill } from './use-counter-prefill';

/** The date fields, typed day first (TypedDateInput). */
const DATE_FIELDS = ['leave_start_date', 'leave_end_date', 'appointment_date', 'date_of_joining'] as const;

type FieldErrors = Partial<Record<keyof LeaveValues, string>>;

function Section({ title, disabled, children }: { title: string; disabled?: boolean; children: React.ReactNode }) {
  return (
    <fieldset disabled={disabled} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-slate-100">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * The leave application (document 2, sections 2.4, 5, 6 and 8) in the right-side panel. Editing, the
 * detail's abilities decide: the details only while `can_edit`, the remark of the person's role in
 * the appointment's company; nothing until they are known.
 */
export function LeaveForm({ appointment, abilities, abilitiesFailed = false, onClose, onSaved }: AppointmentFormProps) {
  const { t } = useTranslation('appointments');
  const { editing, waiting, locked, filer, formId, panel, finish } = useFormFrame({
    appointment,
    abilities,
    onClose,
  });
  const today = todayInKolkata();
  const myRole = useMyAppointmentRole();
  const save = useSaveAppointment();
  const { register, handleSubmit, setValue, control } = useForm<LeaveValues>({
    defaultValues: filer
      ? {
          ...leaveValues(null, today),
          user_id: filer.id,
          company_id: filer.companyId === null ? '' : String(filer.companyId),
        }
      : leaveValues(appointment, today),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [companyId, userId, startDate, endDate] = useWatch({
    control,
    name: ['company_id', 'user_id', 'leave_start_date', 'leave_end_date'],
  });
  const totalDays = leaveDays(startDate, endDate);
  const prefilledFrom = useCounterPrefill(userId, !editing, setValue);

  const me = useCurrentUser();
  // Editing, the role in this appointment's company (the detail's); a new request, the person's own.
  const role = editing
    ? (abilities?.remark_role ?? null)
    : editableRemarkRole(myRole.isSuccess ? myRole.data.remark_role : undefined, { role: me.role });
  const remarkField = remarkFieldOf(role);
  const [clerkRemarks, officerRemarks, commandantRemarks] = useWatch({
    control,
    name: ['clerk_remarks', 'officer_remarks', 'commandant_remarks'],
  });
  const remarks = remarkViews(role, {
    clerk_remarks: clerkRemarks,
    officer_remarks: officerRemarks,
    commandant_remarks: commandantRemarks,
  });

  const companyUser = useCompanyUser({ appointment, companyId, setValue, setErrors, filer });
  // "File and forward to the officer": a clerk of the company filing for someone else (the server decides again).
  const mayForward =
    !editing &&
    userId !== null &&
    companyId !== '' &&
    mayFileAndForward(me.actor, { userId, companyId: Number(companyId) });

  /** The form's own checks (document 2, section 5): errors under the fields and in a toast; true when all pass. */
  const valid = (values: LeaveValues): boolean => {
    const missing = missingRequiredFields(LEAVE_REQUIRED_FIELDS, { ...values, user_id: values.user_id ?? '' });
    const next: FieldErrors = {};
    for (const { field } of missing) next[field] = t('form.required');
    if (missing.length > 0) {
      setErrors(next);
      toast.error(t('form.leaveRequired'));
      return false;
    }
    for (const field of DATE_FIELDS)
      if (values[field] !== '' && !isCalendarDate(values[field])) next[field] = t('form.dateFormat');
    if (!next.leave_start_date && !next.leave_end_date && values.leave_end_date < values.leave_start_date)
      next.leave_end_date = t('form.endBeforeStart');
    const dateChanged = !appointment || values.appointment_date !== appointment.appointment_date;
    if (!next.appointment_date && (values.appointment_date === '' || (dateChanged && values.appointment_date < today)))
      next.appointment_date = t('form.dateInPast');
    if (!normaliseTime(values.appointment_time)) next.appointment_time = t('form.timeRequired');
    for (const counter of LEAVE_COUNTERS)
      if (parseCounter(values[counter]) === null) next[counter] = t('form.counterInvalid');
    setErrors(next);
    const problems = Object.entries(next);
    if (problems.length > 0) {
      toast.error(t('errors.validationErrors', { lines: problems.map(([, message]) => message).join('\n') }), {
        style: { whiteSpace: 'pre-line' },
      });
      return false;
    }
    return true;
  };

  const send = async (typed: LeaveValues, forward = false) => {
    if (waiting) return;
    // Locked details are sent as stored (so never), whatever the disabled inputs hold; only the remark may change.
    const values = appointment && abilities ? leaveEditValues(typed, appointment, abilities, today) : typed;
    // Locked details were checked when they could still change; only the remark is new.
    if (!locked && !valid(values)) return;
    try {
      const fields = leavePayload(values, remarkField, appointment, today);
      const payload = forward ? { ...fields, forward_to_officer: true } : fields;
      if (!appointment || Object.keys(payload).length > 0)
        await save.mutateAsync({ kind: 'leave', id: appointment?.id, payload });
      toast.success(appointment ? t('form.leaveUpdated') : forward ? t('form.forwarded') : t('form.leaveCreated'));
      onSaved?.();
      finish();
    } catch (error) {
      const message = leaveSubmitError(error);
      toast.error(t(message.key, message.values ?? {}), { style: { whiteSpace: 'pre-line' } });
    }
  };
  // handleSubmit runs when the form is sent, not while rendering: the handler reads refs.
  const submit = (event: BaseSyntheticEvent) => handleSubmit((values) => send(values))(event);
  const submitAndForward = (event: BaseSyntheticEvent) => handleSubmit((values) => send(values, true))(event);

  const dateField = (name: (typeof DATE_FIELDS)[number], label: string, required = false) => (
    <Field label={label} required={required} error={errors[name]}>
      {({ id, describedBy, invalid }) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <TypedDateInput
              id={id}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby={describedBy}
              invalid={invalid}
              required={required}
            />
          )}
        />
      )}
    </Field>
  );

  const text = (
    name: keyof LeaveValues,
    label: string,
    options: { type?: string; required?: boolean; wide?: boolean } = {},
  ) => (
    <Field
      label={label}
      required={options.required}
      error={errors[name]}
      className={options.wide ? 'sm:col-span-2' : undefined}
    >
      {({ id, describedBy, invalid, required }) => (
        <Input
          id={id}
          type={options.type ?? 'text'}
          aria-describedby={describedBy}
          invalid={invalid}
          required={required}
          {...register(name)}
        />
      )}
    </Field>
  );

  return (
    <SlideOver
      ref={panel}
      open
      onClose={onClose}
      busy={save.isPending}
      title={editing ? t('form.leaveEditTitle') : t('form.leaveCreateTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={() => panel.current?.close()} disabled={save.isPending}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={mayForward ? 'secondary' : 'primary'}
            disabled={save.isPending || waiting}
            aria-busy={save.isPending}
          >
            {save.isPending ? t('form.saving') : editing ? t('form.update') : t('form.create')}
          </Button>
          {mayForward && (
            <Button
              onClick={(event) => void submitAndForward(event)}
              disabled={save.isPending}
              aria-busy={save.isPending}
            >
              {t('form.fileAndForward')}
            </Button>
          )}
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
        {editing && <FormNotice waiting={waiting} failed={abilitiesFailed} locked={locked} />}
        <Section title={t('form.personal')} disabled={locked}>
          <CompanyUserFields appointment={appointment} state={companyUser} errors={errors} />
        </Section>

        <Section title={t('form.leaveDetails')} disabled={locked}>
          <LeaveTypeField
            stored={appointment?.leave_type ?? ''}
            error={errors.leave_type}
            onChange={(value) => setValue('leave_type', value, { shouldDirty: true })}
            otherField={text('leave_type', t('fields.leaveTypeText'), { required: true })}
          />
          {dateField('leave_start_date', t('fields.startDate'), true)}
          {dateField('leave_end_date', t('fields.endDate'), true)}
          <p aria-live="polite" className="text-sm font-medium text-slate-700 sm:col-span-2 dark:text-slate-300">
            {totalDays === null ? null : t('form.totalDays', { count: totalDays })}
          </p>
          <Field label={t('fields.reason')} required error={errors.leave_reason} className="sm:col-span-2">
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                rows={3}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                aria-required
                className={`${controlClasses(invalid)} py-2`}
                {...register('leave_reason')}
              />
            )}
          </Field>
        </Section>

        <Section title={t('form.appointment')} disabled={locked}>
          {dateField('appointment_date', t('fields.appointmentDate'), true)}
          {text('appointment_time', t('fields.appointmentTime'), { type: 'time', required: true })}
          {dateField('date_of_joining', t('fields.dateOfJoining'))}
        </Section>

        <Section title={t('form.record')} disabled={locked}>
          {prefilledFrom && (
            <p className="text-sm text-slate-700 sm:col-span-2 dark:text-slate-300">
              {t('form.countersPrefilled', { date: typedDateText(prefilledFrom.leave_start_date ?? '') })}
            </p>
          )}
          {LEAVE_COUNTERS.map((counter) => (
            <Field key={counter} label={t(`fields.${counter}`)} error={errors[counter]}>
              {({ id, describedBy, invalid }) => (
                <Input
                  id={id}
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  aria-describedby={describedBy}
                  invalid={invalid}
                  {...register(counter)}
                />
              )}
            </Field>
          ))}
        </Section>

        <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-slate-100">{t('form.remarks')}</legend>
          {remarks
            .filter((remark) => remark.visible)
            .map((remark) => (
              <Controller
                key={remark.field}
                control={control}
                name={remark.field}
                render={({ field }) => (
                  <RemarkField
                    label={t(`fields.${remark.field}`)}
                    value={field.value}
                    onChange={field.onChange}
                    editable={remark.editable}
                  />
                )}
              />
            ))}
        </fieldset>
      </form>
    </SlideOver>
  );
}
