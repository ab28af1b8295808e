import { createListingsTestApp, createDraftWithPhotos, createLiveListing, signUpAdmin } from '../support/factories.ts';
import { signUp, uniquePhone, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { grantCredits, grantPostCredits } from '../support/wallet.ts';
import { chat } from '../conversations/chat-calls.ts';

/** Words only the owners write in their replies: they must never reach a reader who has not paid. */
export const SENTINEL = 'Sentinel-owner-words-QX7';

/** Every way a person may write an Ethiopian mobile number. */
export function phoneSpellings(e164: string): string[] {
  const n = e164.replace(/^\+251/, ''); // 9XXXXXXXX
  const local = `0${n}`;
  return [
    e164,
    e164.slice(1),
    local,
    n,
    `+251 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`,
    `+251-${n.slice(0, 3)}-${n.slice(3)}`,
    `${local.slice(0, 4)} ${local.slice(4, 6)} ${local.slice(6, 8)} ${local.slice(8)}`,
    `${local.slice(0, 4)}-${local.slice(4, 7)}-${local.slice(7)}`,
    `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`,
  ];
}

/**
 * Finds a phone or the sentinel anywhere in an answer: in the raw text in any spelling, and in
 * every string value with its separators removed (so '0 9 1 1-2 3...' is found too).
 */
export function leaksIn(body: string, phones: string[], sentinel = SENTINEL): string[] {
  const found: string[] = [];
  if (body.includes(sentinel)) found.push(`sentinel ${sentinel}`);
  for (const phone of phones) {
    for (const spelling of phoneSpellings(phone)) if (body.includes(spelling)) found.push(`phone ${spelling}`);
  }
  const national = phones.map((p) => p.replace(/^\+251/, ''));
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const digits = value.replace(/[\s\-.()/+]/g, '');
      for (const n of national) if (digits.includes(n)) found.push(`phone digits ${n} in "${value.slice(0, 80)}"`);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  try {
    visit(JSON.parse(body));
  } catch {
    /* not JSON: the raw checks above apply */
  }
  return found;
}

/** '0911 22 33 44' for '+251911223344'. */
function localSpaced(e164: string): string {
  const n = e164.replace(/^\+251/, '');
  return `0${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7)}`;
}

/**
 * A poster going around the paywall: their number in the title, the specific location and, in
 * every spelling, the description of a listing whose contact is 'hide' (messages only).
 */
export function phoneInText(e164: string): { title: string; specific_location: string; description: string } {
  const spellings = phoneSpellings(e164);
  const local = spellings[2]!;
  return {
    title: `Messages only flat, call ${local}`,
    specific_location: `Behind Edna Mall, H.No 1234, tel ${spellings[4]!}`,
    description: `Bright 2 bedroom flat, 85 sqm, built in 2015, 25,000 ETB a month. Don't pay the app: ${spellings.join(' or ')}, WhatsApp ${local}.`,
  };
}

/** The pages the server draws for everyone, and each listing of the market's in both languages: what the leak scans read. */
export function drawnPages(market: Market, extra: readonly string[]): string[] {
  return [
    '/',
    '/browse',
    '/browse?subcity=Yeka',
    '/tenant/welcome',
    '/landlord/welcome',
    '/delala/welcome',
    '/login',
    '/signup',
    ...extra,
    ...Object.values(market.listings).flatMap((id) => [`/l/${id}`, `/l/${id}?lng=am`]),
  ];
}

export interface Market {
  t: TestApp;
  landlordShow: SignedIn;
  landlordHide: SignedIn;
  broker: SignedIn;
  /** Paid for a contact and a reply unlock (not one of the scanned readers). */
  tenantPaid: SignedIn;
  /** Has conversations whose owner replies are locked, and no credits. */
  tenantUnpaid: SignedIn;
  /** A landlord with a live listing of their own, related to nothing else. */
  otherOwner: SignedIn;
  admin: SignedIn;
  listings: { show: string; hide: string; broker: string; draft: string; otherOwn: string };
  conversations: { lockedShow: string; lockedHide: string; lockedBroker: string; paid: string };
  /** The posters whose numbers must not reach the scanned readers. */
  posters: SignedIn[];
}

/** A small market built through the real calls (sign-up, upload, publish, chat, purchase, unlock). */
export async function seedMarket(envOverrides: Record<string, string> = {}): Promise<Market> {
  const t = await createListingsTestApp(envOverrides);
  const c = chat(t);
  const landlordShow = await signUp(t, { userType: 'landlord', name: 'Abebe' });
  // This landlord writes their number into their display name and their listing's text (below).
  const hidePhone = uniquePhone();
  const landlordHide = await signUp(t, { phone: hidePhone, userType: 'landlord', name: `Birtukan ${localSpaced(hidePhone)}` });
  const broker = await signUp(t, { userType: 'delala', name: 'Dawit', agencyName: 'Dawit Homes' });
  const tenantPaid = await signUp(t, { name: 'Hanna' });
  const tenantUnpaid = await signUp(t, { name: 'Kebede' });
  const otherOwner = await signUp(t, { userType: 'landlord', name: 'Selam' });
  const admin = await signUpAdmin(t);

  const show = (await createLiveListing(t, landlordShow, { contact_preference: 'show', title: 'Show contact flat' }))._id;
  const hide = (await createLiveListing(t, landlordHide, { contact_preference: 'hide', ...phoneInText(landlordHide.phone) }))._id;
  await grantPostCredits(t, broker, 1);
  const brokerListing = (await createLiveListing(t, broker, { contact_preference: 'show', title: 'Broker villa', type: 'villa' }))._id;
  const draft = (await createDraftWithPhotos(t, landlordShow, { title: 'Unpublished draft' }))._id;
  const otherOwn = (await createLiveListing(t, otherOwner, { contact_preference: 'show', title: 'Other owner flat', subcity: 'Yeka' }))._id;

  const ownerWords = (owner: SignedIn) => {
    const n = owner.phone.replace(/^\+251/, '');
    return `${SENTINEL}: yes it is free, call 0${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7)} or ${owner.phone}`;
  };
  const locked = async (listing: string, owner: SignedIn) => {
    const { conversation_id } = await c.start(tenantUnpaid, listing, 'Hello, is the home still available?');
    await c.reply(owner, conversation_id, ownerWords(owner));
    return conversation_id;
  };
  const lockedShow = await locked(show, landlordShow);
  const lockedHide = await locked(hide, landlordHide);
  const lockedBroker = await locked(brokerListing, broker);

  // The paying tenant: unlocks a contact and a reply, so paid-for rows exist beside the locked ones.
  await grantCredits(t, tenantPaid, 2);
  const unlock = await t.request({ method: 'POST', url: `/api/listings/${show}/unlock-contact`, headers: tenantPaid.auth });
  if (unlock.statusCode !== 200) throw new Error(`unlock failed: ${unlock.body}`);
  const { conversation_id: paid } = await c.start(tenantPaid, hide, 'Can I visit on Saturday?');
  await c.reply(landlordHide, paid, ownerWords(landlordHide));
  await c.unlock(tenantPaid, paid);

  // A moderation case exists (the admin routes answer 401/403 to the scanned readers anyway).
  await t.request({ method: 'POST', url: '/api/reports', headers: tenantPaid.auth, payload: { targetType: 'listing', targetId: otherOwn, reason: 'fake' } });

  return {
    t,
    landlordShow,
    landlordHide,
    broker,
    tenantPaid,
    tenantUnpaid,
    otherOwner,
    admin,
    listings: { show, hide, broker: brokerListing, draft, otherOwn },
    conversations: { lockedShow, lockedHide, lockedBroker, paid },
    posters: [landlordShow, landlordHide, broker],
  };
}
