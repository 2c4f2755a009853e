import type { TLibraryDocumentDetail } from '@srpf/shared';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../lib/date-time';
import type { AcknowledgedLibrary } from '../lib/library-config';
import { DetailSection } from './detail-parts';
import { useLibraryTexts } from './use-library';

type AcknowledgedDocument = Pick<
  TLibraryDocumentDetail,
  | 'version'
  | 'acknowledgments'
  | 'acknowledgments_count'
  | 'own_acknowledgment'
  | 'pending_acknowledgments'
  | 'pending_acknowledgments_count'
>;

/**
 * Who acknowledged a circular or decision (name, email, when), each marked with the version they
 * acknowledged: 'Acknowledged' for the current one, 'Acknowledged for version N' for an earlier text;
 * the count is of the current version's. The server sends the names only to those who may see the
 * statistics of documents; the others see the count and their own acknowledgment. On a mandatory
 * document the administrators also see who has not acknowledged the current version yet.
 */
export function AcknowledgmentsSection({
  library,
  document,
}: {
  library: AcknowledgedLibrary;
  document: AcknowledgedDocument;
}) {
  const { t, config } = useLibraryTexts(library);
  const key = config.recordKey;
  const muted = 'text-sm text-slate-600 dark:text-slate-400';
  const pending = document.pending_acknowledgments;
  const pendingCount = document.pending_acknowledgments_count ?? pending?.length ?? 0;

  return (
    <>
      <DetailSection
        id={`${key}-acknowledgments`}
        title={t('detail.notice.acknowledgments')}
        actions={<Badge tone="info">{t('row.acknowledgments', { count: document.acknowledgments_count })}</Badge>}
      >
        {document.version > 1 && (
          <p className={`mb-2 ${muted}`}>{t('detail.notice.countNote', { version: document.version })}</p>
        )}
        {document.acknowledgments === undefined ? (
          <OwnAcknowledgment library={library} document={document} />
        ) : document.acknowledgments.length === 0 ? (
          <p className={muted}>{t(`detail.${key}.noAcknowledgments`)}</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {document.acknowledgments.map((entry) => (
              <li
                key={`${entry.user.id}-${entry.version}`}
                className="flex flex-wrap items-center justify-between gap-2 py-2.5"
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 dark:text-white">{entry.user.name}</p>
                  <p className={`${muted} break-all`}>{entry.user.email}</p>
                </div>
                <div className={`flex items-center gap-2 ${muted}`}>
                  <time dateTime={entry.acknowledgedAt}>{formatDateTime(entry.acknowledgedAt)}</time>
                  {entry.version < document.version ? (
                    <Badge tone="warning">{t('detail.notice.acknowledgedEarlier', { version: entry.version })}</Badge>
                  ) : (
                    <Badge tone="success">{t('detail.notice.acknowledged')}</Badge>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </DetailSection>

      {pending !== undefined && (
        <DetailSection
          id={`${key}-pending`}
          title={t('detail.notice.pendingHeading')}
          actions={<Badge tone={pendingCount > 0 ? 'warning' : 'success'}>{pendingCount}</Badge>}
        >
          {pendingCount === 0 ? (
            <p className={muted}>{t(`detail.${key}.allAcknowledged`)}</p>
          ) : (
            <>
              <p className={`mb-2 ${muted}`}>{t(`detail.${key}.pendingCount`, { count: pendingCount })}</p>
              <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
                {pending.map((person) => (
                  <li key={person.id} className="py-2 text-sm">
                    <span className="font-medium text-slate-900 dark:text-white">{person.name}</span>
                    <span className="ml-2 break-all text-slate-600 dark:text-slate-400">{person.email}</span>
                  </li>
                ))}
              </ul>
              {pendingCount > pending.length && (
                <p className={`mt-2 ${muted}`}>
                  {t('detail.notice.pendingMore', { count: pendingCount - pending.length })}
                </p>
              )}
            </>
          )}
        </DetailSection>
      )}
    </>
  );
}

/** Without the names: whether and when the reader acknowledged (for which version), and why no list. */
function OwnAcknowledgment({ library, document }: { library: AcknowledgedLibrary; document: AcknowledgedDocument }) {
  const { t } = useLibraryTexts(library);
  const own = document.own_acknowledgment;
  const muted = 'text-sm text-slate-600 dark:text-slate-400';
  return (
    <>
      <p className="text-sm text-slate-900 dark:text-white">
        {own === null
          ? t('detail.notice.ownNotYet')
          : own.version < document.version
            ? t('detail.notice.ownAcknowledgedEarlier', {
                version: own.version,
                date: formatDateTime(own.acknowledgedAt),
              })
            : t('detail.notice.ownAcknowledged', { date: formatDateTime(own.acknowledgedAt) })}
      </p>
      <p className={`mt-1 ${muted}`}>{t('detail.notice.namesForStatistics')}</p>
    </>
  );
}
