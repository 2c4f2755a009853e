import { createElement } from 'react';
import {
  Banknote,
  Briefcase,
  Building2,
  CalendarDays,
  Car,
  ClipboardList,
  FileText,
  Folder,
  FolderOpen,
  Handshake,
  HeartPulse,
  Landmark,
  Megaphone,
  Pin,
  ScrollText,
  Scale,
  Shield,
  TrainFront,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { cx } from './class-names';

/**
 * Folders store their icon as an emoji (the spec's field, and what the API answers), but a desk
 * without an emoji font shows an empty box: each known emoji is drawn with its icon of the set.
 */
const ICONS: Readonly<Record<string, LucideIcon>> = {
  '📄': FileText,
  '📋': ClipboardList,
  '📁': Folder,
  '📂': FolderOpen,
  '📌': Pin,
  '📢': Megaphone,
  '⚖': Scale,
  '🛡': Shield,
  '🚓': Car,
  '🏛': Landmark,
  '🏢': Building2,
  '📅': CalendarDays,
  '💰': Banknote,
  '🏦': Wallet,
  '🏥': HeartPulse,
  '🚆': TrainFront,
  '💼': Briefcase,
  '📜': ScrollText,
  '🤝': Handshake,
  '👥': Users,
};

/** The icon drawn for a stored folder icon: its own, or a folder for anything unknown or blank. */
export function folderIconFor(stored: string | null | undefined): LucideIcon {
  // Variation selectors (U+FE0F) make the same emoji two strings.
  const key = (stored ?? '').replace(/\uFE0F/g, '').trim();
  return ICONS[key] ?? Folder;
}

export function FolderIcon({ icon, className }: { icon: string | null | undefined; className?: string }) {
  return createElement(folderIconFor(icon), { 'aria-hidden': true, className: cx('h-5 w-5 shrink-0', className) });
}
