import {
  CalendarCheck,
  ClipboardList,
  FileText,
  Landmark,
  LayoutDashboard,
  Megaphone,
  Settings,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: string;
  /** Key in the shell namespace. */
  labelKey: string;
  icon: LucideIcon;
}

/** Every item is shown to every role (document 1, section 6). */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', labelKey: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/appointments', labelKey: 'nav.appointments', icon: CalendarCheck },
  { to: '/orders', labelKey: 'nav.orders', icon: FileText },
  { to: '/forms', labelKey: 'nav.forms', icon: ClipboardList },
  { to: '/circulars', labelKey: 'nav.circulars', icon: Megaphone },
  { to: '/government-decisions', labelKey: 'nav.governmentDecisions', icon: Landmark },
  { to: '/salary-finance', labelKey: 'nav.salaryFinance', icon: Wallet },
  { to: '/users', labelKey: 'nav.users', icon: Users },
  { to: '/settings', labelKey: 'nav.settings', icon: Settings },
];
