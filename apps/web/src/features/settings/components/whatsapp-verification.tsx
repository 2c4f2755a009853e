import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import type { TUser, TVerificationSent } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { errorText } from '../../../lib/error-text';
import { useConfirmVerificationCode, useSendVerificationCode } from '../api/verify-number';
import { displayNumber } from '../lib/whatsapp-consent';

/**
 * The step before WhatsApp goes on with a number not yet confirmed (issue 31): a six-digit code is
 * sent to the number over WhatsApp, and the person types it here. `onVerified` then saves the choice.
 */
export function WhatsappVerification({
  user,
  onVerified,
  onCancel,
}: {
  user: TUser;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('settings');
  const ids = useId();
  const send = useSendVerificationCode();
  const confirm = useConfirmVerificationCode(user.id);
  const [sent, setSent] = useState<TVerificationSent | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const number = displayNumber(sent?.phone_number ?? user.phone_number);

  // The code box takes the focus as soon as it appears, where the person types next.
  useEffect(() => {
    if (sent) codeInput.current?.focus();
  }, [sent]);

  const sendCode = () => {
    setProblem(null);
    send.mutate(undefined, {
      onSuccess: (verification) => {
        setCode('');
        setSent(verification);
      },
      onError: (error) => setProblem(errorText(error)),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setProblem(t('whatsapp.verify.codeFormat'));
      return;
    }
    setProblem(null);
    confirm.mutate(code.trim(), {
      onSuccess: onVerified,
      onError: (error) => {
        setCode('');
        setProblem(errorText(error));
        codeInput.current?.focus();
      },
    });
  };

  const busy = send.isPending || confirm.isPending;
  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="space-y-3 rounded-md border border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950"
    >
      <div className="flex items-start gap-2">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-800 dark:text-emerald-200" />
        <div>
          <h3 id={`${ids}-title`} className="font-semibold text-slate-900 dark:text-white">
            {t('whatsapp.verify.title')}
          </h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {sent ? t('whatsapp.verify.enterCode', { number }) : t('whatsapp.verify.intro', { number })}
          </p>
        </div>
      </div>
      {sent ? (
        <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <Field label={t('whatsapp.verify.code')} error={problem ?? undefined} hintLive className="w-full sm:w-48">
            {({ id, describedBy, invalid }) => (
              <Input
                ref={codeInput}
                id={id}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                aria-describedby={describedBy}
                invalid={invalid}
                disabled={busy}
              />
            )}
          </Field>
          <Button type="submit" disabled={busy} aria-busy={confirm.isPending || undefined}>
            {confirm.isPending ? t('whatsapp.verify.confirming') : t('whatsapp.verify.confirm')}
          </Button>
          <Button variant="secondary" onClick={sendCode} disabled={busy}>
            {t('whatsapp.verify.resend')}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('whatsapp.verify.cancel')}
          </Button>
        </form>
      ) : (
        <div className="space-y-2">
          {problem ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button onClick={sendCode} disabled={busy} aria-busy={send.isPending || undefined}>
              {send.isPending ? t('whatsapp.verify.sending') : t('whatsapp.verify.send')}
            </Button>
            <Button variant="ghost" onClick={onCancel} disabled={busy}>
              {t('whatsapp.verify.cancel')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
