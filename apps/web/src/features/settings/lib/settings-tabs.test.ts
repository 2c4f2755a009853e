import { describe, expect, it } from 'vitest';
import { readSettingsTab, SETTINGS_TAB_KEY, settingsTabsFor, tabAfterKey, writeSettingsTab } from './settings-tabs';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('the remembered settings tab', () => {
  it('starts on Profile and remembers the chosen tab', () => {
    const storage = memoryStorage();
    expect(readSettingsTab(storage)).toBe('profile');
    writeSettingsTab(storage, 'designations');
    expect(readSettingsTab(storage)).toBe('designations');
  });

  it('ignores an unknown stored value', () => {
    expect(readSettingsTab(memoryStorage({ [SETTINGS_TAB_KEY]: 'billing' }))).toBe('profile');
  });

  it('ignores a stored tab the person no longer sees', () => {
    const tabs = settingsTabsFor(() => false);
    expect(readSettingsTab(memoryStorage({ [SETTINGS_TAB_KEY]: 'companies' }), tabs)).toBe('profile');
    expect(readSettingsTab(memoryStorage({ [SETTINGS_TAB_KEY]: 'system' }), tabs)).toBe('system');
  });
});

describe('the tabs a person sees', () => {
  it('are all of them with manage_companies; Companies and Designations need it', () => {
    expect(settingsTabsFor(() => true)).toEqual(['profile', 'security', 'companies', 'designations', 'system']);
    expect(settingsTabsFor((permission) => permission !== 'manage_companies')).toEqual([
      'profile',
      'security',
      'system',
    ]);
  });
});

describe('tabAfterKey', () => {
  it('moves with the arrows, wrapping, and jumps with Home and End', () => {
    expect(tabAfterKey('profile', 'ArrowRight')).toBe('security');
    expect(tabAfterKey('profile', 'ArrowLeft')).toBe('system');
    expect(tabAfterKey('system', 'ArrowRight')).toBe('profile');
    expect(tabAfterKey('companies', 'Home')).toBe('profile');
    expect(tabAfterKey('companies', 'End')).toBe('system');
    expect(tabAfterKey('companies', 'Enter')).toBeNull();
  });
});
