import { Suspense, useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BadgeCheck, BookOpen, Building2, ShieldHalf, SlidersHorizontal, User, type LucideIcon } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/class-names';
import { PageHeader } from '../../../components/ui/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { getStoredUser } from '../../../lib/session';
import { useMyUser } from '../api/get-my-user';
import { ProfileTab } from '../components/profile-tab';
import { SecurityTab, type PasswordForm } from '../components/security-tab';
import { SystemTab } from '../components/system-tab';
import { WhatsappConsent } from '../components/whatsapp-consent';
import {
  readSettingsTab,
  settingsTabsFor,
  tabAfterKey,
  writeSettingsTab,
  type SettingsTab,
} from '../lib/settings-tabs';

/**
 * Screens of other features that Settings shows (document 2, section 2.9). The app passes them in,
 * since features do not import each other; the managers may load with their tab.
 */
export interface SettingsScreens {
  PasswordForm: PasswordForm;
  CompaniesManager: ComponentType<{ level: 2 }>;
  DesignationsManager: ComponentType<{ level: 2 }>;
}

const ICONS: Record<SettingsTab, LucideIcon> = {
  profile: User,
  security: ShieldHalf,
  companies: Building2,
  designations: BadgeCheck,
  system: SlidersHorizontal,
};

/** /settings: Profile, Security, Companies, Designations and Notifications and System; the tab is remembered. */
export function Component({
  screens: { PasswordForm, CompaniesManager, DesignationsManager },
}: {
  screens: SettingsScreens;
}) {
  const { t } = useTranslation('settings');
  const ids = useId();
  // Companies and Designations only for people who manage them (manage_companies).
  const { can } = useCurrentUser();
  const tabs = settingsTabsFor(can);
  const [chosen, setTab] = useState<SettingsTab>(() => readSettingsTab(localStorage, tabs));
  // A tab that is no longer the person's (their grants changed) falls back to Profile.
  const tab = tabs.includes(chosen) ? chosen : 'profile';
  const buttons = useRef<Partial<Record<SettingsTab, HTMLButtonElement | null>>>({});
  const me = useMyUser(getStoredUser()?.id);

  const choose = (next: SettingsTab, focus = false) => {
    setTab(next);
    writeSettingsTab(localStorage, next);
    if (focus) buttons.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabAfterKey(tab, event.key, tabs);
    if (!next) return;
    event.preventDefault();
    choose(next, true);
  };

  return (
    <div className="mx-auto max-w-screen-xl space-y-6">
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          // The API reference (the server's OpenAPI document) is for administrators.
          can('manage_users') && (
            <Link to="/admin/api" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              <BookOpen aria-hidden="true" className="h-4 w-4" />
              {t('page.apiReference')}
            </Link>
          )
        }
      />

      <div
        role="tablist"
        aria-label={t('page.tabs')}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-x-1 border-b border-slate-200 dark:border-slate-800"
      >
        {tabs.map((name) => {
          const Icon = ICONS[name];
          const selected = name === tab;
          return (
            <button
              key={name}
              ref={(element) => {
                buttons.current[name] = element;
              }}
              type="button"
              role="tab"
              id={`${ids}-tab-${name}`}
              aria-selected={selected}
              aria-controls={`${ids}-panel-${name}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(name)}
              className={cx(
                '-mb-px flex shrink-0 items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500',
                selected
                  ? 'border-brand-600 text-brand-700 dark:border-brand-100 dark:text-white'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
              )}
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
              {t(`tabs.${name}`)}
            </button>
          );
        })}
      </div>

      <div
        role="tabpanel"
        id={`${ids}-panel-${tab}`}
        aria-labelledby={`${ids}-tab-${tab}`}
        tabIndex={0}
        className="outline-none"
      >
        <Suspense
          fallback={
            <p role="status" className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">
              {t('loading', { ns: 'common' })}
            </p>
          }
        >
          {tab === 'profile' && (
            <div className="space-y-6">
              <ProfileTab user={me.data} />
              <WhatsappConsent user={me.data} />
            </div>
          )}
          {tab === 'security' && <SecurityTab PasswordForm={PasswordForm} />}
          {tab === 'companies' && <CompaniesManager level={2} />}
          {tab === 'designations' && <DesignationsManager level={2} />}
          {tab === 'system' && <SystemTab user={me.data} />}
        </Suspense>
      </div>
    </div>
  );
}
