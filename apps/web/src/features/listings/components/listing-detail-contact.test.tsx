import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListingDetailPage } from './listing-detail-page';
import { fakeApi } from '@/test/render';
import { publicListing } from '@/test/listings';
import { fakeUser, renderListings } from '../test/render-listings';

const ID = '11111111-1111-4111-8111-111111111111';
const CONVERSATION = '22222222-2222-4222-8222-222222222222';
const routes = [{ path: '/l/:id', element: <ListingDetailPage /> }];
const tenant = fakeUser({ phone: '+251911000031', sub: '+251911000031', userType: 'tenant', roles: ['tenant'], wallet_credits: 3 });

let alerts: string[];
let confirms: string[];
let confirmAnswer: boolean;
let events: string[];
const record = (e: Event) => events.push(e.type);

beforeEach(() => {
  alerts = [];
  confirms = [];
  confirmAnswer = true;
  events = [];
  vi.spyOn(window, 'alert').mockImplementation((text?: unknown) => void alerts.push(String(text)));
  vi.spyOn(window, 'confirm').mockImplementation((text?: string) => {
    confirms.push(String(text));
    return confirmAnswer;
  });
  window.addEventListener('walletUpdated', record);
  window.addEventListener('messageReceived', record);
  // The first-time safety tips are covered by the panel's own tests.
  localStorage.setItem('safetyTipsAcknowledged', 'true');
});

afterEach(() => {
  window.removeEventListener('walletUpdated', record);
  window.removeEventListener('messageReceived', record);
  vi.restoreAllMocks();
});

function failure(status: number, error: string, message = 'x') {
  return { status, body: { ok: false, error, message } };
}

/** The listing, and its unlock status (not unlocked unless told). */
function api(options: { listing?: Parameters<typeof publicListing>[0]; status?: { is_unlocked: boolean; poster_phone?: string } | 'fails' } = {}) {
  const fake = fakeApi();
  fake.answer('GET', `/listings/${ID}`, () => ({ body: { ok: true, listing: publicListing(options.listing) } }));
  fake.answer('GET', `/listings/${ID}/unlock-status`, () =>
    options.status === 'fails' ? failure(500, 'internal_error') : { body: { ok: true, ...(options.status ?? { is_unlocked: false }) } },
  );
  return fake;
}

function unlockAnswer(overrides: Record<string, unknown> = {}) {
  return {
    body: {
      ok: true,
      contact: { phone: '+251911000020' },
      used_credit: true,
      already_unlocked: false,
      credits: 2,
      unlocked_at: '2026-11-22T10:00:00.000Z',
      ...overrides,
    },
  };
}

const storedUser = () => JSON.parse(localStorage.getItem('user')!) as { wallet_credits: number };

