import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircularsToAcknowledge } from './circulars-to-acknowledge';
import { DashboardBanner } from './dashboard-banner';
import { DashboardColumn } from './dashboard-column';
import { OwnRequests } from './own-requests';
import { Panel } from './panel';

const LINK = 'text-sm font-medium text-brand-700 hover:underline dark:text-brand-100';

/**
 * The dashboard of a person who sees no one else's figures (seesOwnDashboard: a constable): his
 * latest salary slip first (the app passes it in from the payslips feature), the circulars he must
 * acknowledge, and his own latest requests.
 */
export function PersonalDashboard({ latestSlip }: { latestSlip: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardColumn>
      <DashboardBanner />
      <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('title')}</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t('own.latestSlip')}>{latestSlip}</Panel>
        <Panel title={t('own.circulars')} subtitle={t('own.circularsSubtitle')}>
          <CircularsToAcknowledge />
        </Panel>
        <Panel
          className="lg:col-span-2"
          title={t('own.requests')}
          action={
            <Link to="/appointments" className={LINK}>
              {t('own.allRequests')}
            </Link>
          }
        >
          <OwnRequests />
        </Panel>
      </div>
    </DashboardColumn>
  );
}
