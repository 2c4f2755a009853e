import { useTranslation } from 'react-i18next';
import type { TUser } from '@srpf/shared';
import { isAdministrator } from '@srpf/shared/common/permissions';
import { DateText } from '../../../components/ui/date-text';
import { UserStatusBadge } from './user-status-badge';

/** What the read-only view adds below the fields: status, creation, grants, oversight, WhatsApp consent and the number's verification. */
export function UserDetails({
  user,
  companies,
}: {
  user: TUser;
  companies: { id: number; name: string }[] | undefined;
}) {
  const { t } = useTranslation('users');
  return (
    <dl className="mt-5 grid gap-3 border-t border-slate-200 pt-4 text-sm sm:grid-cols-3 dark:border-slate-700">
      <div>
        <dt className="text-slate-500 dark:text-slate-400">{t('fields.status')}</dt>
        <dd className="mt-1">
          <UserStatusBadge user={user} />
        </dd>
      </div>
      <div>
        <dt className="text-slate-500 dark:text-slate-400">{t('fields.created')}</dt>
        <dd className="mt-1 text-slate-900 dark:text-slate-100">
          <DateText iso={user.created_at} />
        </dd>
      </div>
      <div className="sm:col-span-3">
        <dt className="text-slate-500 dark:text-slate-400">{t('grants.title')}</dt>
        <dd className="mt-1 text-slate-900 dark:text-slate-100">
          {isAdministrator(user.role)
            ? t('grants.administrator')
            : user.granted_permissions?.length
              ? user.granted_permissions.map((permission) => t(`permissions.${permission}`)).join(', ')
              : t('grants.none')}
        </dd>
      </div>
      <div className="sm:col-span-3">
        <dt className="text-slate-500 dark:text-slate-400">{t('oversight.title')}</dt>
        <dd className="mt-1 text-slate-900 dark:text-slate-100">
          {user.overseen_company_ids?.length
            ? user.overseen_company_ids
                .map((id) => companies?.find((company) => company.id === id)?.name ?? `#${id}`)
                .join(', ')
            : t('oversight.none')}
        </dd>
      </div>
      <div className="sm:col-span-3">
        <dt className="text-slate-500 dark:text-slate-400">{t('whatsapp.consent')}</dt>
        <dd className="mt-1 text-slate-900 dark:text-slate-100">
          {user.whatsapp_consent_at && user.whatsapp_consent_source ? (
            <>
              {t(`whatsapp.sources.${user.whatsapp_consent_source}`)} · <DateText iso={user.whatsapp_consent_at} />
            </>
          ) : (
            t('whatsapp.noConsent')
          )}
          {' · '}
          {t(user.whatsapp_notices_enabled ? 'whatsapp.noticesOn' : 'whatsapp.noticesOff')}
        </dd>
      </div>
      <div className="sm:col-span-3">
        <dt className="text-slate-500 dark:text-slate-400">{t('whatsapp.numberStatus')}</dt>
        <dd className="mt-1 text-slate-900 dark:text-slate-100">
          {user.phone_verified_at && user.phone_verified_source ? (
            <>
              {t(`whatsapp.verifiedSources.${user.phone_verified_source}`)} · <DateText iso={user.phone_verified_at} />
            </>
          ) : (
            t('whatsapp.numberUnverified')
          )}
        </dd>
      </div>
      {user.must_change_password && (
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('fields.password')}</dt>
          <dd className="mt-1 text-slate-900 dark:text-slate-100">{t('form.mustChangePassword')}</dd>
        </div>
      )}
    </dl>
  );
}
