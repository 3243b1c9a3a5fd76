/** The stored login (localStorage keys accessToken, refreshToken, userData, ability). */
export interface Ability {
  action: string;
  subject: string;
}

export interface UserData {
  user_id: number;
  username: string;
  prefix: string | null;
  fname: string;
  sname: string | null;
  nickname: string | null;
  photo: string | null;
  role: { role_id: number; slug: string; name: string };
  branch_id: number;
  branch_name: string;
  all_branches: boolean;
  /** the seeded demo school (a try-out, not real books): the layout shows a banner */
  demo?: boolean;
}

export interface LoginData {
  accessToken: string;
  refreshToken: string;
  userData: UserData;
  ability: Ability[];
}

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
  return ability.some((a) => (a.action === 'manage' || a.action === action) && (a.subject === 'all' || a.subject === subject));
}
