import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeUser, renderApp } from '@/test/render';
import amLandlord from '../../../../../public/locales/am/landlord.json';
import { PropertyWizard } from './property-wizard';

beforeAll(() => {
  // jsdom draws nothing, so it has nothing to scroll: a new step asks to come into view.
  Element.prototype.scrollIntoView = vi.fn();
});

function setUp({ signedIn, lng = 'en', variant = 'welcome' }: { signedIn: boolean; lng?: 'en' | 'am'; variant?: 'welcome' | 'delala' }) {
  const api = fakeApi();
  const role = variant === 'delala' ? 'delala' : 'landlord';
  const user = signedIn ? fakeUser({ userType: role, roles: [role] }) : null;
  if (user) api.answer('GET', '/auth/me', () => ({ body: { ok: true, ...user } }));
  const routes = [{ path: '/landlord/welcome', element: <PropertyWizard variant={variant} onPublished={vi.fn()} /> }];
  return renderApp({ routes, path: '/landlord/welcome', lng, user });
}

const heading = (name: RegExp) => screen.findByRole('heading', { level: 2, name });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('the posting wizard checks each step with the contract', { timeout: 20_000 }, () => {
  it('shows its texts on Next, focuses the first invalid field and keeps what was typed between steps', async () => {
    setUp({ signedIn: false });
    await heading(/Property info/);
    next();
    for (const text of ['Property type is required', 'Location/subcity is required', 'Valid bedroom count is required', 'Property description is required']) {
      await screen.findByText(text);
    }
    const typeGroup = screen.getByRole('group', { name: 'Property type' });
    await waitFor(() => expect(document.activeElement).toBe(within(typeGroup).getAllByRole('radio')[0]));

    // Changing a field clears its own error only.
    fireEvent.click(within(typeGroup).getByLabelText('Condominium'));
    expect(screen.queryByText('Property type is required')).toBeNull();
    screen.getByText('Location/subcity is required');

    fireEvent.change(screen.getByLabelText('Location (subcity)'), { target: { value: 'Lideta' } });
    fireEvent.click(within(screen.getByRole('group', { name: 'Bedrooms' })).getByLabelText('3'));
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Third floor, with a lift.' } });
    next();
    await heading(/Pricing/);

    fireEvent.change(screen.getByLabelText(/^Monthly rent/), { target: { value: '16,500 birr' } });
    fireEvent.change(screen.getByLabelText(/^Advance/), { target: { value: '3' } });
    next();
    await screen.findByText('Valid price is required');
    screen.getByText('The rent law (Proclamation No. 1320/2024) allows at most two months of advance rent');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Monthly rent/)));

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await heading(/Property info/);
    expect((screen.getByLabelText(/^Description/) as HTMLTextAreaElement).value).toBe('Third floor, with a lift.');
    expect((screen.getByLabelText('Location (subcity)') as HTMLSelectElement).value).toBe('Lideta');
    next();
    await heading(/Pricing/);
    expect((screen.getByLabelText(/^Monthly rent/) as HTMLInputElement).value).toBe('16,500 birr');
  });

  it('in Amharic, says the same rules in Amharic', async () => {
    setUp({ signedIn: false, lng: 'am' });
    await screen.findByRole('heading', { level: 2, name: new RegExp(amLandlord.steps.property) });
    fireEvent.click(screen.getByRole('button', { name: amLandlord.wizard.next }));
    for (const key of ['typeRequired', 'subcityRequired', 'bedroomsRange', 'descriptionRequired'] as const) {
      await screen.findByText(amLandlord.validation[key]);
    }
  });

  it('publishing checks every step and goes back to the first one with an error', async () => {
    setUp({ signedIn: true });
    await heading(/Property info/);
    const dots = within(screen.getByRole('navigation', { name: 'Posting steps' }));
    fireEvent.click(dots.getByRole('button', { name: /Review & publish/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Publish listing' }));
    await heading(/Property info/);
    await screen.findByText('Property type is required');

    fireEvent.click(within(screen.getByRole('group', { name: 'Property type' })).getByLabelText('Studio'));
    fireEvent.change(screen.getByLabelText('Location (subcity)'), { target: { value: 'Bole' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Small and bright.' } });
    fireEvent.click(dots.getByRole('button', { name: /Review & publish/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Publish listing' }));
    await heading(/Pricing/);
    await screen.findByText('Valid price is required');
  });

  it("a broker's fee keeps what was typed when its unit changes, and is checked in the new unit", async () => {
    setUp({ signedIn: true, variant: 'delala' });
    await heading(/Property info/);
    fireEvent.click(within(screen.getByRole('group', { name: 'Property type' })).getByLabelText('Studio'));
    fireEvent.change(screen.getByLabelText('Location (subcity)'), { target: { value: 'Bole' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Small and bright.' } });
    next();
    await heading(/Pricing/);
    fireEvent.change(screen.getByLabelText(/^Monthly rent/), { target: { value: '9000' } });
    fireEvent.change(screen.getByLabelText(/^Broker fee \(ETB\)/), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('Broker fee as'), { target: { value: 'percent' } });
    const share = screen.getByLabelText(/^Broker fee \(% of one month's rent\)/) as HTMLInputElement;
    expect(share.value).toBe('5000');
    next();
    await screen.findByText("Broker fee share must be between 1 and 100 percent of one month's rent");
    fireEvent.change(share, { target: { value: '50' } });
    next();
    await heading(/Photos/);
  });
});
