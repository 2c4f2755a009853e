import { cx } from '../components/ui/class-names';
import { DashboardBannerView } from '../features/dashboard/components/dashboard-banner';
import { DashboardColumn } from '../features/dashboard/components/dashboard-column';
import { translate } from '../lib/texts';
import type { Language } from '../locales';
import { FRAME } from './layout/frame';

/** The namespaces the shell's texts come from, loaded before it is rendered. */
export const SHELL_NAMESPACES = ['common', 'dashboard'] as const;

/**
 * The signed-in layout's frame with the dashboard's welcome strip, pre-rendered at build time in
 * each language (scripts/prerender.mjs). For a signed-in visitor the first-paint script in
 * index.html puts it in #root before any JavaScript file has arrived, writing in the greeting, the
 * name and today's date (the strip only on /dashboard; other pages get the frame); main.tsx then
 * renders the app over it, whose first commit replaces it where it stood. It is never hydrated:
 * nothing in it is interactive, and what differs (the navigation, the header's controls, the user)
 * only appears when the app renders.
 */
export function SignedInShell({ language }: { language: Language }) {
  const t = (namespace: string, key: string) => translate(namespace, key, undefined, language);
  return (
    // Busy: all of it is replaced by the app in a moment. The navigation's column stays empty until then.
    <div className={FRAME.root} aria-busy="true">
      <aside aria-hidden="true" className={FRAME.aside(false)} />
      <div className={FRAME.column}>
        <header className={FRAME.header}>
          {/* Where the menu button will be, so the acronym does not move. */}
          <span aria-hidden="true" className={cx('h-9 w-9 shrink-0', FRAME.menuButton)} />
          <span className={FRAME.acronym}>{t('common', 'acronym')}</span>
        </header>
        <main id="main" tabIndex={-1} className={FRAME.main}>
          <DashboardColumn>
            <DashboardBannerView
              heading={`${t('dashboard', 'banner.force')} · ${t('dashboard', 'banner.motto')}`}
              greeting=""
              today=""
              todayText=""
              intro={t('dashboard', 'banner.intro')}
            />
          </DashboardColumn>
        </main>
      </div>
    </div>
  );
}

/** The texts the first-paint script fills the strip with, with their `{{name}}` placeholders. */
export function shellTexts(language: Language): Record<string, string> {
  const t = (key: string) => translate('dashboard', key, undefined, language);
  return {
    morning: t('banner.greeting.morning'),
    afternoon: t('banner.greeting.afternoon'),
    evening: t('banner.greeting.evening'),
    withName: t('banner.greetingWithName'),
    today: t('banner.today'),
  };
}
