import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/client.ts';
import type { NewListingRow, StoredPhoto } from '../../db/schema/listings.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { insertUser } from '../users/user-rows.ts';
import type { ProcessedImage } from '../uploads/image-pipeline.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import type { NewUpload } from '../uploads/listing-photos.ts';
import { toStoredPhoto } from '../uploads/listing-photos.ts';
import { changeBalance, extendPlan, lockAccount } from '../wallet/ledger.ts';
import { DEMO_ADMIN_NAMES, DEMO_BROKERS, DEMO_LANDLORDS, DEMO_TENANTS, type DemoPerson } from './demo-people.ts';
import { drawDemoPhotos, inBatches, planDemo } from './demo-photos.ts';
import { countUsers, holdsDemoMarket, insertListingRows, insertUploadRows } from './demo-seed.repository.ts';
import { tellDemoStory, type DemoStoryDeps } from './demo-story.ts';

const SEED_LOCK_KEY = 727_003;
const HOUR = 3600 * 1000;
const LEDGER_REF = { kind: 'demo_seed' } as const;

async function createPerson(tx: Tx, person: DemoPerson, isAdmin: boolean, now: Date): Promise<UserRow> {
  const user = await insertUser(tx, {
    phone: person.phone,
    name: person.name,
    email: null,
    userType: person.userType,
    agencyName: person.agencyName ?? null,
    isAdmin,
  });
  if (!user) throw new Error(`demo user ${person.phone} already exists`);
  const account = await lockAccount(tx, user.id);
  if (person.credits) await changeBalance(tx, account, 'credits', person.credits, LEDGER_REF);
  if (person.postCredits) await changeBalance(tx, account, 'post_credits', person.postCredits, LEDGER_REF);
  if (person.delalaPlanDays) await extendPlan(tx, account, 'delala_unlimited_days', person.delalaPlanDays, now, LEDGER_REF);
  if (person.tenantPlanDays) await extendPlan(tx, account, 'tenant_unlimited_days', person.tenantPlanDays, now, LEDGER_REF);
  return user;
}

export class DemoDataInProductionError extends Error {}

/**
 * Outside demo mode, a database the demo seed once filled (made-up listings and numbers, demo
 * admins) is refused at start: the operator starts production on a fresh database.
 */
export async function refuseDemoMarket(ctx: Pick<AppContext, 'db'>): Promise<void> {
  if (await holdsDemoMarket(ctx.db, LEDGER_REF.kind)) {
    throw new DemoDataInProductionError(
      'This database holds the demo market (seeded in demo mode: made-up listings, numbers and admins). ' +
        'Production refuses to serve it; start production on a fresh database.',
    );
  }
}

/** What the seed needs of the app: the uploads service (the drawn photos) and the story's (./demo-story.ts). */
export interface DemoSeedDeps extends DemoStoryDeps {
  uploads: UploadsService;
  /** The photos, already being drawn since the server started (./demo-photos.ts, `drawDemoPhotosAhead`). */
  photos?: Promise<ProcessedImage[]>;
}

/**
 * Demo mode only. On an empty database (no users), fills a believable Addis Ababa market: the admins of
 * ADMIN_PHONES, tenants, landlords, brokers with agencies and wallets, live listings over all
 * ten subcities and every type with drawn photos (67 live; four comparable groups for the fair-price line,
 * confirmations of every age), two drafts and an expired listing; then tells the story
 * (./demo-story.ts) through the services, so every feature has something to show. Same data every
 * time (seeded random). Several processes starting together seed once (advisory lock, then the
 * empty check).
 */
export async function seedDemoIfEmpty(ctx: AppContext, deps: DemoSeedDeps): Promise<boolean> {
  const { uploads } = deps;
  if (ctx.env.mode !== 'demo') return false;
  return ctx.database.withLock(SEED_LOCK_KEY, async () => {
    if ((await countUsers(ctx.db)) > 0) return false;
    const started = Date.now();
    const now = ctx.now();
    const { planned, pictures } = planDemo(now);

    // Drawing is the slow part: done before the transaction (or since the server started), two at a time.
    const images = await (deps.photos ?? drawDemoPhotos());
    const drawMs = Date.now() - started;
    const saved = await inBatches(
      pictures.map((job, i) => ({ listingId: job.listing.id, image: images[i]! })),
      2,
      async ({ listingId, image }) => ({ listingId, upload: await uploads.saveGenerated('00000000-0000-0000-0000-000000000000', image) }),
    );

    const users = new Map<string, UserRow>();
    await ctx.db.transaction(async (tx) => {
      const ids = new Map<string, string>();
      const admins = [...ctx.env.adminPhones];
      for (const [i, phone] of admins.entries()) {
        const admin = await createPerson(tx, { phone, name: DEMO_ADMIN_NAMES[i] ?? `Admin ${i + 1}`, userType: 'tenant' }, true, now);
        ids.set(phone, admin.id);
        users.set(phone, admin);
      }
      for (const person of [...DEMO_TENANTS, ...DEMO_LANDLORDS, ...DEMO_BROKERS]) {
        if (ids.has(person.phone)) continue;
        const user = await createPerson(tx, person, ctx.env.adminPhones.has(person.phone), now);
        ids.set(person.phone, user.id);
        users.set(person.phone, user);
      }

      const photosOf = new Map<string, StoredPhoto[]>();
      const uploadRows: Array<NewUpload & { listingId: string }> = [];
      for (const { listingId, upload } of saved) {
        const listing = planned.find((p) => p.id === listingId)!;
        const row = { ...upload, ownerId: ids.get(listing.poster.phone)!, listingId, createdAt: listing.publishedAt };
        uploadRows.push(row);
        photosOf.set(listingId, [...(photosOf.get(listingId) ?? []), toStoredPhoto({ ...row, releasedAt: null })]);
      }
      const listingRows: NewListingRow[] = planned.map((p) => ({
        id: p.id,
        posterId: ids.get(p.poster.phone)!,
        title: p.spec.title,
        titleGenerated: p.spec.titleGenerated,
        description: p.spec.description,
        type: p.spec.type,
        priceEtb: p.spec.priceEtb,
        bedrooms: p.spec.bedrooms,
        bathrooms: p.spec.bathrooms,
        areaSqm: p.spec.areaSqm,
        specificLocation: p.spec.specificLocation,
        subcity: p.spec.subcity,
        source: p.poster.userType === 'delala' ? 'delala' : 'landlord',
        contactPreference: p.spec.contactPreference,
        visibility: p.visibility,
        photos: photosOf.get(p.id) ?? [],
        publishedAt: p.visibility === 'live' ? p.publishedAt : null,
        confirmedAt: p.visibility === 'live' ? p.confirmedAt : null,
        confirmAskedAt: p.confirmAskedAt,
        createdAt: new Date(p.publishedAt.getTime() - 2 * HOUR),
        updatedAt: p.publishedAt,
      }));
      await insertListingRows(tx, listingRows);
      await insertUploadRows(tx, uploadRows);
    });
    const storyStarted = Date.now();
    await tellDemoStory(ctx, deps, { users, listings: planned, now });
    const storyMs = Date.now() - storyStarted;
    ctx.log.info(
      {
        listings: planned.length,
        live: planned.filter((p) => p.visibility === 'live').length,
        photos: saved.length,
        ms: Date.now() - started,
        drawMs,
        storyMs,
      },
      'demo data seeded',
    );
    return true;
  });
}
