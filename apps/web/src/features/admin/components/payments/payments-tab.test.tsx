import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdminPage } from '../admin-page';
import { fakeApi } from '@/test/render';
import { adjustment, delala, envelope, renderAdmin } from '../../test/render-admin';

const routes = [{ path: '/admin', element: <AdminPage /> }];
const blocked = delala({ phone: '+251911000031', name: 'Samuel Girma', posting_blocked: true, posting_blocked_reason: 'hidden_listings_threshold' });

function paymentsApi() {
  const api = fakeApi();
  api.answer('GET', '/admin/payments/delala', () =>
    envelope({ items: [blocked, delala({ subscription_active: true, subscription_until: '2026-12-22T08:00:00.000Z' })] }),
  );
  api.answer('GET', '/admin/payments/manual-adjustments', () =>
    envelope({ items: [adjustment(), adjustment({ _id: 'adj-2', type: 'debit', amount: 2, createdByViewer: true, createdBy: '+251911000001' })] }),
  );
  return api;
}

describe('/admin payments and adjustments', { timeout: 20_000 }, () => {
  it('lists delala accounts with credits, plan end, posting block and unblocks with the prompt’s reason', async () => {
    const api = paymentsApi();
    api.answer('POST', '/admin/payments/delala/%2B251911000031/unblock', () => envelope({ account: { ...blocked, posting_blocked: false } }));
    const prompt = vi
      .spyOn(window, 'prompt')
      .mockReturnValueOnce(null)
      .mockImplementationOnce((_text, value) => value ?? '');
    renderAdmin({ routes, path: '/admin?tab=payments' });
    const row = (await screen.findByText('+251911000031')).closest('tr')!;
    within(row).getByText('Blocked: hidden_listings_threshold');
    const other = screen.getByText('+251911000030').closest('tr')!;
    within(other).getByText('Active');
    within(other).getByText('December 22, 2026');
    expect(within(other).queryByRole('button')).toBeNull();

    const unblock = within(row).getByRole('button', { name: 'Unblock posting for +251911000031' });
    fireEvent.click(unblock);
    expect(prompt).toHaveBeenCalledWith('Why is posting unblocked for +251911000031?', 'manual review');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(unblock);
    await screen.findByText('Posting unblocked for +251911000031.');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'manual review' });
  });

  it('alerts "Failed to unblock delala"', async () => {
    const api = paymentsApi();
    api.answer('POST', '/admin/payments/delala/%2B251911000031/unblock', () => ({ status: 500, body: { ok: false, error: 'internal_error', message: 'x' } }));
    vi.spyOn(window, 'prompt').mockReturnValue('paid the fine');
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderAdmin({ routes, path: '/admin?tab=payments' });
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock posting for +251911000031' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to unblock delala\nSomething went wrong on our side. Please try again.'));
  });

  it('checks the adjustment form with the spec’s texts and logs it for review', async () => {
    const api = paymentsApi();
    api.answer('POST', '/admin/payments/manual-adjustments', () => envelope({ adjustment: adjustment({ _id: 'adj-3' }) }));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderAdmin({ routes, path: '/admin?tab=payments' });
    const form = (await screen.findByRole('heading', { name: 'Log a manual adjustment (requires dual approval)' })).closest('section')!;
    expect((within(form).getByLabelText('Type') as HTMLSelectElement).value).toBe('credit');
    expect((within(form).getByLabelText('Target') as HTMLSelectElement).value).toBe('wallet');
    fireEvent.input(within(form).getByLabelText('Amount'), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Log adjustment' }));
    await within(form).findByText('Phone number is required');
    within(form).getByText('Amount must be at least 1');
    within(form).getByText('Reason is required');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.input(within(form).getByLabelText('Phone number'), { target: { value: '0977000111' } });
    fireEvent.input(within(form).getByLabelText('Amount'), { target: { value: '10' } });
    fireEvent.change(within(form).getByLabelText('Target'), { target: { value: 'post_credits' } });
    fireEvent.input(within(form).getByLabelText('Reason'), { target: { value: 'Refund for failed payment' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Log adjustment' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Adjustment request logged for review.'));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      phone: '0977000111',
      amount: 10,
      type: 'credit',
      target: 'post_credits',
      reason: 'Refund for failed payment',
    });
    await waitFor(() => expect((within(form).getByLabelText('Phone number') as HTMLInputElement).value).toBe(''));
    expect(api.callsTo('GET', '/admin/payments/manual-adjustments').length).toBe(2);
  });

  it('alerts "Failed to create adjustment" with the reason', async () => {
    const api = paymentsApi();
    api.answer('POST', '/admin/payments/manual-adjustments', () => ({
      status: 404,
      body: { ok: false, error: 'user_not_found', message: 'No user', fields: { phone: 'user_not_found' } },
    }));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderAdmin({ routes, path: '/admin?tab=payments' });
    const form = (await screen.findByRole('heading', { name: /Log a manual adjustment/ })).closest('section')!;
    fireEvent.input(within(form).getByLabelText('Phone number'), { target: { value: '0977000999' } });
    fireEvent.input(within(form).getByLabelText('Amount'), { target: { value: '1' } });
    fireEvent.input(within(form).getByLabelText('Reason'), { target: { value: 'Goodwill' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Log adjustment' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to create adjustment\nNo account uses this phone number.'));
    expect(within(form).getByText('No account uses this phone number.').id).toMatch(/-error$/);
    expect((within(form).getByLabelText('Phone number') as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
  });

  it('approves with the optional note, keeps one’s own adjustment for another admin, and shows a refused self-approval clearly', async () => {
    const api = paymentsApi();
    api.answer('POST', '/admin/payments/manual-adjustments/adj-1/approve', () =>
      envelope({ adjustment: adjustment({ status: 'approved' }), balance: { credits: 5, post_credits: 0, sub_delala_unlimited_until: null } }),
    );
    const prompt = vi.spyOn(window, 'prompt').mockReturnValueOnce('Checked the receipt');
    renderAdmin({ routes, path: '/admin?tab=payments' });
    const mine = await screen.findByRole('article', { name: '−2 credits · +251977000111' });
    within(mine).getByText('You logged this. Another admin must approve this.');
    expect((within(mine).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(mine).getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(true);

    const theirs = screen.getByRole('article', { name: '+5 credits · +251977000111' });
    fireEvent.click(within(theirs).getByRole('button', { name: 'Approve' }));
    expect(prompt).toHaveBeenCalledWith('Note for approving (optional)', '');
    await screen.findByText('Approved: the balance of +251977000111 was updated.');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ notes: 'Checked the receipt' });

    api.answer('POST', '/admin/payments/manual-adjustments/adj-1/reject', () => ({
      status: 403,
      body: { ok: false, error: 'self_approval_forbidden', message: 'The author cannot review it' },
    }));
    vi.spyOn(window, 'prompt').mockReturnValue('');
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    fireEvent.click(within(screen.getByRole('article', { name: '+5 credits · +251977000111' })).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to update adjustment\nAnother admin must approve this: you logged this adjustment yourself.'),
    );
    expect(api.calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({});
  });

  it('shows "Failed to load payments data"', async () => {
    const api = fakeApi();
    api.answer('GET', '/admin/payments/delala', () => ({ status: 403, body: { ok: false, error: 'admin_required', message: 'Admins only' } }));
    api.answer('GET', '/admin/payments/manual-adjustments', () => envelope({ items: [] }));
    renderAdmin({ routes, path: '/admin?tab=payments' });
    await screen.findByText('Failed to load payments data');
    screen.getByText('Admins only.');
  });
});
