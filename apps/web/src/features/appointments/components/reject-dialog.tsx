import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { controlClasses } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';

/** Asks before rejecting a request from a list, with the remark the detail page also offers. */
export function RejectDialog({
  applicant,
  busy,
  onReject,
  onClose,
}: {
  applicant: string;
  busy: boolean;
  onReject: (remark: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('appointments');
  const remarkId = useId();
  const [remark, setRemark] = useState('');
  return (
    <Modal
      open
      onClose={onClose}
      title={t('reject.title')}
      description={t('reject.message', { name: applicant })}
      size="sm"
      busy={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy} data-autofocus>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button variant="danger" onClick={() => onReject(remark)} disabled={busy} aria-busy={busy}>
            {t('reject.confirm')}
          </Button>
        </>
      }
    >
      <label htmlFor={remarkId} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('detail.stepRemark')}
      </label>
      <textarea
        id={remarkId}
        rows={3}
        value={remark}
        onChange={(event) => setRemark(event.target.value)}
        className={`${controlClasses()} py-2`}
      />
    </Modal>
  );
}
