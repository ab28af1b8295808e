import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TUser } from '@betoch/contracts/auth';
import { fakeUser } from '@/test/render';
import { ApiError, apiRequest } from './api-client';
import { avatarLetter, displayName, sessionLostBy, SessionProvider, shouldRedirectOn401, useSession } from './session';

describe('display name and avatar', () => {
  it("shows the name, or 'User' and the last 4 characters of the phone", () => {
    expect(displayName({ name: 'Hana Tesfaye', phone: '+251911223344' })).toBe('Hana Tesfaye');
    expect(displayName({ name: null, phone: '+251911223344' })).toBe('User 3344');
    expect(displayName({ name: '   ', phone: '+251911229876' })).toBe('User 9876');
    expect(displayName({ name: null, phone: '+251911223344' }, 'ተጠቃሚ')).toBe('ተጠቃሚ 3344');
  });
  it('shows the first letter of the name, or U', () => {
    expect(avatarLetter({ name: 'hana' })).toBe('H');
    expect(avatarLetter({ name: 'ሀና' })).toBe('ሀ');
    expect(avatarLetter({ name: null })).toBe('U');
    expect(avatarLetter({ name: ' ' })).toBe('U');
  });
});

describe('401 rule', () => {
  it('redirects except on /login and for code verification (and the logout call itself)', () => {
    expect(shouldRedirectOn401('/wallet', '/wallet/balance')).toBe(true);
    expect(shouldRedirectOn401('/', '/auth/me')).toBe(true);
    expect(shouldRedirectOn401('/login', '/auth/me')).toBe(false);
    expect(shouldRedirectOn401('/login/', '/wallet/balance')).toBe(false);
    expect(shouldRedirectOn401('/signup', '/auth/verify-otp')).toBe(false);
    expect(shouldRedirectOn401('/browse', '/auth/logout')).toBe(false);
  });

  it('only a stored session can be lost: not by a visitor call, nor by a late answer to an old token', () => {
    expect(sessionLostBy('tok', 'tok')).toBe(true);
    expect(sessionLostBy(undefined, 'tok')).toBe(true);
    expect(sessionLostBy(null, 'tok')).toBe(false);
    expect(sessionLostBy('old', 'tok')).toBe(false);
    expect(sessionLostBy('tok', null)).toBe(false);
  });

  function storeSession() {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(fakeUser()));
    localStorage.setItem('userType', 'tenant');
  }

  function Probe() {
    const session = useSession();
    return <p data-testid="signed-in">{String(session.isAuthenticated)}</p>;
  }

  /** Renders the session on `path`; the spy hears where an expired session was. */
  function renderSessionAt(path: string) {
    window.history.pushState({}, '', path);
    const onExpired = vi.fn();
    render(
      <SessionProvider onExpired={onExpired}>
        <Probe />
      </SessionProvider>,
    );
    return onExpired;
  }

  async function callAnswering401(path: string) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ok: false, error: 'invalid_token' }), { status: 401 })),
    );
    await act(async () => {
      await apiRequest(path).catch((e: unknown) => expect(e).toBeInstanceOf(ApiError));
    });
  }

  it('clears token, user and userType and sends the browser to /login, remembering where it was', async () => {
    storeSession();
    const onExpired = renderSessionAt('/wallet?tab=buy');
    expect(screen.getByTestId('signed-in').textContent).toBe('true');
    await callAnswering401('/wallet/balance');
    expect(onExpired).toHaveBeenCalledWith('/wallet?tab=buy');
    expect(screen.getByTestId('signed-in').textContent).toBe('false');
    expect([localStorage.getItem('token'), localStorage.getItem('user'), localStorage.getItem('userType')]).toEqual([null, null, null]);
  });

  it('a 401 to a call made without a token (after logout, or by a visitor) sends nobody anywhere', async () => {
    const onExpired = renderSessionAt('/');
    await callAnswering401('/wallet/balance');
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('keeps the session for a wrong code at verification, and on /login', async () => {
    storeSession();
    const onExpired = renderSessionAt('/browse');
    await callAnswering401('/auth/verify-otp');
    window.history.pushState({}, '', '/login');
    await callAnswering401('/auth/me');
    expect(onExpired).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('tok');
    expect(screen.getByTestId('signed-in').textContent).toBe('true');
  });
});

describe('session', () => {
  function Controls({ onValue }: { onValue: (v: ReturnType<typeof useSession>) => void }) {
    onValue(useSession());
    return null;
  }

  /** Renders the session; the getter answers its latest value. */
  function renderSession(): () => ReturnType<typeof useSession> {
    let session!: ReturnType<typeof useSession>;
    render(
      <SessionProvider onExpired={() => undefined}>
        <Controls onValue={(v) => (session = v)} />
      </SessionProvider>,
    );
    return () => session;
  }

  it('signs in, keeps a user type chosen in this browser across refreshes, and signs out clearing everything', () => {
    const session = renderSession();
    act(() => session().signIn('tok', fakeUser() as TUser));
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('userType')).toBe('tenant');
    act(() => session().setUserType('landlord'));
    act(() => session().updateUser(fakeUser({ name: 'Hana T.' }) as TUser));
    expect(session().userType).toBe('landlord');
    expect(session().user?.name).toBe('Hana T.');
    act(() => session().signOut());
    expect(session().isAuthenticated).toBe(false);
    expect([localStorage.getItem('token'), localStorage.getItem('user'), localStorage.getItem('userType')]).toEqual([null, null, null]);
  });

  it('a late refresh of the user after sign-out, or for another account, changes nothing', () => {
    const session = renderSession();
    act(() => session().signIn('tok', fakeUser() as TUser));
    const staleUpdate = session().updateUser;
    act(() => session().signOut());
    act(() => staleUpdate(fakeUser() as TUser));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(session().isAuthenticated).toBe(false);

    act(() => session().signIn('tok-b', fakeUser({ sub: '+251911000999', phone: '+251911000999', name: 'B' }) as TUser));
    act(() => session().updateUser(fakeUser({ name: 'A again' }) as TUser));
    expect(session().user?.name).toBe('B');
  });
});
