import { useTranslation } from 'react-i18next';
import { RESOURCE_KINDS, type THealthAlert, type THealthReason } from '@srpf/shared/health/system-health.schemas';
import { IDENTIFIER, wordKeys } from '../lib/health-keys';
import { numberLocale, type FigureWords } from '../lib/health-format';
import { failedCheckService, formatReasonParams } from '../lib/reason-params';

/** The page's words for the server's open strings, each with a generic fallback that shows the raw key. */
export function useHealthWords() {
  const { t, i18n } = useTranslation('health');
  const locale = numberLocale(i18n.language);

  const serviceName = (service: string) => t(wordKeys('serviceNames', service), { key: service });
  const figureLabel = (key: string) => t(wordKeys('figures', key), { key });
  const resourceName = (kind: string) => t(wordKeys('resources', kind), { key: kind });
  const reasonText = (reason: THealthReason) => {
    const failed = failedCheckService(reason.code);
    if (failed) return t('reasons.check_failed', { service: serviceName(failed) });
    const params = formatReasonParams(reason.params ?? {}, locale, resourceName);
    return t(wordKeys('reasons', reason.code), { ...params, code: reason.code });
  };

  /** A resource alert's subject, `cpu@host` or `host:cpu` or the like: the resource's word and the host. */
  const subjectText = (alert: Pick<THealthAlert, 'subject' | 'subjectKind'>) => {
    if (alert.subjectKind === 'service') return serviceName(alert.subject);
    if (alert.subjectKind === 'resource') {
      const kind = RESOURCE_KINDS.find((name) => alert.subject.split(/[@:/\s]/).includes(name));
      if (kind) {
        const host = alert.subject
          .split(/[@:/\s]/)
          .filter((part) => part && part !== kind)
          .join(' ');
        const resource = t(`resources.${kind}`);
        return host ? t('alerts.resourceOn', { resource, host }) : resource;
      }
    }
    return alert.subject;
  };

  const figureWords: FigureWords = {
    yes: t('values.yes'),
    no: t('values.no'),
    none: t('values.none'),
    countOf: (value, of) => t('values.countOf', { value, of }),
    // A worded value (the WhatsApp mode: outbox or cloud), else the value as the server wrote it.
    text: (key, value) =>
      IDENTIFIER.test(key) && IDENTIFIER.test(value)
        ? t([`figureValues.${key}.${value}`, 'values.raw'], { value })
        : t('values.raw', { value }),
  };

  return { t, locale, serviceName, figureLabel, reasonText, subjectText, figureWords };
}
