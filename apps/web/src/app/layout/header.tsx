import { useTranslation } from 'react-i18next';
import { Menu, Moon, Sun } from 'lucide-react';
import { IconButton } from '../../components/ui/icon-button';
import { useTheme } from '../../lib/use-theme';
import { FRAME } from './frame';
import { LanguageChoice } from './language-choice';
import { MOBILE_NAV_ID } from './mobile-nav';
import { NotificationsMenu } from './notifications-panel';
import { UserSummary } from './user-summary';

export function Header({ menuOpen, onOpenMenu }: { menuOpen: boolean; onOpenMenu: () => void }) {
  const { t } = useTranslation('shell');
  const { theme, toggle } = useTheme();

  return (
    <header className={FRAME.header}>
      <IconButton
        label={t('nav.openMenu')}
        aria-expanded={menuOpen}
        aria-controls={MOBILE_NAV_ID}
        onClick={onOpenMenu}
        className={FRAME.menuButton}
      >
        <Menu aria-hidden="true" className="h-5 w-5" />
      </IconButton>
      <span className={FRAME.acronym}>{t('acronym', { ns: 'common' })}</span>

      <div className="ml-auto flex items-center gap-1">
        <LanguageChoice />
        <NotificationsMenu />
        <IconButton label={t('header.toggleTheme')} aria-pressed={theme === 'dark'} onClick={toggle}>
          {theme === 'dark' ? (
            <Sun aria-hidden="true" className="h-5 w-5" />
          ) : (
            <Moon aria-hidden="true" className="h-5 w-5" />
          )}
        </IconButton>
        <UserSummary />
      </div>
    </header>
  );
}
