import {
  CalendarCheck,
  ClipboardList,
  FileText,
  Landmark,
  LayoutDashboard,
  Megaphone,
  MessageCircle,
  Settings,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { Permission } from '@srpf/shared/common/permissions';

export interface NavItem {
  to: string;
  /** Key in the shell namespace. */
  labelKey: string;
  icon: LucideIcon;
  /** Shown only to people who hold it; the page behind it refuses everyone else too. */
  permission?: Permission;
}

/**
 * The side navigation (document 1, section 6). Every item is shown to every role, except the ones
 * that lead only to management a person may not do (the authorization issue).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', labelKey: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/appointments', labelKey: 'nav.appointments', icon: CalendarCheck },
  { to: '/orders', labelKey: 'nav.orders', icon: FileText },
  { to: '/forms', labelKey: 'nav.forms', icon: ClipboardList },
  { to: '/circulars', labelKey: 'nav.circulars', icon: Megaphone },
  { to: '/government-decisions', labelKey: 'nav.governmentDecisions', icon: Landmark },
  { to: '/salary-finance', labelKey: 'nav.salaryFinance', icon: Wallet },
  // The messaging overview: send_whatsapp (mayUseMessaging), as the page and the server decide.
  { to: '/whatsapp', labelKey: 'nav.messaging', icon: MessageCircle, permission: 'send_whatsapp' },
  { to: '/users', labelKey: 'nav.users', icon: Users, permission: 'manage_users' },
  { to: '/settings', labelKey: 'nav.settings', icon: Settings },
];

/** The items a person sees: those without a permission, and those whose permission they hold. */
export function navItemsFor(can: (permission: Permission) => boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => item.permission === undefined || can(item.permission));
}
