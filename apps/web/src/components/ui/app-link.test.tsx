import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { AppLink, type AppLinkProps } from './app-link';

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {`${location.pathname}${location.search}${location.hash}`} {String((location.state as { from?: string } | null)?.from ?? '-')} {useNavigationType()}
    </p>
  );
}

function renderLink(props: Partial<AppLinkProps> & { to: string }, at = '/browse?type=villa') {
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <AppLink {...props}>Go</AppLink>
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByRole('link', { name: 'Go' });
}

const where = () => screen.getByTestId('where').textContent;

describe('AppLink', () => {
  it("writes the whole address in its href: a query or a fragment alone is the page shown's, an empty query none", () => {
    expect(renderLink({ to: '/l/42' }).getAttribute('href')).toBe('/l/42');
    document.body.innerHTML = '';
    expect(renderLink({ to: '?cursor=next' }).getAttribute('href')).toBe('/browse?cursor=next');
    document.body.innerHTML = '';
    expect(renderLink({ to: '?' }).getAttribute('href')).toBe('/browse');
    document.body.innerHTML = '';
    expect(renderLink({ to: '#filters' }).getAttribute('href')).toBe('/browse?type=villa#filters');
    document.body.innerHTML = '';
    expect(renderLink({ to: 'https://t.me/betoch' }).getAttribute('href')).toBe('https://t.me/betoch');
  });

  it('a plain press goes there in the app, with its state, adding to the history', () => {
    fireEvent.click(renderLink({ to: '/l/42', state: { from: '/browse?type=villa' } }));
    expect(where()).toBe('/l/42 /browse?type=villa PUSH');
  });

  it('a link to the page shown replaces it, as does one that asks to', () => {
    fireEvent.click(renderLink({ to: '?type=villa' }));
    expect(where()).toBe('/browse?type=villa - REPLACE');
    document.body.innerHTML = '';
    fireEvent.click(renderLink({ to: '/l/42', replace: true }));
    expect(where()).toBe('/l/42 - REPLACE');
  });

  it('leaves to the browser a press with a modifier key or another button, another tab, a whole-page load and an address outside the app', () => {
    const cases: Array<[Partial<AppLinkProps> & { to: string }, Parameters<typeof fireEvent.click>[1]]> = [
      [{ to: '/l/42' }, { ctrlKey: true }],
      [{ to: '/l/42' }, { metaKey: true }],
      [{ to: '/l/42' }, { shiftKey: true }],
      [{ to: '/l/42' }, { button: 1 }],
      [{ to: '/terms', target: '_blank' }, {}],
      [{ to: '/', reloadDocument: true }, {}],
      [{ to: 'https://t.me/betoch' }, {}],
    ];
    // Whether the app let the press through, read once it has passed the app (whose listener is
    // on its root); then stopped, as jsdom cannot follow a link itself.
    let leftToBrowser: boolean | undefined;
    const onDocument = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', onDocument);
    try {
      for (const [props, init] of cases) {
        document.body.innerHTML = '';
        leftToBrowser = undefined;
        fireEvent.click(renderLink(props), init);
        expect(leftToBrowser, JSON.stringify([props, init])).toBe(true);
        expect(where()).toBe('/browse?type=villa - POP');
      }
    } finally {
      document.removeEventListener('click', onDocument);
    }
  });

  it("runs the page's own handler first, which may keep the press from going anywhere", () => {
    const onClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    fireEvent.click(renderLink({ to: '/l/42', onClick }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(where()).toBe('/browse?type=villa - POP');
  });
});
