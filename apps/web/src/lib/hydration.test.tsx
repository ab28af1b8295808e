import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HydrationState, useHydrating } from './hydration';

function Who() {
  return <p>{useHydrating() ? 'the server’s page' : 'this device’s page'}</p>;
}

describe('HydrationState', () => {
  it("hydrates the server's HTML as it is, then draws what only the browser knows", async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <HydrationState hydrating>
        <Who />
      </HydrationState>,
    );
    expect(container.textContent).toBe('the server’s page');
    const mismatch = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <HydrationState hydrating>
          <Who />
        </HydrationState>,
        { onRecoverableError: mismatch },
      );
    });
    expect(mismatch).not.toHaveBeenCalled();
    expect(container.textContent).toBe('this device’s page');
    act(() => root!.unmount());
  });

  it('is not hydrating in a screen the browser draws alone, nor outside any state', () => {
    render(
      <HydrationState hydrating={false}>
        <Who />
      </HydrationState>,
    );
    screen.getByText('this device’s page');
    render(<Who />);
    expect(screen.getAllByText('this device’s page')).toHaveLength(2);
  });
});
