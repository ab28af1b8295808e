import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TOwnerListing } from '@betoch/contracts/listings';
import { fakeApi, fakeUser, renderApp } from '@/test/render';
import amLandlord from '../../../../../public/locales/am/landlord.json';
import { brokerDraft } from '../../test/broker-draft';
import { DraftDetailsForm } from './draft-details-form';

function listing(overrides: Partial<TOwnerListing> = {}): TOwnerListing {
  return brokerDraft({
    specific_location: 'Edna Mall',
    source: 'landlord',
    visibility: 'live',
    posted_by: { name: 'Abebe', agency_name: null, is_broker: false },
    published_at: '2026-11-20T10:00:00.000Z',
    poster_phone: '+251911223344',
    ...overrides,
  });
}

function setUp(current: TOwnerListing) {
  const api = fakeApi();
  const user = fakeUser({ userType: 'landlord', roles: ['landlord'] });
  api.answer('GET', '/auth/me', () => ({ body: { ok: true, ...user } }));
  api.answer('PATCH', '/listings/l1', () => ({ body: { ok: true, listing: current } }));
  const routes = [{ path: '/post/owner', element: <DraftDetailsForm listing={current} onSaved={vi.fn()} /> }];
  renderApp({ routes, path: '/post/owner', lng: 'am', user });
  return api;
}

describe("the owner form's title (a generated title reads in each reader's language)", { timeout: 20_000 }, () => {
  it('offers a generated title in the poster’s language and keeps it generated when left as it is', async () => {
    const api = setUp(listing());
    const title = await screen.findByLabelText(amLandlord.draft.title);
    expect((title as HTMLInputElement).value).toBe('በቦሌ የሚገኝ አፓርትመንት');
    fireEvent.change(screen.getByDisplayValue('18000'), { target: { value: '19000' } });
    fireEvent.click(screen.getByRole('button', { name: amLandlord.owner.saveChanges }));
    await waitFor(() => expect(api.callsTo('PATCH', '/listings/l1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/listings/l1')[0]!.body).toMatchObject({ title_generated: true, price_etb: 19000 });
  });

  it('a title the poster changed is sent as typed', async () => {
    const api = setUp(listing());
    const title = await screen.findByLabelText(amLandlord.draft.title);
    fireEvent.change(title, { target: { value: 'ሰፊ አፓርትመንት ከኤድና ሞል አጠገብ' } });
    fireEvent.click(screen.getByRole('button', { name: amLandlord.owner.saveChanges }));
    await waitFor(() => expect(api.callsTo('PATCH', '/listings/l1')).toHaveLength(1));
    const body = api.callsTo('PATCH', '/listings/l1')[0]!.body as Record<string, unknown>;
    expect(body.title).toBe('ሰፊ አፓርትመንት ከኤድና ሞል አጠገብ');
    expect(body).not.toHaveProperty('title_generated');
  });

  it('a typed title is offered exactly as typed and stays typed', async () => {
    const api = setUp(listing({ title: 'Sunny flat near Edna Mall', title_generated: false }));
    expect(((await screen.findByLabelText(amLandlord.draft.title)) as HTMLInputElement).value).toBe('Sunny flat near Edna Mall');
    fireEvent.change(screen.getByDisplayValue('18000'), { target: { value: '19000' } });
    fireEvent.click(screen.getByRole('button', { name: amLandlord.owner.saveChanges }));
    await waitFor(() => expect(api.callsTo('PATCH', '/listings/l1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/listings/l1')[0]!.body).toMatchObject({ title: 'Sunny flat near Edna Mall' });
    expect(api.callsTo('PATCH', '/listings/l1')[0]!.body).not.toHaveProperty('title_generated');
  });
});
