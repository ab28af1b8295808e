import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, fakeUser, renderApp } from '@/test/render';
import { FaydaOffer } from './fayda-offer';
import { FaydaReturnPage } from './fayda-return-page';

const landlord = fakeUser({ userType: 'landlord' });
const offerRoutes = [{ path: '/account', element: <FaydaOffer place="account" /> }];
const returnRoutes = [{ path: '/account/fayda', element: <FaydaReturnPage /> }];
const status = (over: Record<string, unknown>) => ({ body: { ok: true, enabled: true, eligible: true, verification: null, ...over } });

describe('Verify with Fayda', { timeout: 20_000 }, () => {
  it('offers it to a landlord; a provider that does not answer is said in Amharic', async () => {
    const api = fakeApi();
    api.answer('GET', '/fayda', () => status({}));
    api.answer('POST', '/fayda/start', () => ({ status: 503, body: { ok: false, error: 'fayda_unavailable', message: 'x' } }));
    renderApp({ routes: offerRoutes, path: '/account', user: landlord, lng: 'am' });
    fireEvent.click(await screen.findByRole('button', { name: 'በፋይዳ ያረጋግጡ' }));
    await screen.findByText('ፋይዳ አሁን መልስ አይሰጥም። ምንም አልተቀየረም፤ እባክዎ ቆይተው እንደገና ይሞክሩ።');
    expect(api.callsTo('POST', '/fayda/start')[0]!.body).toEqual({ lng: 'am' });
  });

  it('shows nothing when Fayda is not configured, or to a tenant', async () => {
    for (const over of [{ enabled: false }, { eligible: false }]) {
      const api = fakeApi();
      api.answer('GET', '/fayda', () => status(over));
      const { container } = renderApp({ routes: offerRoutes, path: '/account', user: landlord });
      await waitFor(() => expect(api.callsTo('GET', '/fayda')).toHaveLength(1));
      // The skeleton while it loads, then nothing at all.
      await waitFor(() => expect(container.querySelector('[class*="skeleton"]')).toBeNull());
      expect(container.querySelector('section')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Verify with Fayda' })).toBeNull();
    }
  });

  it('a verified account reads since when and under which name', async () => {
    const api = fakeApi();
    api.answer('GET', '/fayda', () => status({ verification: { verified_at: '2026-11-20T08:00:00.000Z', name: 'Almaz Tesfaye', phone_match: true } }));
    renderApp({ routes: offerRoutes, path: '/account', user: landlord });
    await screen.findByRole('region', { name: 'Verified with Fayda' });
    screen.getByText(/Verified name: Almaz Tesfaye/);
    screen.getByText("Your Fayda phone is this account's phone.");
  });

  it('the return page sends the code and state once and says it worked', async () => {
    const api = fakeApi();
    api.answer('POST', '/fayda/callback', () => ({
      body: { ok: true, verification: { verified_at: '2026-11-20T08:00:00.000Z', name: 'Abebe Kebede', phone_match: false } },
    }));
    renderApp({ routes: returnRoutes, path: '/account/fayda?code=abc&state=xyz', user: landlord });
    await screen.findByText('You are verified with Fayda');
    screen.getByText('Verified name: Abebe Kebede');
    expect(api.callsTo('POST', '/fayda/callback').map((c) => c.body)).toEqual([{ state: 'xyz', code: 'abc' }]);
  });

  it('a cancel at Fayda is said in words, with Try again', async () => {
    const api = fakeApi();
    api.answer('POST', '/fayda/callback', () => ({ status: 400, body: { ok: false, error: 'fayda_cancelled', message: 'x' } }));
    renderApp({ routes: returnRoutes, path: '/account/fayda?error=access_denied&state=xyz', user: landlord });
    await screen.findByText('You cancelled at Fayda. Nothing was changed.');
    screen.getByRole('button', { name: 'Try again' });
    expect(api.callsTo('POST', '/fayda/callback')[0]!.body).toEqual({ state: 'xyz', error: 'access_denied' });
  });
});
