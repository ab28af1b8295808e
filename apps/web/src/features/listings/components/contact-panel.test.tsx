import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ContactPanel, type ContactPanelProps } from './contact-panel';
import { fakeApi } from '@/test/render';
import { renderListings } from '../test/render-listings';

const ID = '11111111-1111-4111-8111-111111111111';
const listing: ContactPanelProps['listing'] = { _id: ID, title: 'Flat in Bole', contact_preference: 'show', source: 'landlord' };

/** The report as the server answers it. */
function report(reason: string) {
  return { _id: 'r1', targetType: 'listing', targetId: ID, reason, details: null, createdAt: '2026-11-22T08:00:00.000Z' };
}

function renderPanel(props: Partial<ContactPanelProps> = {}, lng: 'en' | 'am' = 'en') {
  return renderListings({
    routes: [{ path: '/l/:id', element: <ContactPanel listing={listing} signedIn={false} {...props} /> }],
    path: `/l/${ID}`,
    lng,
  });
}

describe('ContactPanel for anonymous visitors', { timeout: 20_000 }, () => {
  it('sends Unlock to /login, remembering the listing: a link that carries the way back, working before the app has started', async () => {
    renderPanel();
    const unlock = screen.getByRole('link', { name: 'Unlock phone number' });
    expect(unlock.getAttribute('href')).toBe(`/login?from=%2Fl%2F${ID}&listing=${ID}`);
    fireEvent.click(unlock);
    const where = await screen.findByTestId('location');
    expect(where.textContent).toBe('/login');
    expect(JSON.parse(where.dataset.state!)).toEqual({ from: `/l/${ID}`, listingId: ID });
  });

  it('posts the message form without JavaScript to /signup with the listing and the message (never in the address)', () => {
    renderPanel();
    const form = screen.getByLabelText('Message to the owner').closest('form')!;
    expect([form.getAttribute('action'), form.getAttribute('method')]).toEqual(['/signup', 'post']);
    expect(Object.fromEntries(new FormData(form))).toEqual({ listing: ID, message: '' });
  });

  it('keeps Send disabled while the message is empty, and asks for a message after a blank one', () => {
    renderPanel();
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const field = screen.getByLabelText('Message to the owner');
    fireEvent.input(field, { target: { value: '   ' } });
    fireEvent.blur(field);
    screen.getByText('Please enter a message');
    expect(send.disabled).toBe(true);
  });

  it('sends the written message to /signup as the pending message', async () => {
    renderPanel();
    fireEvent.input(screen.getByLabelText('Message to the owner'), { target: { value: '  Is it still free?  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const where = await screen.findByTestId('location');
    expect(where.textContent).toBe('/signup');
    expect(JSON.parse(where.dataset.state!)).toEqual({ from: `/l/${ID}`, pendingMessage: 'Is it still free?', listingId: ID });
  });

  it('sends Report to /login', async () => {
    renderPanel();
    fireEvent.click(screen.getByRole('link', { name: 'Report listing' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
  });

  it('says the owner accepts messages only instead of offering the phone', () => {
    renderPanel({ listing: { ...listing, contact_preference: 'hide' } });
    expect(screen.queryByRole('button', { name: 'Unlock phone number' })).toBeNull();
    screen.getByText(/The owner accepts messages only/);
  });

  it("a broker's listing speaks of the broker, never the owner, in both languages", () => {
    const brokers = { ...listing, source: 'delala', contact_preference: 'hide' } as const;
    const en = renderPanel({ listing: brokers });
    screen.getByRole('heading', { name: 'Contact the broker' });
    screen.getByText(/^The broker accepts messages only/);
    screen.getByLabelText('Message to the broker');
    expect(screen.queryByText(/owner/i)).toBeNull();
    en.unmount();

    renderPanel({ listing: brokers }, 'am');
    screen.getByRole('heading', { name: 'ደላላውን ያግኙ' });
    screen.getByText(/^ደላላው የሚቀበለው መልዕክት ብቻ ነው/);
    expect(screen.queryByText(/ባለቤቱ/)).toBeNull();
  });

  it('reads in Amharic', () => {
    renderPanel({}, 'am');
    screen.getByRole('link', { name: 'ስልክ ቁጥሩን ይክፈቱ' });
    screen.getByLabelText('ለባለቤቱ መልዕክት');
  });
});

describe('ContactPanel for signed-in users', { timeout: 20_000 }, () => {
  it('says honestly what is not wired yet', () => {
    renderPanel({ signedIn: true });
    expect((screen.getByRole('button', { name: 'Unlock phone number' }) as HTMLButtonElement).disabled).toBe(true);
    screen.getByText('Unlocking phone numbers is not available yet. Send a message instead.');
    fireEvent.input(screen.getByLabelText('Message to the owner'), { target: { value: 'Hello' } });
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    screen.getByText('Sending messages is not available yet.');
  });

  it('asks for the safety tips the first time only, then unlocks', () => {
    const onUnlock = vi.fn();
    renderPanel({ signedIn: true, unlock: { status: 'locked', onUnlock } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock phone number' }));
    const tips = screen.getByRole('dialog', { name: 'Stay safe when renting' });
    within(tips).getByText('Meet in a public place');
    within(tips).getByText('Never pay in advance');
    within(tips).getByText('Confirm the owner');
    within(tips).getByText('Bring a friend');
    expect(onUnlock).not.toHaveBeenCalled();
    fireEvent.click(within(tips).getByRole('button', { name: 'I understand, continue' }));
    expect(onUnlock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('safetyTipsAcknowledged')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Unlock phone number' }));
    expect(onUnlock).toHaveBeenCalledTimes(2);
    expect(tips.hasAttribute('open')).toBe(false);
  });

  it('does not unlock when the tips are dismissed', () => {
    const onUnlock = vi.fn();
    renderPanel({ signedIn: true, unlock: { status: 'locked', onUnlock } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock phone number' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Stay safe when renting' })).getByRole('button', { name: 'Cancel' }));
    expect(onUnlock).not.toHaveBeenCalled();
    expect(localStorage.getItem('safetyTipsAcknowledged')).toBeNull();
  });

  it('shows the unlocked phone as a tap-to-call link', () => {
    renderPanel({ signedIn: true, unlock: { status: 'unlocked', phone: '+251911000020', onUnlock: vi.fn() } });
    expect(screen.getByRole('link', { name: '+251911000020' }).getAttribute('href')).toBe('tel:+251911000020');
  });

  it('hands the trimmed message to the wiring, and shows its failure under the field', () => {
    const onSend = vi.fn();
    renderPanel({ signedIn: true, message: { onSend, sending: false, error: 'Failed to send message' } });
    fireEvent.input(screen.getByLabelText('Message to the owner'), { target: { value: ' When can I visit? ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSend).toHaveBeenCalledWith('When can I visit?');
    screen.getByText('Failed to send message');
  });

  it('reports the listing with the chosen reason and details', async () => {
    const api = fakeApi();
    api.answer('POST', '/reports', () => ({ body: { ok: true, report: report('wrong_price') } }));
    renderPanel({ signedIn: true });
    fireEvent.click(screen.getByRole('button', { name: 'Report listing' }));
    // The report form's code is loaded on the first ask.
    const modal = await screen.findByRole('dialog', { name: 'Report this listing' });
    expect((within(modal).getByLabelText('Reason') as HTMLSelectElement).value).toBe('fake');
    fireEvent.change(within(modal).getByLabelText('Reason'), { target: { value: 'wrong_price' } });
    fireEvent.input(within(modal).getByLabelText(/Details/), { target: { value: '  Asked for 10,000 more on the phone  ' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Send report' }));

    await within(modal).findByText('Report sent');
    expect(api.callsTo('POST', '/reports')[0]!.body).toEqual({
      targetType: 'listing',
      targetId: ID,
      reason: 'wrong_price',
      details: 'Asked for 10,000 more on the phone',
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(modal.hasAttribute('open')).toBe(false));

    // Opened again: a fresh form.
    fireEvent.click(screen.getByRole('button', { name: 'Report listing' }));
    const again = screen.getByRole('dialog', { name: 'Report this listing' });
    expect((within(again).getByLabelText('Reason') as HTMLSelectElement).value).toBe('fake');
    expect((within(again).getByLabelText(/Details/) as HTMLTextAreaElement).value).toBe('');
  });

  it('shows a report failure on the details field and lets the user try again', async () => {
    const api = fakeApi();
    let fail = true;
    api.answer('POST', '/reports', () =>
      fail ? { status: 409, body: { ok: false, error: 'already_reported', message: 'x' } } : { body: { ok: true, report: report('fake') } },
    );
    renderPanel({ signedIn: true });
    fireEvent.click(screen.getByRole('button', { name: 'Report listing' }));
    // The report form's code is loaded on the first ask.
    const modal = await screen.findByRole('dialog', { name: 'Report this listing' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Send report' }));
    await within(modal).findByText('You have already reported this.');
    expect(api.callsTo('POST', '/reports')[0]!.body).toEqual({ targetType: 'listing', targetId: ID, reason: 'fake' });

    fail = false;
    fireEvent.click(within(modal).getByRole('button', { name: 'Send report' }));
    await within(modal).findByText('Report sent');
  });
});
