import { useTranslation } from 'react-i18next';
import { humanise, requestTypeKey, statusKey } from './dashboard-data';

/** Translated labels for stored values; a value the translations do not know is shown with spaces for underscores. */
export function useDashboardLabels() {
  const { t } = useTranslation('dashboard');
  return {
    status: (status: string | null | undefined): string => {
      const key = statusKey(status);
      return t(`status.${key}`, { defaultValue: humanise(status) });
    },
    statusOfKey: (key: string): string => t(`status.${key}`, { defaultValue: humanise(key) }),
    requestType: (type: string | null | undefined): string =>
      t(`requestType.${requestTypeKey(type)}`, { defaultValue: humanise(type) }),
  };
}
