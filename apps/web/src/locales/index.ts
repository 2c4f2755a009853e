import enCommon from './en/common.json';
import enLogin from './en/login.json';
import enShell from './en/shell.json';
import enDashboard from './en/dashboard.json';
import enPrivacy from './en/privacy.json';
import mrCommon from './mr/common.json';
import mrLogin from './mr/login.json';
import mrShell from './mr/shell.json';
import mrDashboard from './mr/dashboard.json';
import mrPrivacy from './mr/privacy.json';
import hiCommon from './hi/common.json';
import hiLogin from './hi/login.json';
import hiShell from './hi/shell.json';
import hiDashboard from './hi/dashboard.json';
import hiPrivacy from './hi/privacy.json';

export const LANGUAGES = ['en', 'mr', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** One namespace per area; every language has every namespace and every key (checked by a test). */
export const resources = {
  en: { common: enCommon, login: enLogin, shell: enShell, dashboard: enDashboard, privacy: enPrivacy },
  mr: { common: mrCommon, login: mrLogin, shell: mrShell, dashboard: mrDashboard, privacy: mrPrivacy },
  hi: { common: hiCommon, login: hiLogin, shell: hiShell, dashboard: hiDashboard, privacy: hiPrivacy },
} as const;
