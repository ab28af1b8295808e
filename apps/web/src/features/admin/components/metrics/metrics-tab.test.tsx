import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminPage } from '../admin-page';
import { fakeApi } from '@/test/render';
import { envelope, renderAdmin } from '../../test/render-admin';

const routes = [{ path: '/admin', element: <AdminPage /> }];

const series = Array.from({ length: 14 }, (_, i) => ({
  date: `2026-11-${String(9 + i).padStart(2, '0')}`,
  listings: i === 13 ? 4 : 1,
  reports: i === 12 ? 7 : 0,
  unlocks: 2,
  creditsSpent: 3,
  autoHides: i === 12 ? 2 : 0,
  conversationsStarted: 5,
}));

function metricsApi() {
  const api = fakeApi();
  api.answer('GET', '/admin/metrics/daily', () => envelope({ days: 14, series }));
  api.answer('GET', '/admin/metrics/funnels', () => envelope({ days: 30, started: 40, ownerReplied: 21, unlocked: 9, unlockRate: 42.857 }));
  api.answer('GET', '/admin/metrics/alerts', () =>
    envelope({
      hours: 24,
      items: [
        { rule: 'auto_hides', severity: 'alert', message: '2 listings were hidden automatically', data: { count: 2, listingIds: ['a', 'b'] } },
        {
          rule: 'report_spike',
          severity: 'warning',
          message: '7 reports in the last 24 hours (daily average of the week before: 1.5)',
          data: { reports: 7, previousDailyAverage: 1.5 },
        },
      ],
    }),
  );
  return api;
}

describe('/admin metrics and alerts', { timeout: 20_000 }, () => {
  it('shows the 14-day table, newest day first, with every column', async () => {
    metricsApi();
    renderAdmin({ routes, path: '/admin?tab=metrics' });
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Listings', 'Reports', 'Unlocks', 'Credits spent', 'Auto hides', 'Chats started']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(14);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Sun, Nov 22');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '7', '2', '3', '2', '5']);
  });

  it('draws each daily series as an accessible chart with a text summary', async () => {
    metricsApi();
    renderAdmin({ routes, path: '/admin?tab=metrics' });
    const reports = await screen.findByRole('img', { name: 'Reports per day over the last 14 days: 7 in all. Most on Nov 21: 7.' });
    expect(reports.querySelectorAll('rect')).toHaveLength(14);
    screen.getByRole('img', { name: 'Listings per day over the last 14 days: 17 in all. Most on Nov 22: 4.' });
    expect(screen.getAllByRole('img')).toHaveLength(6);
    // The peak bar is the tallest.
    const heights = [...reports.querySelectorAll('rect')].map((r) => Number(r.getAttribute('height')));
    expect(Math.max(...heights)).toBe(heights[12]);
    expect(heights.filter((h) => h > 0)).toHaveLength(1);
  });

  it('shows the 30-day funnel and the unlock conversion with 1 decimal', async () => {
    metricsApi();
    renderAdmin({ routes, path: '/admin?tab=metrics' });
    const funnel = (await screen.findByRole('heading', { name: 'Conversation funnel (last 30 days)' })).closest('section')!;
    const steps = within(funnel)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps).toEqual(['40Chats started', '21Owner replied52.5% of the step before', '9Unlocked42.9% of the step before']);
    within(funnel).getByText('42.9%', { selector: 'p' });
  });

  it('colours alerts red and warnings amber, each with its message and data', async () => {
    metricsApi();
    renderAdmin({ routes, path: '/admin?tab=metrics' });
    const alert = (await screen.findByText('Listings hidden automatically after reports from 3 people: 2')).closest('li')!;
    expect(alert.className).toMatch(/alertRed/);
    within(alert).getByText('Alert');
    within(alert).getByText('a, b');
    const warning = screen.getByText('7 reports in the last 24 hours (daily average of the week before: 1.5)').closest('li')!;
    expect(warning.className).toMatch(/alertAmber/);
    within(warning).getByText('Reports');
    within(warning).getByText('Daily average, week before');
  });

  it('shows "Failed to load metrics" when one of the calls fails', async () => {
    const api = metricsApi();
    api.answer('GET', '/admin/metrics/funnels', () => ({ status: 500, body: { ok: false, error: 'internal_error', message: 'x' } }));
    renderAdmin({ routes, path: '/admin?tab=metrics' });
    await screen.findByText('Failed to load metrics');
  });

  it('speaks Amharic', async () => {
    metricsApi();
    renderAdmin({ routes, path: '/admin?tab=metrics', lng: 'am' });
    await screen.findByRole('heading', { name: 'የውይይት ፈንገስ (ያለፉት 30 ቀናት)' });
    expect(screen.getByRole('tab', { name: 'መለኪያዎች እና ማስጠንቀቂያዎች' }).getAttribute('aria-selected')).toBe('true');
    // Alert messages are written in Amharic from the alert's data, not shown in the server's English.
    await screen.findByText('ባለፉት 24 ሰዓታት 7 ሪፖርቶች ቀርበዋል (ባለፈው ሳምንት የዕለት አማካይ፦ 1.5)');
    expect(screen.queryByText(/reports in the last 24 hours/)).toBeNull();
  });
});
