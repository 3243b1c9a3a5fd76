/** The stored login (localStorage keys accessToken, refreshToken, userData, ability). */
import type { Ability, Session, UserData } from '@khabkhi/contracts';

/** The signed-in user and their abilities, as login and refresh answer them (packages/contracts). */
export type { Ability, UserData };
export type LoginData = Session;

const KEYS = ['accessToken', 'refreshToken', 'userData', 'ability'] as const;
type Listener = () => void;
const listeners = new Set<Listener>();

export const session = {
  get accessToken(): string | null {
    return localStorage.getItem('accessToken');
  },
  get refreshToken(): string | null {
    return localStorage.getItem('refreshToken');
  },
  get userData(): UserData | null {
    return readJson<UserData>('userData');
  },
  get ability(): Ability[] {
    return readJson<Ability[]>('ability') ?? [];
  },
  isLoggedIn(): boolean {
    return !!localStorage.getItem('accessToken') && !!localStorage.getItem('userData');
  },
  save(data: LoginData): void {
    localStorage.setItem('accessToken', data.accessToken);
    localStorage.setItem('refreshToken', data.refreshToken);
    localStorage.setItem('userData', JSON.stringify(data.userData));
    localStorage.setItem('ability', JSON.stringify(data.ability ?? []));
    emit();
  },
  clear(): void {
    for (const k of KEYS) localStorage.removeItem(k);
    emit();
  },
  subscribe(fn: Listener): () => void {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
};

function emit() {
  for (const fn of listeners) fn();
}

function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

// another tab logged in or out
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || (KEYS as readonly string[]).includes(e.key)) emit();
  });
}

/** CASL-style check: action 'manage' covers every action, subject 'all' every subject. */
export function can(ability: Ability[], action: string, subject: string): boolean {
  return ability.some(
    (a) => (a.action === 'manage' || a.action === action) && (a.subject === 'all' || a.subject === subject),
  );
}
