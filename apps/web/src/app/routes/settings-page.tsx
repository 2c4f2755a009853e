import { lazy } from 'react';
import { PasswordChangeForm } from '../../features/account/components/password-change-form';
import { Component as SettingsPage, type SettingsScreens } from '../../features/settings/routes/settings-page';
import { i18n } from '../../lib/i18n';

// The companies and designations screens load, with their texts, only when their tab is opened.
const screens: SettingsScreens = {
  PasswordForm: PasswordChangeForm,
  CompaniesManager: lazy(async () => {
    const [module] = await Promise.all([
      import('../../features/companies/components/companies-manager'),
      i18n.loadNamespaces('companies'),
    ]);
    return { default: module.CompaniesManager };
  }),
  DesignationsManager: lazy(async () => {
    const [module] = await Promise.all([
      import('../../features/designations/components/designations-manager'),
      i18n.loadNamespaces('designations'),
    ]);
    return { default: module.DesignationsManager };
  }),
};

/** Settings with the account feature's password form and the companies and designations managers. */
export function Component() {
  return <SettingsPage screens={screens} />;
}
