import { describe, expect, it } from 'vitest';
import { readSettingsTab, SETTINGS_TAB_KEY, tabAfterKey, writeSettingsTab } from './settings-tabs';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
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
