/**
 * What a feature declares about its screens: each feature's routes.tsx exports its resources (route, ability,
 * page and, when it has one, its menu entry); app/registry.tsx only collects them. This module imports no
 * feature and nothing of the app shell, so a page can use it without an import circle.
 */
import { lazy, type ComponentType, type ReactNode } from 'react';
import type { ListSource } from '../components/listQuery';

export type NavGroupKey =
  'registration' | 'lessons' | 'finance' | 'exam' | 'master' | 'staff' | 'vehicle' | 'accounting' | 'settings';
export type AbilityRule = [action: string, subject: string];

export interface MenuEntry {
  label: string;
  group: NavGroupKey;
  icon: ReactNode;
  /** One-line description on the home page's quick links. */
  description: string;
  /** Place in the menu and on the home page (ascending; within a group the menu keeps this order). */
  order: number;
  /** Shown after the label in the menu (lazy, so the login page does not load it), e.g. a count of what waits there. */
  badge?: ComponentType;
}

export interface Resource {
  /** Route path; for a menu entry also the menu key. */
  path: string;
  /** Needed ability; none = any logged-in user. */
  ability?: AbilityRule;
  page: Page;
  /** Shown in the sider and on the home page when the ability allows. */
  menu?: MenuEntry;
  /** A list page: the route fetches its rows while the page's code loads (router.tsx). */
  list?: ListSource;
}

/** A lazy page; preload() starts loading its code (on navigation, and on hovering its menu entry). */
export type Page = ComponentType & { preload: () => void };

type Loader<M> = () => Promise<M>;

/** A module loaded once for all the pages taken from it. */
export const once = <M>(load: Loader<M>): Loader<M> => {
  let p: Promise<M> | null = null;
  return () => (p ??= load());
};

/** A lazy page from one export of a module (wrap the loader in once() when several pages share it). */
export function page<M>(load: Loader<M>, pick: (m: M) => ComponentType): Page {
  return Object.assign(
    lazy(() => load().then((m) => ({ default: pick(m) }))),
    { preload: () => void load().catch(() => {}) },
  );
}

/** A list, its "new" form and its detail under one ability subject (the catalog's simple resources). */
export function crud(path: string, subject: string, list: Page, detail: Page, menu?: MenuEntry): Resource[] {
  return [
    { path, ability: ['read', subject], page: list, menu },
    { path: `${path}/new`, ability: ['create', subject], page: detail },
    { path: `${path}/:id`, ability: ['read', subject], page: detail },
  ];
}
