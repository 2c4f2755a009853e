import {
  Activity,
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
import type { Actor } from '@srpf/shared/access/actor';
import type { Permission } from '@srpf/shared/common/permissions';
import { mayViewSystemHealth } from '@srpf/shared/health/system-health.policy';

export interface NavItem {
  to: string;
  /** Key in the shell namespace. */
  labelKey: string;
  icon: LucideIcon;
  /** Shown only to people who hold it; the page behind it refuses everyone else too. */
  permission?: Permission;
  /** Shown only to people the page's shared policy admits (a page no permission opens, such as System Health). */
  policy?: (actor: Pick<Actor, 'role'>) => boolean;
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
  // The product's own state: administrators only (mayViewSystemHealth), as the page and the server decide.
  { to: '/health', labelKey: 'nav.systemHealth', icon: Activity, policy: mayViewSystemHealth },
  { to: '/settings', labelKey: 'nav.settings', icon: Settings },
];

/** The items a person sees: those without a permission or policy, and those whose permission they hold and policy admits them. */
export function navItemsFor(can: (permission: Permission) => boolean, actor: Pick<Actor, 'role'>): NavItem[] {
  return NAV_ITEMS.filter(
    (item) =>
      (item.permission === undefined || can(item.permission)) && (item.policy === undefined || item.policy(actor)),
  );
}
