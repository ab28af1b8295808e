import type { RouteObject } from 'react-router';
import type { TDelalaAccount, TDuplicateCluster, TManualAdjustment, TModerationCase } from '@betoch/contracts/admin';
import { fakeUser, renderApp } from '@/test/render';

export const admin = fakeUser({ phone: '+251911000001', sub: '+251911000001', name: 'Admin One', roles: ['tenant', 'admin'] });

/** renderApp of src/test, signed in as `user` (default: an admin). */
export function renderAdmin({
  routes,
  path,
  lng = 'en',
  user = admin,
}: {
  routes: RouteObject[];
  path: string;
  lng?: 'en' | 'am';
  user?: ReturnType<typeof fakeUser>;
}) {
  return renderApp({ routes, path, lng, user });
}

export const envelope = (data: unknown) => ({ body: { ok: true, data } });

export function listingCase(overrides: Partial<TModerationCase> = {}): TModerationCase {
  return {
    _id: 'case-0000-aaaaaa',
    status: 'open',
    target: { type: 'listing', id: 'listing-00000-abc123' },
    targetSummary: {
      title: '2-Bedroom Apartment in Bole',
      price_etb: 25000,
      source: 'landlord',
      admin_hidden: true,
      hidden_reason: 'report_threshold',
      visibility: 'live',
      subcity: 'Bole',
      listing_type: 'apartment',
      photo_count: 3,
      poster_phone: '+251911000020',
      poster_name: 'Abebe Kebede',
      poster_status: 'active',
      trustScore: 40,
      trustSignals: [
        { code: 'open_reports', points: 45 },
        { code: 'new_account', points: 15 },
      ],
    },
    reportIds: ['r1', 'r2', 'r3'],
    reportCount: 3,
    reports: [
      { _id: 'r1', reason: 'fake', details: null, createdAt: '2026-11-20T08:00:00.000Z' },
      { _id: 'r2', reason: 'fake', details: 'Same photos elsewhere', createdAt: '2026-11-20T09:00:00.000Z' },
      { _id: 'r3', reason: 'scam', details: null, createdAt: '2026-11-20T10:00:00.000Z' },
    ],
    createdAt: '2026-11-20T08:00:00.000Z',
    closedAt: null,
    lastAction: null,
    lastActionReason: null,
    lastActionAt: null,
    lastActionBy: null,
    autoActions: [{ type: 'hide', reason: 'report_threshold', at: '2026-11-20T10:00:00.000Z' }],
    ...overrides,
  };
}

export function cluster(overrides: Partial<TDuplicateCluster> = {}): TDuplicateCluster {
  const member = (id: string, title: string) => ({
    _id: id,
    title,
    price_etb: 18000,
    subcity: 'Yeka',
    listing_type: 'apartment' as const,
    bedrooms: 2,
    source: 'landlord' as const,
    poster_phone: '+251911000021',
    admin_hidden: false,
    visibility: 'live' as const,
    photo_url: null,
    createdAt: '2026-11-19T08:00:00.000Z',
  });
  return {
    _id: 'cluster-0000-c1c1c1',
    status: 'open',
    memberIds: ['listing-aaaa-111111', 'listing-bbbb-222222'],
    members: [member('listing-aaaa-111111', 'Original flat'), member('listing-bbbb-222222', 'Copied flat')],
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    signals: {
      matches: [
        {
          listingIds: ['listing-aaaa-111111', 'listing-bbbb-222222'],
          score: 92,
          reasons: ['same_photos', 'similar_description'],
          matchedPhotos: 3,
          descriptionSimilarity: 0.9,
        },
      ],
    },
    ...overrides,
  };
}

export function delala(overrides: Partial<TDelalaAccount> = {}): TDelalaAccount {
  return {
    phone: '+251911000030',
    name: 'Tigist Haile',
    agency_name: 'Addis Home Finders',
    post_credits: 5,
    subscription_active: false,
    subscription_until: null,
    posting_blocked: false,
    posting_blocked_reason: null,
    posting_blocked_at: null,
    status: 'active',
    hidden_listings_30d: 0,
    ...overrides,
  };
}

export function adjustment(overrides: Partial<TManualAdjustment> = {}): TManualAdjustment {
  return {
    _id: 'adj-1',
    type: 'credit',
    amount: 5,
    subjectPhone: '+251977000111',
    subjectName: 'Hana',
    subjectType: 'tenant',
    reason: 'Refund for failed payment',
    notes: null,
    meta: { target: 'wallet' },
    status: 'pending',
    createdAt: '2026-11-20T08:00:00.000Z',
    createdBy: '+251911000002',
    createdByViewer: false,
    reviewedBy: null,
    reviewedAt: null,
    reviewNotes: null,
    ...overrides,
  };
}
