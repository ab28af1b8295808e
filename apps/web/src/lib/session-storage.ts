import { STORAGE_KEYS, USER_TYPES, type UserType } from '@betoch/contracts/constants';
import type { TUser } from '@betoch/contracts/auth';

/** The session kept in browser storage under the spec's keys: token, user, userType. */
export interface StoredSession {
  token: string | null;
  user: TUser | null;
  userType: UserType | null;
}

function read(key: string): string | null {
  // On the server there is no storage (and a thrown ReferenceError costs more than the test).
  if (typeof localStorage === 'undefined') return null;
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the session then lives only in memory.
  }
}

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

export function loadSession(): StoredSession {
  let user: TUser | null;
  try {
    const raw = read(STORAGE_KEYS.user);
    user = raw ? (JSON.parse(raw) as TUser) : null;
  } catch {
    user = null;
  }
  const userType = read(STORAGE_KEYS.userType);
  return { token: read(STORAGE_KEYS.token), user, userType: isUserType(userType) ? userType : null };
}

export function saveSession(session: StoredSession): void {
  write(STORAGE_KEYS.token, session.token);
  write(STORAGE_KEYS.user, session.user ? JSON.stringify(session.user) : null);
  write(STORAGE_KEYS.userType, session.userType);
}

export function readToken(): string | null {
  return read(STORAGE_KEYS.token);
}

export function readUserType(): UserType | null {
  const value = read(STORAGE_KEYS.userType);
  return isUserType(value) ? value : null;
}

export function writeUserType(value: UserType | null): void {
  write(STORAGE_KEYS.userType, value);
}
