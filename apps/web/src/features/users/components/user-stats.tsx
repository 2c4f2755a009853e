import { useTranslation } from 'react-i18next';
import { Building2, ShieldAlert, UserCheck, Users } from 'lucide-react';
import { StatCard } from '../../../components/ui/stat-card';
import { useCompaniesTotal, useUserCount } from '../api/get-user-counts';

/** Total Users, Active Users, Super Admin and Companies, each from a limit=1 count call. */
export function UserStats() {
  const { t } = useTranslation('users');
  const total = useUserCount({});
  const active = useUserCount({ is_active: true });
  const superadmins = useUserCount({ role: 'superadmin' });
  const companies = useCompaniesTotal();

  return (
    <section aria-label={t('stats.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        label={t('stats.total')}
        value={total.data}
        failed={total.isError}
        icon={Users}
        tint="bg-blue-100 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300"
      />
      <StatCard
        label={t('stats.active')}
        value={active.data}
        failed={active.isError}
        icon={UserCheck}
        tint="bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300"
      />
      <StatCard
        label={t('stats.superAdmin')}
        value={superadmins.data}
        failed={superadmins.isError}
        icon={ShieldAlert}
        tint="bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300"
      />
      <StatCard
        label={t('stats.companies')}
        value={companies.data}
        failed={companies.isError}
        icon={Building2}
        tint="bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300"
      />
    </section>
  );
}
