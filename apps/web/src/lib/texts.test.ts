import { describe, expect, it } from 'vitest';
import login from '../locales/mr/login.json';
import { loadNamespaces, translate } from './texts';

describe('the small translator of the sign-in page', () => {
  it('reads dotted keys of a loaded namespace in the language asked for', async () => {
    await loadNamespaces(['login', 'common'], 'mr');
    expect(translate('login', 'hero.headline', undefined, 'mr')).toBe(login.hero.headline);
    expect(translate('login', 'title', undefined, 'mr')).toBe(login.title);
  });

  it('fills {{placeholders}} and answers the key for what it does not know', async () => {
    await loadNamespaces(['login'], 'en');
    expect(translate('login', 'no.such.key', undefined, 'en')).toBe('no.such.key');
    expect(translate('login', 'hero', undefined, 'en')).toBe('hero');
    expect(translate('common', 'title', undefined, 'hi')).toBe('title');
    // No namespace has placeholders on the sign-in page; the same syntax as i18next's.
    await loadNamespaces(['settings'], 'en');
    const withPlaceholder = translate('settings', 'system.saveFailed', { message: 'boom' }, 'en');
    expect(withPlaceholder).toContain('boom');
    expect(withPlaceholder).not.toContain('{{');
  });
});
