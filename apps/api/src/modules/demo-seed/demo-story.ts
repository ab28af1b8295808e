import type { Sku } from '@betoch/contracts/constants';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { authUserOf, type AuthUser } from '../auth/authenticate.ts';
import { createAdjustmentsService } from '../adjustments/adjustments.service.ts';
import { createConversationsService } from '../conversations/conversations.service.ts';
import { createDuplicatesService } from '../duplicates/duplicates.service.ts';
import { keepDemoVerification } from '../fayda/fayda.service.ts';
import { createFavouritesService } from '../favourites/favourites.service.ts';
import { createFreshnessService, expireListing } from '../freshness/freshness.service.ts';
import { createPaymentConfirmer } from '../payments/payment-confirmation.ts';
import { createPaymentsService } from '../payments/payments.service.ts';
import type { PaymentProvider } from '../wallet/payment-provider.ts';
import { SimulatedPaymentProvider } from '../payments/simulated-payment-provider.ts';
import { createRefundsService } from '../refunds/refunds.service.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { createReportsService } from '../reports/reports.service.ts';
import { createAlertMatcher } from '../saved-searches/alert-matcher.ts';
import { createSavedSearchesService } from '../saved-searches/saved-searches.service.ts';
import { createUnlocksService } from '../unlocks/unlocks.service.ts';
import type { PhotoUrlFor } from '../uploads/photo-view.ts';
import { createWalletService } from '../wallet/wallet.service.ts';
import { recordListingPublished } from '../../lib/product-events.ts';
import { DemoChapaHistory, type DemoChapaOutcome } from './demo-chapa-history.ts';
import { DEMO_PHONES } from './demo-people.ts';
import type { ListingRole, PlannedListing } from './demo-plan.ts';
import { publishListings } from './demo-seed.repository.ts';
import { linkDemoTelegram } from '../telegram/demo-link.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What the story needs of the app beyond the context (app.ts passes its own). */
export interface DemoStoryDeps {
  urlFor: PhotoUrlFor;
  /** The event bus the saved-search matcher tells people's unread counts on. */
  bus: EventBus;
  /** The account service's export request (a data request the admin sees). */
  exports: { requestExport(user: AuthUser): Promise<unknown> };
  /** The demo's built-in Telegram bot asking a poster the freshness question (absent without a bot). */
  telegramAsk?: (posterId: string, listing: { id: string; title: string }, token: string) => Promise<boolean>;
}

/** The demo people (by phone, admins included) and the planned listings, at the seed's `now`. */
export interface DemoCast {
  users: Map<string, UserRow>;
  listings: PlannedListing[];
  now: Date;
}

/**
 * A scene of the story: what happened in the market before the visitor arrived, done through the
 * services a person's call goes through, at the time it happened (`stage.at`).
 */
interface Scene {
  name: string;
  run(stage: Stage): Promise<void>;
}

class Stage {
  constructor(
    readonly ctx: AppContext,
    readonly deps: DemoStoryDeps,
    readonly cast: DemoCast,
  ) {}

  /** The context as it was `ago` milliseconds before the seed's now (services read their clock from it). */
  at(ago: number): AppContext {
    const when = new Date(this.cast.now.getTime() - ago);
    return { ...this.ctx, now: () => when };
  }

  /** The person as the services see them (as after signing in). */
  as(phone: string, ctx: AppContext): AuthUser {
    const row = this.cast.users.get(phone);
    if (!row) throw new Error(`demo story: no demo person ${phone}`);
    return authUserOf(row, ctx.now(), { jti: 'demo-seed', expiresAt: ctx.now() });
  }

  /** The planned listings with this role. */
  withRole(role: ListingRole): PlannedListing[] {
    return this.cast.listings.filter((l) => l.role === role);
  }

  /** Live listings on the market from the start (no role), optionally of one poster type. */
  market(filter: (l: PlannedListing) => boolean = () => true): PlannedListing[] {
    return this.cast.listings.filter((l) => l.role === null && l.visibility === 'live' && filter(l));
  }

  get adminPhones(): string[] {
    return [...this.ctx.env.adminPhones].filter((phone) => this.cast.users.has(phone));
  }
}

const TENANT = DEMO_PHONES.tenant;
const TENANT_WITH_CREDITS = DEMO_PHONES.tenantWithCredits;
const MERON = '+251911000012';
const KALEB = '+251911000013';
const LIYA = '+251911000032';

