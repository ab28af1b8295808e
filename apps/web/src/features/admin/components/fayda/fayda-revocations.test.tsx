import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TFaydaRevocation } from '@betoch/contracts/fayda';
import type { TListingCaseSummary } from '@betoch/contracts/admin';
import { AdminPage } from '../admin-page';
import { fakeApi } from '@/test/render';
import { admin, envelope, listingCase, renderAdmin } from '../../test/render-admin';

const routes = [{ path: '/admin', element: <AdminPage /> }];
const POSTER = '+251911000020';

function revocation(overrides: Partial<TFaydaRevocation> = {}): TFaydaRevocation {
  return {
    _id: 'rev-1',
    phone: '+251911000040',
    reason: 'Reported as a fake owner, documents forged',
    status: 'pending',
    created_at: '2026-11-20T08:00:00.000Z',
    reviewed_at: null,
    review_notes: null,
    name: 'Abebe Kebede',
    created_by: '+251900000002',
    reviewed_by: null,
    created_by_viewer: false,
    ...overrides,
  };
}

/** A case of a verified poster's listing. */
function verifiedCase() {
  const base = listingCase();
  return listingCase({ targetSummary: { ...(base.targetSummary as TListingCaseSummary), poster_fayda_verified_at: '2026-11-01T08:00:00.000Z' } });
}

function revocationsApi(lists: { pending?: TFaydaRevocation[]; decided?: TFaydaRevocation[] } = {}, cases = [verifiedCase()]) {
  const api = fakeApi();
  api.answer('GET', '/admin/moderation/cases', (call) => envelope({ items: call.query.get('status') === 'open' ? cases : [] }));
  api.answer('GET', '/admin/fayda/revocations', () => envelope({ pending: lists.pending ?? [], decided: lists.decided ?? [] }));
  return api;
}

const section = async (name = 'Fayda revocations') => (await screen.findByRole('heading', { level: 2, name })).closest('section')!;

