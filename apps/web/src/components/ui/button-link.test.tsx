import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ButtonLink } from './button';

// The handler keeps jsdom from following the link itself (it cannot open a new tab).
function renderLink(loading: boolean, onClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault())) {
  render(
    <MemoryRouter initialEntries={['/browse']}>
      <Routes>
        <Route
          path="/browse"
          element={
            <ButtonLink to="/browse?cursor=next" loading={loading} onClick={onClick}>
              Show more homes
            </ButtonLink>
          }
        />
        <Route path="*" element={<p>Another page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { link: screen.getByRole('link', { name: 'Show more homes' }), onClick };
}

describe('ButtonLink', () => {
  it('busy: says so (aria-busy, a spinner), keeps its address and its place, and a press does nothing', () => {
    const { link, onClick } = renderLink(true);
    expect(link.getAttribute('aria-busy')).toBe('true');
    expect(link.getAttribute('href')).toBe('/browse?cursor=next');
    expect(link.querySelector('svg, [class*="spinner"]')).not.toBeNull();
    fireEvent.click(link);
    expect(onClick).not.toHaveBeenCalled();
    screen.getByRole('link', { name: 'Show more homes' });
    // A press that opens a new tab still reaches the page's handler (the browser opens the link).
    fireEvent.click(link, { ctrlKey: true });
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('not busy: a plain link, its press handled', () => {
    const { link, onClick } = renderLink(false);
    expect(link.getAttribute('aria-busy')).toBeNull();
    expect(link.querySelector('svg, [class*="spinner"]')).toBeNull();
    fireEvent.click(link);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