/** The product event a publish records (the seed inserts its listings live, or publishes them in a scene). */
async function published(stage: Stage, listing: PlannedListing, at: Date): Promise<void> {
  const source = listing.poster.userType === 'delala' ? 'delala' : 'landlord';
  await recordListingPublished(stage.ctx.db, {
    listingId: listing.id,
    posterId: stage.as(listing.poster.phone, stage.ctx).id,
    source,
    postCreditSpent: false,
    at,
  });
}

async function buy(stage: Stage, provider: PaymentProvider, phone: string, sku: Sku, ago: number): Promise<void> {
  const ctx = stage.at(ago);
  const buyer = stage.as(phone, ctx);
  const answer = await createWalletService(ctx, provider).purchase(buyer, sku);
  if ('tx_ref' in answer && answer.tx_ref) {
    // The buyer came back from the checkout (or not): the gateway's word decides, as on the return page.
    const later = stage.at(ago - 2 * MINUTE);
    const payments = createPaymentsService(later, provider, createPaymentConfirmer(later, provider));
    await payments.verifyForOwner(stage.as(phone, later), answer.tx_ref);
  }
}

async function buyWithChapa(stage: Stage, phone: string, sku: Sku, outcome: DemoChapaOutcome, ago: number): Promise<void> {
  await buy(stage, new DemoChapaHistory().willAnswer(outcome), phone, sku, ago);
}

/**
 * The story, in the order it happened. Each scene is a function of its own: a feature that wants
 * to be seen in the demo adds its scene here.
 */
