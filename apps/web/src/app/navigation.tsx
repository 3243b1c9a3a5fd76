/**
 * The menu, generated from the resource registry (registry.tsx): every resource with a `menu` entry, in the
 * entries' `order`. The Sider shows an entry only when the user's ability allows it; a group appears only when
 * at least one of its entries is visible. Group order follows NAV_GROUPS.
 */
import { can, type Ability } from '../api/session';
import type { NavEntry } from '../routing/nav';
import { loadPageServices } from './pageServices';
import { RESOURCES, type Resource } from './registry';

export { NAV_GROUPS, type NavEntry } from '../routing/nav';

/** Starts loading a page's code and, for any page but home, antd's App that AppLayout puts around it. */
export function preloadPage(r: Resource): void {
  r.page.preload();
  if (r.path !== '/') void loadPageServices().catch(() => {});
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
          order: r.menu.order,
          preload: () => preloadPage(r),
        },
      ]
    : [],
)
  .sort((a, b) => a.order - b.order)
  .map(({ order: _order, ...e }) => e);

export function allowedNav(ability: Ability[]): NavEntry[] {
  return NAV.filter((e) => can(ability, e.ability[0], e.ability[1]));
}

/** The entry a pathname belongs to ('/employees/12' → '/employees'); the longest matching path wins. */
export function navEntryOf(pathname: string): NavEntry | undefined {
  return NAV.filter((e) => pathname === e.path || pathname.startsWith(e.path + '/')).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
}
