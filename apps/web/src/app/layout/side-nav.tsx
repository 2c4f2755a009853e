import { useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogOut, ShieldCheck } from 'lucide-react';
import { cx } from '../../components/ui/class-names';
import { useCurrentUser } from '../../lib/current-user';
import { signOut } from '../../lib/sign-out';
import { useWaitingCount } from '../../features/appointments/api/get-waiting';
import { navItemsFor } from './nav-items';

interface SideNavProps {
  /** Icons only, each with its label as the tooltip and accessible name. */
  collapsed: boolean;
  /** A control beside the brand: the collapse toggle on wide screens, the close button in the slide-over. */
  control: ReactNode;
  /** Called when a link is followed, so the slide-over can close. */
  onNavigate?: () => void;
}

const itemClasses = (collapsed: boolean) =>
  cx(
    'flex w-full items-center gap-3 rounded-md py-2 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
    collapsed ? 'justify-center px-2' : 'px-3',
  );

export function SideNav({ collapsed, control, onNavigate }: SideNavProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const { can, actor } = useCurrentUser();
  // What waits for the person's step, beside Appointments (people who take no step see no count).
  const waiting = useWaitingCount();

  const onLogout = async () => {
    setLeaving(true);
    try {
      onNavigate?.();
      await signOut();
      await navigate('/login', { replace: true });
    } finally {
      setLeaving(false);
    }
  };

  return (
    <nav aria-label={t('nav.label')} className="flex h-full flex-col bg-white dark:bg-slate-900">
      <div
        className={cx(
          'flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 px-3 dark:border-slate-800',
          collapsed && 'justify-center',
        )}
      >
        {!collapsed && (
          <span className="flex min-w-0 flex-1 items-center gap-2 font-semibold text-slate-900 dark:text-white">
            <ShieldCheck aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-600 dark:text-brand-100" />
            <span className="truncate">{t('appName', { ns: 'common' })}</span>
          </span>
        )}
        {control}
      </div>

      <ul className="flex-1 space-y-1 overflow-y-auto p-2">
        {navItemsFor(can, actor).map(({ to, labelKey, icon: Icon }) => {
          const label = t(labelKey);
          const count = to === '/appointments' && waiting ? waiting : 0;
          const countText = count > 0 ? t('nav.waitingCount', { count }) : '';
          return (
            <li key={to}>
              <NavLink
                to={to}
                title={collapsed ? [label, countText].filter(Boolean).join(' · ') : undefined}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cx(
                    itemClasses(collapsed),
                    isActive
                      ? 'bg-brand-50 text-brand-700 dark:bg-brand-900/60 dark:text-white'
                      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
                  )
                }
              >
                <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
                <span className={collapsed ? 'sr-only' : 'truncate'}>{label}</span>
                {count > 0 && (
                  <span
                    className={cx(
                      'rounded-full bg-brand-600 px-1.5 text-xs font-semibold tabular-nums text-white dark:bg-brand-500',
                      collapsed ? 'sr-only' : 'ml-auto',
                    )}
                  >
                    <span aria-hidden="true">{count}</span>
                    <span className="sr-only">{countText}</span>
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>

      <div className="shrink-0 border-t border-slate-200 p-2 dark:border-slate-800">
        <button
          type="button"
          onClick={() => void onLogout()}
          disabled={leaving}
          title={collapsed ? t('nav.logout') : undefined}
          className={cx(
            itemClasses(collapsed),
            'text-red-700 hover:bg-red-50 disabled:opacity-60 dark:text-red-300 dark:hover:bg-red-950/60',
          )}
        >
          <LogOut aria-hidden="true" className="h-5 w-5 shrink-0" />
          <span className={collapsed ? 'sr-only' : undefined}>{t('nav.logout')}</span>
        </button>
      </div>
    </nav>
  );
}
