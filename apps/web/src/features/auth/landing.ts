/**
 * Where a user lands after signing in: owners and managers (who read the accounts) on the cockpit, everyone else —
 * the cashier at the counter, the instructor — on the home page. A page the user was sent away from comes first.
 */
import type { Ability } from '../../api/session';
import { can } from '../../api/session';

export const DASHBOARD = '/dashboard';

export function landingPath(ability: Ability[], from: string | null | undefined): string {
  if (from && from !== '/' && from !== '/login' && !from.startsWith('/login?')) return from;
  return can(ability, 'read', 'Accounting') ? DASHBOARD : '/';
}
