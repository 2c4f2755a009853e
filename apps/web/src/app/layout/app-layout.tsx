import { useCallback, useState, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { IconButton } from '../../components/ui/icon-button';
import { queryClient } from '../../lib/query-client';
import { getStoredUser, onSessionChange } from '../../lib/session';
import { ApiStatusBanner } from './api-status-banner';
import { FRAME } from './frame';
import { useCurrentUserRecord } from './current-user-query';
import { Header } from './header';
import { MobileNav } from './mobile-nav';
import { SideNav } from './side-nav';
import { useNavCollapsed } from './use-nav-collapsed';

/**
 * The signed-in shell. TanStack Query is provided here rather than at the root: only signed-in pages
 * query the server, and keeping it out of the entry keeps the login page light.
 */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout />
    </QueryClientProvider>
  );
}

const storedUserId = () => getStoredUser()?.id;

function AppLayout() {
  const { t } = useTranslation('shell');
  const { collapsed, toggle } = useNavCollapsed();
  const [menuOpen, setMenuOpen] = useState(false);
  // The sign-in answer has only the session user: the full record (grants, company, approval role) replaces it.
  useCurrentUserRecord(useSyncExternalStore(onSessionChange, storedUserId));
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <div className={FRAME.root}>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 dark:bg-slate-900"
      >
        {t('skipToContent')}
      </a>

      <aside className={FRAME.aside(collapsed)}>
        <SideNav
          collapsed={collapsed}
          control={
            <IconButton
              label={collapsed ? t('nav.expand') : t('nav.collapse')}
              aria-expanded={!collapsed}
              onClick={toggle}
            >
              {collapsed ? (
                <PanelLeftOpen aria-hidden="true" className="h-5 w-5" />
              ) : (
                <PanelLeftClose aria-hidden="true" className="h-5 w-5" />
              )}
            </IconButton>
          }
        />
      </aside>
      <MobileNav open={menuOpen} onClose={closeMenu} />

      <div className={FRAME.column}>
        <Header menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} />
        <ApiStatusBanner />
        <main id="main" tabIndex={-1} className={FRAME.main}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
