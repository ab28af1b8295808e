import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionProvider, useSession } from '@/lib/session';
import { fakeUser } from '@/test/render';
import { installUserTypeDebugHelper } from './user-type-debug';

function ShowType() {
  return <p data-testid="type">{useSession().userType ?? 'none'}</p>;
}

describe('betochUserType console helper', () => {
  it('shows and sets the stored user type, and the open page follows', () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(fakeUser()));
    localStorage.setItem('userType', 'tenant');
    installUserTypeDebugHelper();
    const view = render(
      <SessionProvider onExpired={() => undefined}>
        <ShowType />
      </SessionProvider>,
    );
    const helper = window.betochUserType!;
    expect(helper()).toBe('tenant');
    expect(helper.get()).toBe('tenant');
    act(() => {
      helper('landlord');
    });
    expect(localStorage.getItem('userType')).toBe('landlord');
    expect(view.getByTestId('type').textContent).toBe('landlord');
    act(() => {
      helper.set('delala');
    });
    expect(view.getByTestId('type').textContent).toBe('delala');
    expect(() => helper.set('admin' as never)).toThrow(/tenant, landlord, delala/);
    expect(helper.types).toEqual(['tenant', 'landlord', 'delala']);
  });
});
