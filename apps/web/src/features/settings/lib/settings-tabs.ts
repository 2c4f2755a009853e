import type { Permission } from '@srpf/shared/common/permissions';

export const SETTINGS_TABS = ['profile', 'security', 'companies', 'designations', 'system'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Tabs that manage the force's lists: shown only to people who may change them. */
const TAB_PERMISSIONS: Partial<Record<SettingsTab, Permission>> = {
  companies: 'manage_companies',
  designations: 'manage_companies',
};

/** The tabs a person sees, in their order. */
export function settingsTabsFor(can: (permission: Permission) => boolean): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => {
    const permission = TAB_PERMISSIONS[tab];
    return permission === undefined || can(permission);
  });
}

/** Where the active tab is remembered across visits (document 2, section 2.9). */
export const SETTINGS_TAB_KEY = 'srpf-settings-tab';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** The remembered tab, or Profile when none (or an unknown one, or one not among `tabs`) is stored. */
export function readSettingsTab(storage: Storage, tabs: readonly SettingsTab[] = SETTINGS_TABS): SettingsTab {
  const stored = storage.getItem(SETTINGS_TAB_KEY);
  return (tabs as readonly string[]).includes(stored ?? '') ? (stored as SettingsTab) : 'profile';
}

export function writeSettingsTab(storage: Storage, tab: SettingsTab): void {
  storage.setItem(SETTINGS_TAB_KEY, tab);
}

/** The tab an arrow, Home or End key moves to from `current` (WAI-ARIA tabs pattern), or null. */
export function tabAfterKey(
  current: SettingsTab,
  key: string,
  tabs: readonly SettingsTab[] = SETTINGS_TABS,
): SettingsTab | null {
  const index = tabs.indexOf(current);
  if (key === 'ArrowRight' || key === 'ArrowDown') return tabs[(index + 1) % tabs.length]!;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return tabs[(index - 1 + tabs.length) % tabs.length]!;
  if (key === 'Home') return tabs[0]!;
  if (key === 'End') return tabs[tabs.length - 1]!;
  return null;
}
