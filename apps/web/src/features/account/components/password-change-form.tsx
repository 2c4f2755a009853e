import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Eye } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { changePassword } from '../api/change-password';
import {
  EMPTY_PASSWORD_VALUES,
  passwordChangeError,
  passwordChangeFailure,
  type PasswordField,
  type PasswordValues,
} from '../lib/password-change';

/** Reports only the first failing check, in the spec's order, like the server does. */
const resolver: Resolver<PasswordValues> = (values) => {
  const error = passwordChangeError(values);
  return error
    ? { values: {}, errors: { [error.field]: { type: 'validate', message: error.key } } }
    : { values, errors: {} };
};

export interface PasswordChangeFormProps {
  /** Label of the first field ('Current password', or the one-time password at first sign-in). */
  currentLabel: string;
  submitLabel: string;
  /** Called after the change succeeded and the fresh session is stored. */
  onChanged?: () => void;
}

/** Current, new and confirmation; the five checks, the server's answer mapped (document 2, sections 5 and 8). */
export function PasswordChangeForm({ currentLabel, submitLabel, onChanged }: PasswordChangeFormProps) {
  const { t } = useTranslation('account');
  const [visible, setVisible] = useState(false);
  const { register, handleSubmit, setError, reset, formState } = useForm<PasswordValues>({
    resolver,
    defaultValues: EMPTY_PASSWORD_VALUES,
  });
  const { errors, isSubmitting } = formState;

  const message = (field: PasswordField) => {
    const error = errors[field];
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(error.message);
  };

  const submit = handleSubmit(async (values) => {
    try {
      await changePassword(values);
      toast.success(t('messages.updated'));
      reset(EMPTY_PASSWORD_VALUES);
      onChanged?.();
    } catch (error) {
      console.error('Changing the password failed', error);
      const failure = passwordChangeFailure(error);
      if ('toast' in failure) toast.error(t(failure.toast.key, failure.toast.values ?? {}));
      else
        setError(
          failure.field,
          { type: 'server', message: 'key' in failure ? t(failure.key) : failure.text },
          { shouldFocus: true },
        );
    }
  });

  const type = visible ? 'text' : 'password';
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <Field label={currentLabel} error={message('current_password')}>
        {({ id, describedBy, invalid, required }) => (
          <Input
            id={id}
            required={required}
            type={type}
            autoComplete="current-password"
            aria-describedby={describedBy}
            invalid={invalid}
            {...register('current_password')}
          />
        )}
      </Field>
      <Field label={t('fields.new')} error={message('new_password')} hint={t('fields.newHint')}>
        {({ id, describedBy, invalid, required }) => (
          <Input
            id={id}
            required={required}
            type={type}
            autoComplete="new-password"
            aria-describedby={describedBy}
            invalid={invalid}
            {...register('new_password')}
          />
        )}
      </Field>
      <Field label={t('fields.confirm')} error={message('confirm_password')}>
        {({ id, describedBy, invalid, required }) => (
          <Input
            id={id}
            required={required}
            type={type}
            autoComplete="new-password"
            aria-describedby={describedBy}
            invalid={invalid}
            {...register('confirm_password')}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-3 pt-1">
        <Button variant="ghost" size="sm" aria-pressed={visible} onClick={() => setVisible((shown) => !shown)}>
          <Eye aria-hidden="true" className="h-4 w-4" />
          {visible ? t('fields.hidePasswords') : t('fields.showPasswords')}
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? t('fields.saving') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
