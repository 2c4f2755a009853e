import { useTranslation } from 'react-i18next';
import { ShieldOff } from 'lucide-react';
import { mayManageTrash } from '@srpf/shared/trash/trash.policy';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { TrashScreen } from '../components/trash-screen';

/** /trash: the trash of the libraries, for people who may restore and purge (manage_trash). */
export function Component() {
  const { t } = useTranslation('trash');
  const { actor } = useCurrentUser();
  if (mayManageTrash(actor)) return <TrashScreen />;
  return (
    <div className="mx-auto w-full max-w-screen-xl space-y-6">
      <PageHeader title={t('page.title')} />
      <Card>
        <EmptyState icon={ShieldOff} title={t('page.noPermission')} description={t('page.noPermissionBody')} />
      </Card>
    </div>
  );
}
