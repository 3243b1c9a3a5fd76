import { useSyncExternalStore } from 'react';
import { session, can, type Ability, type UserData } from './session';

let snapshot: { user: UserData | null; ability: Ability[]; key: string } | null = null;

function read() {
  const key = `${localStorage.getItem('userData') ?? ''}|${localStorage.getItem('ability') ?? ''}|${localStorage.getItem('accessToken') ? 1 : 0}`;
  if (!snapshot || snapshot.key !== key)
    snapshot = { user: session.isLoggedIn() ? session.userData : null, ability: session.ability, key };
  return snapshot;
}

/** The logged-in user and ability; re-renders on login, refresh, logout (also in other tabs). */
export function useSession() {
  const s = useSyncExternalStore(session.subscribe, read);
  return {
    user: s.user,
    ability: s.ability,
    can: (action: string, subject: string) => can(s.ability, action, subject),
  };
}
