import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TenantWelcomePage } from './tenant-welcome-page';
import { fakeApi } from '@/test/render';
import { browseAnswer, card, renderListings } from '../test/render-listings';

const routes = [{ path: '/tenant/welcome', element: <TenantWelcomePage /> }];

describe('/tenant/welcome', { timeout: 20_000 }, () => {
  it('shows 3 of 20 live listings, a call to /browse and the login link', async () => {
    const api = fakeApi();
    const twenty = Array.from({ length: 20 }, (_, i) => card({ _id: `id-${i}`, title: `Home ${i}` }));
    api.answer('GET', '/listings', () => ({ body: browseAnswer(twenty) }));
    renderListings({ routes, path: '/tenant/welcome' });

    screen.getByRole('heading', { level: 1, name: 'Find your next home in Addis' });
    expect(screen.getByRole('link', { name: 'Browse homes' }).getAttribute('href')).toBe('/browse');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    const call = api.callsTo('GET', '/listings')[0]!;
    expect(call.query.get('limit')).toBe('20');
    expect(call.query.get('visibility')).toBe('live');
  });

  it('has an empty state when nothing is live', async () => {
    fakeApi().answer('GET', '/listings', () => ({ body: browseAnswer([]) }));
    renderListings({ routes, path: '/tenant/welcome' });
    await screen.findByRole('heading', { name: 'No homes listed right now' });
  });

  it('says when the homes cannot load, with Try again', async () => {
    const api = fakeApi();
    let fail = true;
    api.answer('GET', '/listings', () =>
      fail ? { status: 500, body: { ok: false, error: 'internal_error', message: 'x' } } : { body: browseAnswer([card()]) },
    );
    renderListings({ routes, path: '/tenant/welcome' });
    await screen.findByText('Failed to load listings');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(1);
  });

  it('reads in Amharic', async () => {
    fakeApi().answer('GET', '/listings', () => ({ body: browseAnswer([]) }));
    renderListings({ routes, path: '/tenant/welcome', lng: 'am' });
    screen.getByRole('heading', { level: 1, name: 'ቀጣዩን ቤትዎን በአዲስ አበባ ያግኙ' });
    await screen.findByRole('heading', { name: 'አሁን የተለጠፈ ቤት የለም' });
  });
});
