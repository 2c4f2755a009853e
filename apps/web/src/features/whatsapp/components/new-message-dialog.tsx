import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { TUserLookup } from '@srpf/shared';
import { USER_SEARCH_MIN_LENGTH } from '@srpf/shared/users/users.lookup.schemas';
import { useUserSearch } from '../../../api/lookups/search-users';
import { Button } from '../../../components/ui/button';
import { controlClasses, Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { SearchablePicker, usePickerSearch } from '../../../components/ui/searchable-picker';
import { errorText } from '../../../lib/error-text';
import { useSendMessage } from '../api/send-message';

/** The refusals of POST /whatsapp/send this screen words itself (409: the window, consent, a verified number). */
/** New Message: a person, the text, Send; outside the person's 24-hour window the screen says a template is needed. */
export function NewMessageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('whatsapp');
  const search = usePickerSearch();
  const found = useUserSearch(search.query);
  const [person, setPerson] = useState<{ id: number; name: string } | null>(null);
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const send = useSendMessage();

  const close = () => {
    setPerson(null);
    setBody('');
    setProblem(null);
    setTried(false);
    onClose();
  };

  const submit = () => {
    setTried(true);
    setProblem(null);
    if (!person || body.trim() === '') return;
    send.mutate(
      { user_id: person.id, body: body.trim() },
      {
        onSuccess: (answer) => {
          toast.success(
            answer.outbox
              ? t('newMessage.sentOutbox')
              : t('newMessage.sent', { number: answer.data.delivery.to_number }),
          );
          close();
        },
        // The refusals (window closed, not agreed, number not verified) are worded by their reasons
        // in the reader's language (locales/*/errors.json).
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  return (
    <Modal
      open={open}
      onClose={close}
      busy={send.isPending}
      title={t('newMessage.title')}
      description={t('newMessage.description')}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={send.isPending}>
            {t('newMessage.cancel')}
          </Button>
          <Button onClick={submit} disabled={send.isPending}>
            {send.isPending ? t('newMessage.sending') : t('newMessage.send')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Field
          label={t('newMessage.person')}
          error={tried && !person ? t('newMessage.personRequired') : undefined}
          required
        >
          {(ids) => (
            <SearchablePicker
              id={ids.id}
              describedBy={ids.describedBy}
              search={search}
              results={
                search.query.length < USER_SEARCH_MIN_LENGTH
                  ? { kind: 'tooShort' }
                  : { kind: 'searched', options: found.data ?? [], fetching: found.isFetching, failed: found.isError }
              }
              chosen={person?.name ?? null}
              onChoose={(user: TUserLookup) => setPerson({ id: user.id, name: user.full_name })}
              onClear={() => setPerson(null)}
              renderOption={(user) => (
                <>
                  <span className="block font-medium">{user.full_name}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {[user.designation_name, user.company_name, user.phone_number].filter(Boolean).join(' · ')}
                  </span>
                </>
              )}
              texts={{ ns: 'whatsapp', keyPrefix: 'newMessage.picker' }}
              invalid={ids.invalid}
            />
          )}
        </Field>
        <Field
          label={t('newMessage.body')}
          error={tried && body.trim() === '' ? t('newMessage.bodyRequired') : undefined}
          required
        >
          {(ids) => (
            <textarea
              id={ids.id}
              aria-describedby={ids.describedBy}
              aria-invalid={ids.invalid || undefined}
              aria-required
              rows={4}
              maxLength={4096}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              className={`${controlClasses(ids.invalid)} py-2`}
            />
          )}
        </Field>
        {problem && (
          <p
            role="alert"
            className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            {problem}
          </p>
        )}
      </div>
    </Modal>
  );
}
