import { useTranslation } from 'react-i18next';
import { ShieldOff } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { CompaniesManager } from '../components/companies-manager';

/** /companies: the companies screen on its own page, for people who manage companies (manage_companies). */
export function Component() {
  const { t } = useTranslation('companies');
  const { can } = useCurrentUser();
  return (
    <div className="mx-auto max-w-screen-xl">
      {can('manage_companies') ? (
        <CompaniesManager />
      ) : (
        <div className="space-y-6">
          <PageHeader eyebrow={t('page.eyebrow')} title={t('page.title')} />
          <Card>
            <EmptyState icon={ShieldOff} title={t('page.noPermission')} description={t('page.noPermissionBody')} />
          </Card>
        </div>
      )}
    </div>
  );
}
