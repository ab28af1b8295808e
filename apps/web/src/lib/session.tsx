import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { TUser } from '@betoch/contracts/auth';
import type { Role, UserType } from '@betoch/contracts/constants';
import { setUnauthorizedHandler } from './api-client';
import { useHydrating } from './hydration';
import { loadSession, saveSession, type StoredSession } from './session-storage';

export interface SessionValue extends StoredSession {
  isAuthenticated: boolean;
  /** Stores token and user after sign-in or sign-up. */
  signIn(token: string, user: TUser): void;
  /** Replaces the user after a refresh from the server. */
  updateUser(user: TUser): void;
  setUserType(userType: UserType): void;
  /** Logout: clears everything (the caller goes to /). */
  signOut(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

const NO_SESSION: StoredSession = { token: null, user: null, userType: null };
const isEmpty = (session: StoredSession) => session.token === null && session.user === null && session.userType === null;

/**
 * The 401 rule: a 401 ends the session and sends the browser to /login, except
 * when it is already on /login, or when the failing call was code verification (a wrong code is
 * not a lost session). A failed logout call needs no redirect either: the user is leaving.
 */
export function shouldRedirectOn401(pathname: string, callPath: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/login') return false;
  return !callPath.startsWith('/auth/verify-otp') && !callPath.startsWith('/auth/logout');
}

/**
 * Only a session can be lost: a call made without a token (a visitor), or with a token that is
 * no longer the stored one (signed out or in again meanwhile), changes nothing.
 */
export function sessionLostBy(sentToken: string | null | undefined, currentToken: string | null): boolean {
  if (!currentToken) return false;
  return sentToken === undefined || sentToken === currentToken;
}

export function SessionProvider({ children, onExpired }: { children: ReactNode; onExpired: (from: string) => void }) {
  const [stored, setSession] = useState<StoredSession>(loadSession);
  // A page drawn on the server is drawn for a visitor without a session: while the browser
  // hydrates it the session is left out too, and shown the moment hydration is done. A visitor
  // without one keeps the very same value then: React draws again, at once, every reader of a
  // context whose value changes, and on a drawn page that was the whole page, a slow phone's
  // longest task (docs/performance.md, 'Figures behind choices in the code').
  const session = useHydrating() || isEmpty(stored) ? NO_SESSION : stored;

  const apply = useCallback((next: StoredSession) => {
    saveSession(next);
    setSession(next);
  }, []);

  const signOut = useCallback(() => {
    apply({ token: null, user: null, userType: null });
  }, [apply]);

  // Changes start from what is stored now, never from a render's copy: a late answer for a
  // session that has ended cannot bring it back, nor overwrite another account's.
  const signIn = useCallback((token: string, user: TUser) => apply({ token, user, userType: user.userType }), [apply]);
  const updateUser = useCallback(
    (user: TUser) => {
      const current = loadSession();
      if (!current.token || (current.user && current.user.sub !== user.sub)) return;
      // A user type chosen in this browser (console helper) stays until sign-out.
      apply({ ...current, user, userType: current.userType ?? user.userType });
    },
    [apply],
  );
  const setUserType = useCallback((userType: UserType) => apply({ ...loadSession(), userType }), [apply]);

  useEffect(() => {
    setUnauthorizedHandler((callPath, sentToken) => {
      if (!sessionLostBy(sentToken, loadSession().token)) return;
      if (!shouldRedirectOn401(window.location.pathname, callPath)) return;
      signOut();
      onExpired(`${window.location.pathname}${window.location.search}`);
    });
    return () => setUnauthorizedHandler(() => undefined);
  }, [signOut, onExpired]);

  // Another tab signed in or out: follow it.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === 'token' || e.key === 'user' || e.key === 'userType') setSession(loadSession());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<SessionValue>(
    () => ({
      ...session,
      isAuthenticated: Boolean(session.token && session.user),
      signIn,
      updateUser,
      setUserType,
      signOut,
    }),
    [session, signIn, updateUser, setUserType, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** Roles from the user's roles array; when absent, one role from userType (default tenant). */
export function rolesOf(user: TUser | null, userType?: UserType | null): Role[] {
  if (!user) return [];
  if (Array.isArray(user.roles) && user.roles.length) return user.roles;
  return [user.userType ?? userType ?? 'tenant'];
}

export function hasRole(user: TUser | null, role: Role): boolean {
  return rolesOf(user).includes(role);
}

/** The user's name, or 'User' plus the last 4 characters of the phone. */
export function displayName(user: Pick<TUser, 'name' | 'phone'> | null, fallbackWord = 'User'): string {
  if (!user) return '';
  const name = user.name?.trim();
  return name ? name : `${fallbackWord} ${user.phone.slice(-4)}`;
}

/** First letter of the name, or U. */
export function avatarLetter(user: Pick<TUser, 'name'> | null): string {
  const name = user?.name?.trim();
  return name ? Array.from(name)[0]!.toUpperCase() : 'U';
}