describe('/admin Fayda revocations (four eyes)', { timeout: 20_000 }, () => {
  it("a verified poster's case asks to revoke with a reason: checked first, then sent, then waiting for a second admin", async () => {
    const api = revocationsApi();
    let pending: TFaydaRevocation[] = [];
    api.answer('GET', '/admin/fayda/revocations', () => envelope({ pending, decided: [] }));
    api.answer('POST', '/admin/fayda/revocations', (call) => {
      pending = [revocation({ phone: POSTER, reason: (call.body as { reason: string }).reason, created_by: admin.phone, created_by_viewer: true })];
      return { status: 201, ...envelope(pending[0]) };
    });
    renderAdmin({ routes, path: '/admin' });
    const card = await screen.findByRole('article', { name: 'Listing #abc123' });
    within(card).getByText('Verified with Fayda since November 1, 2026');
    const toggle = within(card).getByRole('button', { name: 'Revoke Fayda verification' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const form = within(card).getByRole('form', { name: `Revoke the Fayda verification of ${POSTER}` });
    expect(toggle.getAttribute('aria-controls')).toBe(form.id);
    // The keyboard lands in the reason.
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Reason')));

    fireEvent.input(within(form).getByLabelText('Reason'), { target: { value: 'fake' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ask for revocation' }));
    await within(form).findByText('Give a reason of at least 5 characters.');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.input(within(form).getByLabelText('Reason'), { target: { value: 'Fake owner: took an advance and vanished' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ask for revocation' }));
    await screen.findByText(`Revocation asked for ${POSTER}: it waits for a second admin.`);
    expect(api.callsTo('POST', '/admin/fayda/revocations')[0]!.body).toEqual({ phone: POSTER, reason: 'Fake owner: took an advance and vanished' });

    // Listed as pending, the author's own: no Approve for them; the case says it is waiting.
    const list = await section();
    const item = await within(list).findByRole('article', { name: new RegExp(POSTER.replace('+', '\\+')) });
    within(item).getByText('You asked for this. Another admin must approve or reject it.');
    const approve = within(item).getByRole('button', { name: 'Approve revocation' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    expect(approve.getAttribute('aria-describedby')).toBe(within(item).getByText(/You asked for this/).id);
    await within(card).findByText('A revocation of this Fayda verification is waiting for a second admin.');
    expect(within(card).queryByRole('button', { name: 'Revoke Fayda verification' })).toBeNull();
  });

  it("Cancel closes the form and gives the focus back; an unverified poster's case offers nothing", async () => {
    revocationsApi({}, [verifiedCase(), listingCase({ _id: 'case-0000-bbbbbb', target: { type: 'listing', id: 'listing-00000-def456' } })]);
    renderAdmin({ routes, path: '/admin' });
    const card = await screen.findByRole('article', { name: 'Listing #abc123' });
    const toggle = within(card).getByRole('button', { name: 'Revoke Fayda verification' });
    fireEvent.click(toggle);
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('form')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(toggle));
    const unverified = screen.getByRole('article', { name: 'Listing #def456' });
    within(unverified).getByText('Not verified');
    expect(within(unverified).queryByRole('button', { name: 'Revoke Fayda verification' })).toBeNull();
  });

  it("a second admin approves with a note: the outcome is shown; the server's refusal is explained", async () => {
    let pending = [revocation(), revocation({ _id: 'rev-2', phone: '+251911000041', name: null })];
    let decided: TFaydaRevocation[] = [];
    const api = revocationsApi();
    api.answer('GET', '/admin/fayda/revocations', () => envelope({ pending, decided }));
    api.answer('POST', '/admin/fayda/revocations/rev-1/approve', (call) => {
      const done = revocation({
        status: 'approved',
        name: null,
        reviewed_at: '2026-11-21T09:00:00.000Z',
        reviewed_by: admin.phone,
        review_notes: (call.body as { notes?: string }).notes ?? null,
      });
      pending = pending.filter((r) => r._id !== 'rev-1');
      decided = [done];
      return envelope(done);
    });
    api.answer('POST', '/admin/fayda/revocations/rev-2/reject', () => ({ status: 409, body: { ok: false, error: 'revocation_not_pending', message: 'x' } }));
    const prompt = vi.spyOn(window, 'prompt').mockReturnValueOnce(null).mockReturnValueOnce('Checked the reports').mockReturnValueOnce('');
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderAdmin({ routes, path: '/admin' });
    const list = await section();
    const first = await within(list).findByRole('article', { name: /\+251911000040 · Abebe Kebede/ });
    within(first).getByText('Reported as a fake owner, documents forged');
    within(first).getByText(/Asked by \+251900000002/);

    // Dismissing the prompt sends nothing.
    fireEvent.click(within(first).getByRole('button', { name: 'Approve revocation' }));
    expect(prompt).toHaveBeenCalledWith('Revoke the Fayda verification of +251911000040? Note (optional)', '');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(first).getByRole('button', { name: 'Approve revocation' }));
    await screen.findByText('Revoked: +251911000040 is no longer verified with Fayda.');
    expect(api.callsTo('POST', '/admin/fayda/revocations/rev-1/approve')[0]!.body).toEqual({ notes: 'Checked the reports' });
    await within(list).findByRole('heading', { level: 3, name: 'Decided in the last 30 days' });
    within(list).getByText('Revoked');
    within(list).getByText("The verification was removed; the badge left the poster's listings.");
    within(list).getByText(/Decided by \+251911000001/);
    // The cases reload too: the poster's Fayda line follows.
    await waitFor(() => expect(api.callsTo('GET', '/admin/moderation/cases').length).toBe(2));

    const second = within(list).getByRole('article', { name: /\+251911000041/ });
    fireEvent.click(within(second).getByRole('button', { name: 'Reject revocation' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to update the revocation\nThis revocation was already approved or rejected.'));
    expect(api.callsTo('POST', '/admin/fayda/revocations/rev-2/reject')[0]!.body).toEqual({});
  });

  it('says when nothing waits, and shows "Failed to load Fayda revocations" with Try again', async () => {
    const api = revocationsApi();
    let fail = true;
    api.answer('GET', '/admin/fayda/revocations', () =>
      fail
        ? { status: 500, body: { ok: false, error: 'internal_error', message: 'Boom' } }
        : envelope({ pending: [], decided: [revocation({ status: 'rejected', reviewed_at: '2026-11-21T09:00:00.000Z', reviewed_by: '+251900000003' })] }),
    );
    renderAdmin({ routes, path: '/admin' });
    const list = await section();
    within(list).getByRole('status', { name: 'Loading…' });
    await within(list).findByText('Failed to load Fayda revocations');
    fail = false;
    fireEvent.click(within(list).getByRole('button', { name: 'Try again' }));
    await within(list).findByText('No revocations waiting for a second admin.');
    within(list).getByText('Rejected');
    within(list).getByText('The verification stays.');
  });

  it('speaks Amharic', async () => {
    revocationsApi({ pending: [revocation({ created_by_viewer: true })] });
    renderAdmin({ routes, path: '/admin', lng: 'am' });
    const list = await section('የፋይዳ ማረጋገጫ ስረዛዎች');
    await within(list).findByText('ይህን የጠየቁት እርስዎ ነዎት። ሌላ አስተዳዳሪ ማጽደቅ ወይም ውድቅ ማድረግ አለበት።');
    within(list).getByRole('button', { name: 'ስረዛውን አጽድቅ' });
    const card = await screen.findByRole('article', { name: 'ማስታወቂያ #abc123' });
    fireEvent.click(within(card).getByRole('button', { name: 'የፋይዳ ማረጋገጫን ሰርዝ' }));
    within(card).getByLabelText('ምክንያት');
    within(card).getByRole('button', { name: 'ስረዛ ጠይቅ' });
  });
});