const DEMO_SCENES: Scene[] = [
  {
    name: "the market's homes went live over the weeks before (each publish counted, as the admin's daily chart reads it)",
    async run(stage) {
      for (const listing of stage.cast.listings.filter((l) => l.visibility === 'live')) await published(stage, listing, listing.publishedAt);
    },
  },
  {
    name: 'the demo landlord verified with Fayda three weeks ago (the badge on his cards and page)',
    async run(stage) {
      const ctx = stage.at(21 * DAY);
      const abebe = stage.as(DEMO_PHONES.landlord, ctx);
      // What a verification keeps (docs/fayda.md): the date, the verified name, the phone match and a
      // hash of the Fayda subject. The demo has no provider: the subject is a demo identity.
      await keepDemoVerification(ctx, abebe.id, { verifiedAt: ctx.now(), name: 'Abebe Kebede Tessema', demoSubject: `demo:${DEMO_PHONES.landlord}` });
    },
  },
  {
    name: 'the tenant saves homes she likes',
    async run(stage) {
      const ctx = stage.at(12 * DAY);
      const hana = stage.as(TENANT, ctx);
      const favourites = createFavouritesService(ctx);
      // The demo landlord's home that expires 15 days ago (next step) she saved the day before:
      // the expiry tells her in the bell ('A home you saved is no longer available').
      const before = stage.at(16 * DAY);
      await createFavouritesService(before).add(stage.as(TENANT, before), stage.withRole('renewable')[0]!.id);
      const below = stage.market((l) => l.group?.priceFactor === 0.75);
      const others = stage.market((l) => l.group === null && l.publishedAt.getTime() < ctx.now().getTime()).slice(0, 2);
      for (const listing of [...below.slice(0, 1), ...others]) await favourites.add(hana, listing.id);
      // Other tenants saved the demo landlord's homes too (/my-listings: 'Saved by N people').
      const landlords = stage.cast.listings.filter((l) => l.poster.phone === DEMO_PHONES.landlord && l.visibility === 'live' && l.role !== 'renewable');
      for (const [i, phone] of [MERON, KALEB].entries()) {
        for (const listing of landlords.slice(i)) await favourites.add(stage.as(phone, ctx), listing.id);
      }
    },
  },
  {
    name: 'a listing nobody confirmed for 30 days expires (its landlord can renew it)',
    async run(stage) {
      const ctx = stage.at(15 * DAY);
      const listing = stage.withRole('renewable')[0]!;
      await ctx.db.transaction((tx) => expireListing(ctx.events, tx, listing.id, ctx.now(), 'unconfirmed'));
    },
  },
  {
    name: 'people buy credits and plans: simulated payments and Chapa checkouts in every state',
    async run(stage) {
      const simulated = new SimulatedPaymentProvider();
      await buy(stage, simulated, TENANT_WITH_CREDITS, 'CREDIT_BUNDLE_10', 5 * DAY);
      await buy(stage, simulated, DEMO_PHONES.brokerWithPlan, 'post_credit_1', 4 * DAY);
      await buyWithChapa(stage, KALEB, 'CREDIT_BUNDLE_10', 'success', 4 * DAY);
      await buyWithChapa(stage, KALEB, 'CREDIT_SINGLE', 'failed', 3 * DAY);
      await buyWithChapa(stage, MERON, 'SUB_TENANT_MONTHLY', 'cancelled', 2 * DAY);
      await buyWithChapa(stage, LIYA, 'post_credit_1', 'success', 30 * HOUR);
      await buyWithChapa(stage, KALEB, 'CREDIT_BUNDLE_10', 'pending', 25 * MINUTE);
    },
  },
  {
    name: 'the tenant saves a search; three new homes match it later',
    async run(stage) {
      const ctx = stage.at(2 * DAY);
      await createSavedSearchesService(ctx).create(stage.as(TENANT, ctx), {
        name: 'Apartments in Bole',
        filters: { subcity: 'Bole', type: 'apartment' },
        sms: false,
        telegram: false,
      });
      // Each goes live, and the matcher (run then, as after a publish) writes her notification.
      for (const [i, listing] of stage.withRole('alert').entries()) {
        const then = stage.at(DAY - i * 3 * HOUR);
        await publishListings(then.db, [listing.id], then.now());
        await published(stage, listing, then.now());
        await createAlertMatcher(then, stage.deps.bus).drain();
      }
    },
  },
  {
    name: 'a tenant unlocks two phones and claims a refund on one (a broker asked for money first)',
    async run(stage) {
      const first = stage.at(50 * HOUR);
      const yonas = (ctx: AppContext) => stage.as(TENANT_WITH_CREDITS, ctx);
      const shown = (l: PlannedListing) => l.spec.contactPreference === 'show' && l.publishedAt.getTime() < first.now().getTime();
      const broker = stage.market((l) => shown(l) && l.poster.phone === LIYA)[0]!;
      const landlord = stage.market((l) => shown(l) && l.poster.userType === 'landlord' && l.poster.phone !== DEMO_PHONES.landlord)[0]!;
      const claimed = await createUnlocksService(first, stage.deps.urlFor).unlockContact(yonas(first), broker.id);
      const second = stage.at(30 * HOUR);
      await createUnlocksService(second, stage.deps.urlFor).unlockContact(yonas(second), landlord.id);
      const claim = stage.at(6 * HOUR);
      const unlocks = await createUnlocksService(claim, stage.deps.urlFor).myUnlocks(yonas(claim));
      const unlock = unlocks.find((u) => u.listing._id === broker.id);
      if (!unlock || !claimed.ok) throw new Error('demo story: the unlock to claim on is missing');
      await createRefundsService(claim).claim(yonas(claim), unlock._id, 'asked_for_money');
    },
  },
  {
    name: "tenants message the demo landlord: one read his reply for a credit and wrote back (unread by him yet), the other's reply waits locked",
    async run(stage) {
      const abebe = (ctx: AppContext) => stage.as(DEMO_PHONES.landlord, ctx);
      const chat = (ctx: AppContext) => createConversationsService(ctx, stage.deps.urlFor, stage.deps.bus);
      const [confirmed] = stage.market((l) => l.poster.phone === DEMO_PHONES.landlord);
      const asked = stage.withRole('asked')[0];
      if (!confirmed || !asked) throw new Error('demo story: the demo landlord has no live listing to message');
      const lines: Array<[string, 'start' | 'reply' | 'unlock', string, number]> = [
        [TENANT_WITH_CREDITS, 'start', 'ሰላም፣ ቤቱ አሁንም አለ? ቅዳሜ ጠዋት ማየት እችላለሁ?', 26 * HOUR],
        [DEMO_PHONES.landlord, 'reply', 'Yes, it is still free. Saturday at 10 works; call me when you reach the gate.', 25 * HOUR],
        [TENANT_WITH_CREDITS, 'unlock', '', 24 * HOUR],
        [TENANT_WITH_CREDITS, 'reply', 'Thank you, I will be there at 10. Is water available every day?', 24 * HOUR - 5 * MINUTE],
        [DEMO_PHONES.landlord, 'reply', 'Water comes every day and there is a reserve tank on the roof.', 23 * HOUR],
        [TENANT_WITH_CREDITS, 'reply', 'በጣም ጥሩ፣ ቅዳሜ እንገናኝ።', 22 * HOUR],
      ];
      let conversationId = '';
      for (const [phone, step, body, ago] of lines) {
        const ctx = stage.at(ago);
        const service = chat(ctx);
        if (step === 'start') conversationId = (await service.start(stage.as(phone, ctx), { listing_id: confirmed.id, initial_message: body })).conversation_id;
        else if (step === 'unlock') await service.unlockFirstReply(stage.as(phone, ctx), conversationId);
        else {
          // A person reads the thread before answering it (which marks the other side's messages read).
          await service.thread(stage.as(phone, ctx), conversationId);
          await service.reply(stage.as(phone, ctx), conversationId, body);
        }
        await service.drain();
      }
      const asks = stage.at(5 * HOUR);
      const tenant = chat(asks);
      const started = await tenant.start(stage.as(TENANT, asks), {
        listing_id: asked.id,
        initial_message: 'Hello, is the flat still for rent? Is the price negotiable for a one-year contract?',
      });
      await tenant.drain();
      const answers = stage.at(3 * HOUR);
      const owner = chat(answers);
      await owner.thread(abebe(answers), started.conversation_id);
      await owner.reply(
        abebe(answers),
        started.conversation_id,
        'It is still for rent. For a one-year contract paid three months ahead I can lower it a little.',
      );
      await owner.drain();
    },
  },
  {
    name: "a tenant asks the demo landlord 'Is it still available?'",
    async run(stage) {
      const ctx = stage.at(20 * HOUR);
      await createFreshnessService(ctx).askAvailability(stage.as(MERON, ctx), stage.withRole('asked')[0]!.id);
    },
  },
  {
    name: "a broker posts a copy of a landlord's listing; the duplicate check flags the pair",
    async run(stage) {
      const ctx = stage.at(3 * HOUR);
      await createDuplicatesService(ctx, stage.deps.urlFor).checkPublished(stage.withRole('copy')[0]!.id);
    },
  },
  {
    name: 'tenants report listings (open moderation cases)',
    async run(stage) {
      const above = stage.market((l) => l.group?.priceFactor === 1.35)[0]!;
      const broker = stage.market((l) => l.poster.phone === DEMO_PHONES.broker)[0]!;
      const copy = stage.withRole('copy')[0]!;
      const reports: Array<[string, PlannedListing, 'wrong_price' | 'scam' | 'duplicate', string, number]> = [
        [MERON, above, 'wrong_price', 'Far dearer than the same flats nearby; the price in the photos is different.', 8 * HOUR],
        [KALEB, broker, 'scam', 'The agent wanted a viewing fee sent by telebirr before showing the house.', 5 * HOUR],
        [TENANT, copy, 'duplicate', 'The same home is posted by the owner too.', 2 * HOUR],
      ];
      for (const [phone, listing, reason, details, ago] of reports) {
        const ctx = stage.at(ago);
        await createReportsService(ctx).file(stage.as(phone, ctx), { targetType: 'listing', targetId: listing.id, reason, details });
      }
    },
  },
  {
    name: 'an admin logs two manual adjustments for a second admin to approve (four eyes)',
    async run(stage) {
      const admin = stage.adminPhones[0];
      if (!admin) return;
      const ctx = stage.at(90 * MINUTE);
      const adjustments = createAdjustmentsService(ctx);
      await adjustments.create(stage.as(admin, ctx), {
        phone: KALEB,
        amount: 1,
        type: 'credit',
        target: 'wallet',
        reason: 'Chapa took 30 ETB for a failed single-credit payment (bank statement shown in support chat)',
      });
      await adjustments.create(stage.as(admin, ctx), {
        phone: DEMO_PHONES.broker,
        amount: 2,
        type: 'credit',
        target: 'post_credits',
        reason: 'Two listings hidden by mistake during the duplicate sweep; posts given back',
      });
    },
  },
  {
    name: "the demo landlord connected the demo's Telegram bot; a tenant's 'Is it still available?' reaches him there, with its buttons",
    async run(stage) {
      if (!stage.deps.telegramAsk) return;
      const ctx = stage.at(30 * MINUTE);
      const abebe = stage.as(DEMO_PHONES.landlord, ctx);
      await linkDemoTelegram(ctx.db, abebe.id, 'en', ctx.now());
      const listing = stage.market((l) => l.poster.phone === DEMO_PHONES.landlord)[0]!;
      await createFreshnessService(ctx, stage.deps.telegramAsk).askAvailability(stage.as(KALEB, ctx), listing.id);
    },
  },
  {
    name: 'two tenants ask for a copy of their data',
    async run(stage) {
      for (const phone of [MERON, KALEB]) await stage.deps.exports.requestExport(stage.as(phone, stage.ctx));
    },
  },
];

/** Plays every scene in order; a scene that fails stops the seed (its transaction-free writes stay, as a person's calls would). */
export async function tellDemoStory(ctx: AppContext, deps: DemoStoryDeps, cast: DemoCast): Promise<void> {
  const stage = new Stage(ctx, deps, cast);
  for (const scene of DEMO_SCENES) {
    try {
      await scene.run(stage);
    } catch (error) {
      throw new Error(`demo story, scene '${scene.name}': ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}
