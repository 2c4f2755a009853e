import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleNameOf } from '../../lib/current-user';
import { getStoredUser } from '../../lib/session';
import { useCurrentUserRecord } from './current-user-query';
import { designationTitleOf } from './user-title';

/**
 * The signed-in user's first name and designation (their role when they have none); when the server
 * cannot be reached, the stored copy.
 */
export function UserSummary() {
  const { t } = useTranslation('shell');
  const [stored] = useState(getStoredUser);
  const id = stored?.id;
  const { data, isLoading } = useCurrentUserRecord(id);

  if (isLoading) {
    return (
      <span className="px-2 text-sm text-slate-500 dark:text-slate-400" role="status">
        {t('loading', { ns: 'common' })}
      </span>
    );
  }

  const user = data ?? stored;
  const name = user?.first_name || t('user.defaultName');
  const rawRole = roleNameOf(user);
  const title =
    designationTitleOf(user) ??
    (rawRole ? t(`roles.${rawRole}`, { defaultValue: rawRole.replaceAll('_', ' ') }) : t('user.defaultRole'));

  return (
    <span className="flex items-center gap-2 pl-1">
      <span
        aria-hidden="true"
        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100"
      >
        {name.charAt(0).toUpperCase()}
      </span>
      <span className="hidden min-w-0 flex-col leading-tight sm:flex">
        <span className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">{name}</span>
        <span className="truncate text-xs text-slate-500 dark:text-slate-400">{title}</span>
      </span>
      <span className="sr-only sm:hidden">{`${name}, ${title}`}</span>
    </span>
  );
}
