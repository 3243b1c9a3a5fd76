/**
 * The menu, generated from the resource registry (registry.tsx): every resource with a `menu` entry.
 * The Sider shows an entry only when the user's ability allows it; a group appears only when at least
 * one of its entries is visible. Group order follows NAV_GROUPS, entry order the registry.
 */
import type { ComponentType, ReactNode } from 'react';
import { can, type Ability } from '../api/session';
import { NAV_GROUPS, RESOURCES, type AbilityRule, type NavGroupKey } from './registry';

export { NAV_GROUPS, type NavGroupKey };

export interface NavEntry {
  /** Route path; also the menu key. */
  path: string;
  label: string;
  group: NavGroupKey;
  icon?: ReactNode;
  ability: AbilityRule;
  description?: string;
  /** Shown after the label in the menu, e.g. a count of what waits there. */
  badge?: ComponentType;
  /** Starts loading the page's code (the menu calls it when the pointer or the focus reaches the entry). */
  preload: () => void;
}

export const NAV: NavEntry[] = RESOURCES.flatMap((r) =>
  r.menu && r.ability
    ? [
        {
          path: r.path,
          ability: r.ability,
          label: r.menu.label,
          group: r.menu.group,
          icon: r.menu.icon,
          description: r.menu.description,
          badge: r.menu.badge,
          preload: r.page.preload,
        },
      ]
    : [],
);

export function allowedNav(ability: Ability[]): NavEntry[] {
  return NAV.filter((e) => can(ability, e.ability[0], e.ability[1]));
}

/** The entry a pathname belongs to ('/employees/12' → '/employees'); the longest matching path wins. */
export function navEntryOf(pathname: string): NavEntry | undefined {
  return NAV.filter((e) => pathname === e.path || pathname.startsWith(e.path + '/')).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
}
