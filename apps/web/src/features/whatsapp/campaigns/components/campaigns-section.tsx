import { useTranslation } from 'react-i18next';
import { Card } from '../../../../components/ui/card';

/**
 * Broadcast Campaigns on the messaging overview (spec 2.15). A heading only: the "campaigns" work
 * replaces this file with the list (GET /whatsapp/campaigns?limit=10), its loading, empty and error
 * states, and the dialog opened by `?campaign=new` (and `&schedule=1`).
 */
export function CampaignsSection() {
  const { t } = useTranslation('whatsapp');
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{t('campaigns.title')}</h2>
    </Card>
  );
}
