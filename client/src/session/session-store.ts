// The stored login info (seed 000 §3) and the current reporting entity, kept in localStorage
// so that every tab shares them, with a tiny subscription for React. The server holds the real
// session; this is what the client shows and what it sends as `re`/`sector` with every call.
import { useSyncExternalStore } from 'react';

export interface EntityLink {
  id: number;
  name: string;
  sector: number | null;
}

/** The record User.login and User.current answer (engine/identity/user-record.ts). */
export interface LoginInfo {
  id: number;
  userid: string;
  name: string;
  email?: string | null;
  login_type: { name: string; value: number };
  roles: Record<string, boolean>;
  permissions: Record<string, boolean>;
  RE: EntityLink[];
  currentRE: number | null;
  REPrimaryUser: number | null;
  RESubUser: boolean;
  firstTimeLogin: boolean;
  VerifyBizInfo: boolean;
  VerifyOffice: boolean;
  position2_value: number | null;
  pwexpiry: { expired: boolean; message: string };
}

export const LOGIN_TYPE = { IRU: 1, RE: 2, ADMIN: 3 } as const;

const USER_KEY = 'user';
const RE_KEY = 're';

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let snapshot: { user: LoginInfo | null; re: number | null } = load();

function load() {
  const user = readJson<LoginInfo>(USER_KEY);
  // A login record without a login type forces logout (seed 000 §6).
  const valid = user && typeof user.login_type?.value === 'number' ? user : null;
  const re = readJson<number>(RE_KEY);
  return { user: valid, re: valid ? (re ?? valid.currentRE ?? valid.RE[0]?.id ?? null) : null };
}

function changed() {
  snapshot = load();
  for (const l of listeners) l();
}

// Another tab signing in, out, or switching entity.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === USER_KEY || e.key === RE_KEY) changed();
  });
}

export const sessionStore = {
  get: () => snapshot,
  user: () => snapshot.user,
  currentRe: () => snapshot.re,
  currentSector(): number | null {
    const { user, re } = snapshot;
    return user?.RE.find((e) => e.id === re)?.sector ?? null;
  },
  /** Reads the stored values again (the 10-second checks compare them with what is shown). */
  peek: () => load(),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signedIn(user: LoginInfo) {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    // The first reporting entity of the user is remembered (seed 000 §2.2).
    const re = user.currentRE ?? user.RE[0]?.id ?? null;
    if (re === null) localStorage.removeItem(RE_KEY);
    else localStorage.setItem(RE_KEY, JSON.stringify(re));
    changed();
  },
  /** The login info again (after a role or entity change on the server). */
  refreshed(user: LoginInfo) {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    changed();
  },
  switchedRe(re: number, role: number | null) {
    const user = snapshot.user;
    if (user) {
      // Roles 25 to 27 are the entity-level ones: the new entity's replaces the old (seed 000 §6).
      const roles = Object.fromEntries(Object.entries(user.roles).filter(([r]) => !['25', '26', '27'].includes(r)));
      if (role !== null) roles[String(role)] = true;
      localStorage.setItem(USER_KEY, JSON.stringify({ ...user, roles, currentRE: re }));
    }
    localStorage.setItem(RE_KEY, JSON.stringify(re));
    changed();
  },
  /** At logout the stored user, RE data and any key starting with `state.` go (seed 000 §9). */
  cleared() {
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(RE_KEY);
    for (const key of Object.keys(localStorage)) if (key.startsWith('state.')) localStorage.removeItem(key);
    changed();
  },
};

export function useSession() {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

export function hasPermission(user: LoginInfo | null, permission: string | undefined): boolean {
  if (!permission) return true;
  return Boolean(user?.permissions[permission]);
}

export function loginTypeOf(user: LoginInfo | null): 'RE' | 'IRU' | 'ADMIN' | null {
  if (!user) return null;
  if (user.login_type.value === LOGIN_TYPE.RE) return 'RE';
  if (user.login_type.value === LOGIN_TYPE.IRU) return 'IRU';
  return 'ADMIN';
}
