import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test/render';
import { LandlordWelcomePage } from './landlord-welcome-page';

beforeAll(() => {
  // jsdom draws nothing, so it has nothing to scroll: a new step asks to come into view.
  Element.prototype.scrollIntoView = vi.fn();
});

const routes = [{ path: '/landlord/welcome', element: <LandlordWelcomePage /> }];
const stepHeading = (name: RegExp) => screen.findByRole('heading', { level: 2, name });

describe('/landlord/welcome opens the wizard on the step its address names (the steps without JavaScript)', { timeout: 20_000 }, () => {
  it('?step=3 opens on the photos, its dot the current one; the buttons work from there as from step 1', async () => {
    fakeApi();
    renderApp({ routes, path: '/landlord/welcome?step=3' });
    await stepHeading(/^Step 3 of 5\s*Photos$/);
    const steps = screen.getByRole('navigation', { name: 'Posting steps' });
    expect(
      within(steps)
        .getByRole('button', { name: /Step 3 of 5/ })
        .getAttribute('aria-current'),
    ).toBe('step');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await stepHeading(/^Step 2 of 5\s*Pricing$/);
    // Next checks the step it leaves.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Valid price is required');
    screen.getByRole('heading', { level: 2, name: /^Step 2 of 5/ });
  });

  it('a step that is not one of the five opens step 1; in Amharic, ?step=4 the contact step', async () => {
    fakeApi();
    const { unmount } = renderApp({ routes, path: '/landlord/welcome?step=6' });
    await stepHeading(/^Step 1 of 5\s*Property info$/);
    unmount();

    fakeApi();
    renderApp({ routes, path: '/landlord/welcome?step=4', lng: 'am' });
    await stepHeading(/^ደረጃ 4 ከ5\s*የመገናኛ መረጃ$/);
  });
});