describe('/l/{id} contact unlock for a signed-in visitor', { timeout: 20_000 }, () => {
  it('shows an earlier unlock from the status as a tap-to-call link in the local form, without unlocking again', async () => {
    const fake = api({ status: { is_unlocked: true, poster_phone: '+251911000020' } });
    renderListings({ routes, path: `/l/${ID}`, user: tenant });
    const call = await screen.findByRole('link', { name: '0911 00 00 20' });
    expect(call.getAttribute('href')).toBe('tel:0911000020');
    expect(screen.queryByRole('button', { name: 'Unlock phone number' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My unlocks' }).getAttribute('href')).toBe('/my-unlocks');
    expect(fake.callsTo('POST', `/listings/${ID}/unlock-contact`)).toHaveLength(0);
  });

  it('unlocks: the phone appears, one credit is taken from the stored balance and walletUpdated fires', async () => {
    const fake = api();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    fake.answer('POST', `/listings/${ID}/unlock-contact`, () => unlockAnswer());
    renderListings({ routes, path: `/l/${ID}`, user: tenant });
    await waitFor(() => expect(fake.callsTo('GET', `/listings/${ID}/unlock-status`)).toHaveLength(1));
    screen.getByText('Uses 1 credit. Free with the unlimited plan.');

    // Hold the answer to see the 'unlocking' state.
    const original = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await held;
      return original(...args);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock phone number' }));
    const busy = await screen.findByRole('button', { name: 'Unlocking...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    release();

    await screen.findByRole('link', { name: '0911 00 00 20' });
    expect(fake.callsTo('POST', `/listings/${ID}/unlock-contact`)).toHaveLength(1);
    expect(storedUser().wallet_credits).toBe(2);
    expect(events).toEqual(['walletUpdated']);
    expect(alerts).toEqual([]);
  });

  it('leaves the stored balance alone when the unlock was free (plan or repeat)', async () => {
    const fake = api();
    fake.answer('POST', `/listings/${ID}/unlock-contact`, () => unlockAnswer({ used_credit: false, credits: 3 }));
    renderListings({ routes, path: `/l/${ID}`, user: tenant });
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock phone number' }));
    await screen.findByRole('link', { name: '0911 00 00 20' });
    expect(storedUser().wallet_credits).toBe(3);
    expect(events).toEqual(['walletUpdated']);
  });

  it('without credits: an alert, then /wallet knowing the listing', async () => {
    const fake = api();
    fake.answer('POST', `/listings/${ID}/unlock-contact`, () => failure(402, 'insufficient_credits'));
    renderListings({ routes, path: `/l/${ID}`, user: tenant });
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock phone number' }));
    const where = await screen.findByTestId('location');
    expect(where.textContent).toBe('/wallet');
    expect(JSON.parse(where.dataset.state!)).toEqual({ from: 'listing', listingId: ID });
    expect(alerts).toEqual(["You don't have enough credits to unlock this phone number. Buy credits in your wallet, then come back to this listing."]);
    expect(storedUser().wallet_credits).toBe(3);
    expect(events).toEqual([]);
  });

  it('only a want of credits leads to the wallet: a failure whose message merely speaks of credits is shown in the panel', async () => {
    const fake = api();
    fake.answer('POST', `/listings/${ID}/unlock-contact`, () => ({ status: 400, body: { ok: false, error: 'invalid_state', message: 'Not enough credit' } }));
    renderListings({ routes, path: `/l/${ID}`, user: tenant });
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock phone number' }));
    await screen.findByText('This action is not possible right now.');
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('contact_hidden: an alert that the owner accepts messages only, and the panel says so from then on', async () => {
    const fake = api();
    fake.answer('POST', `/listings/${ID}/unlock-contact`, () => failure(403, 'contact_hidden'));
    renderListings({ routes, path: `/l/${ID}`, user: tenant });
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock phone number' }));
    await screen.findByText('The owner accepts messages only. Send a message below.');
    expect(alerts).toEqual(['The owner accepts messages only. Send a message below.']);
    expect(screen.queryByRole('button', { name: 'Unlock phone number' })).toBeNull();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('shows other failures in the panel and lets the user try again', async () => {
    const fake = api();
    let answer = failure(403, 'account_suspended');
    fake.answer('POST', `/listings/${ID}/unlock-contact`, () => answer);
    renderListings({ routes, path: `/l/${ID}`, user: tenant });
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock phone number' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This account is suspended for now.');
    expect(alerts).toEqual([]);

    answer = unlockAnswer() as unknown as typeof answer;
    fireEvent.click(screen.getByRole('button', { name: 'Unlock phone number' }));
    await screen.findByRole('link', { name: '0911 00 00 20' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failed status read is only logged: the unlock stays offered', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api({ status: 'fails' });
    renderListings({ routes, path: `/l/${ID}`, user: tenant });
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not read the unlock status', expect.anything()));
    expect((screen.getByRole('button', { name: 'Unlock phone number' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Something went wrong on our side. Please try again.')).toBeNull();
  });

  it('asks nothing about unlocks for an anonymous visitor', async () => {
    const fake = api();
    renderListings({ routes, path: `/l/${ID}` });
    await screen.findByRole('link', { name: 'Unlock phone number' });
    expect(fake.callsTo('GET', `/listings/${ID}/unlock-status`)).toHaveLength(0);
  });

  it('in Amharic: the cost, the unlocked phone and the alert without credits', async () => {
    const fake = api();
    let answer: { status?: number; body: unknown } = failure(402, 'insufficient_credits');
    fake.answer('POST', `/listings/${ID}/unlock-contact`, () => answer);
    const { router } = renderListings({ routes, path: `/l/${ID}`, user: tenant, lng: 'am' });
    await screen.findByText('1 ክሬዲት ይጠቀማል። ያልተገደበ ዕቅድ ካለዎት ነፃ ነው።');
    fireEvent.click(screen.getByRole('button', { name: 'ስልክ ቁጥሩን ይክፈቱ' }));
    await screen.findByTestId('location');
    expect(alerts).toEqual(['ይህን ስልክ ቁጥር ለመክፈት በቂ ክሬዲት የለዎትም። በዋሌትዎ ክሬዲት ገዝተው ወደዚህ ማስታወቂያ ይመለሱ።']);

    answer = unlockAnswer();
    await router.navigate(`/l/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'ስልክ ቁጥሩን ይክፈቱ' }));
    await screen.findByRole('link', { name: '0911 00 00 20' });
    screen.getByRole('link', { name: 'የከፈትኳቸው' });
  });
});

describe('/l/{id} first message for a signed-in visitor', { timeout: 20_000 }, () => {
  async function write(text: string, label = 'Message to the owner', send = 'Send message') {
    fireEvent.input(await screen.findByLabelText(label), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: send }));
  }

  it('sends it and opens the thread with the message-sent banner; messageReceived fires', async () => {
    const fake = api();
    fake.answer('POST', '/conversations', () => ({
      body: {
        ok: true,
        conversation_id: CONVERSATION,
        created: true,
        message: { _id: 'm1', role: 'tenant', body_text: 'Is it free?', blurred: false, masked: false, mine: true, createdAt: '2026-11-22T10:00:00.000Z' },
      },
    }));
    renderListings({ routes, path: `/l/${ID}`, user: tenant });
    await write('  Is it free?  ');
    const where = await screen.findByTestId('location');
    expect(where.textContent).toBe(`/chat/${CONVERSATION}`);
    expect(JSON.parse(where.dataset.state!)).toEqual({ messageSent: true });
    expect(fake.callsTo('POST', '/conversations')[0]!.body).toEqual({ listing_id: ID, initial_message: 'Is it free?' });
    expect(events).toEqual(['messageReceived']);
  });

  it('keeps the text and shows the failure under the field (fallback Failed to send message)', async () => {
    const fake = api();
    let answer = failure(500, 'some_new_error');
    fake.answer('POST', '/conversations', () => answer);
    renderListings({ routes, path: `/l/${ID}`, user: tenant });
    await write('When can I visit?');
    await screen.findByText('Failed to send message');
    expect((screen.getByLabelText('Message to the owner') as HTMLTextAreaElement).value).toBe('When can I visit?');
    expect(screen.queryByTestId('location')).toBeNull();

    // A known failure reads in the user's words.
    answer = failure(429, 'rate_limited');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByText('Too many requests. Please try again later.');
    expect(screen.queryByText('Failed to send message')).toBeNull();
    expect(events).toEqual([]);
  });

  it('without credits asks first: no keeps the user here, yes goes to /wallet', async () => {
    const fake = api();
    fake.answer('POST', '/conversations', () => failure(402, 'insufficient_credits'));
    renderListings({ routes, path: `/l/${ID}`, user: tenant });
    confirmAnswer = false;
    await write('Hello');
    await waitFor(() => expect(confirms).toEqual(["You don't have enough credits. Would you like to go to the wallet to buy more?"]));
    expect(screen.queryByTestId('location')).toBeNull();
    expect((screen.getByLabelText('Message to the owner') as HTMLTextAreaElement).value).toBe('Hello');

    confirmAnswer = true;
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const where = await screen.findByTestId('location');
    expect(where.textContent).toBe('/wallet');
    expect(JSON.parse(where.dataset.state!)).toEqual({ from: 'listing', listingId: ID });
    expect(confirms).toHaveLength(2);
  });

  it('in Amharic: the failure under the field', async () => {
    const fake = api();
    fake.answer('POST', '/conversations', () => failure(500, 'some_new_error'));
    renderListings({ routes, path: `/l/${ID}`, user: tenant, lng: 'am' });
    await write('ሰላም', 'ለባለቤቱ መልዕክት', 'መልዕክት ይላኩ');
    await screen.findByText('መልዕክቱን መላክ አልተቻለም');
    const form = screen.getByLabelText('ለባለቤቱ መልዕክት').closest('form')!;
    within(form).getByText('መልዕክቱን መላክ አልተቻለም');
  });
});
