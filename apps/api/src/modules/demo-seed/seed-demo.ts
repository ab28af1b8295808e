import { randomUUID } from 'node:crypto';
import { SUBCITIES } from '@betoch/contracts/constants';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/client.ts';
import type { NewListingRow, StoredPhoto } from '../../db/schema/listings.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { insertUser } from '../users/user-rows.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import type { NewUpload } from '../uploads/listing-photos.ts';
import { toStoredPhoto } from '../uploads/listing-photos.ts';
import { changeBalance, extendPlan, lockAccount } from '../wallet/ledger.ts';
import { DEMO_ADMIN_NAMES, DEMO_BROKERS, DEMO_LANDLORDS, DEMO_TENANTS, type DemoPerson } from './demo-people.ts';
import { demoListing, seededRandom, SHAPE_COUNT, type DemoListingSpec } from './demo-market.ts';
import { drawDemoPicture } from './demo-pictures.ts';
import { countUsers, holdsDemoMarket, insertListingRows, insertUploadRows } from './demo-seed.repository.ts';

const SEED_LOCK_KEY = 727_003;
const HOUR = 3600 * 1000;
const LEDGER_REF = { kind: 'demo_seed' } as const;

interface Planned {
  id: string;
  poster: DemoPerson;
  spec: DemoListingSpec;
  live: boolean;
  publishedAt: Date;
}

/** Who posts how many: landlords 3 live at most (the demo landlord 2 live and a draft). */
function plan(random: () => number, now: Date): Planned[] {
  const slots: Array<{ poster: DemoPerson; live: boolean }> = [];
  for (const landlord of DEMO_LANDLORDS) {
    const isDemo = landlord === DEMO_LANDLORDS[0];
    for (let i = 0; i < (isDemo ? 2 : 3); i += 1) slots.push({ poster: landlord, live: true });
    if (isDemo) slots.push({ poster: landlord, live: false });
  }
  const brokerLive = [10, 13, 8];
  DEMO_BROKERS.forEach((broker, b) => {
    for (let i = 0; i < (brokerLive[b] ?? 0); i += 1) slots.push({ poster: broker, live: true });
  });
  slots.push({ poster: DEMO_BROKERS[0]!, live: false });
  // Interleave posters so the newest listings are a mix of landlords and brokers.
  slots.sort(() => random() - 0.5);
  return slots.map((slot, i) => {
    const subcity = SUBCITIES[i % SUBCITIES.length]!;
    const spec = demoListing(random, subcity, (i * 7 + Math.floor(i / SUBCITIES.length)) % SHAPE_COUNT, i % 9 === 4);
    return {
      id: randomUUID(),
      poster: slot.poster,
      spec,
      live: slot.live,
      publishedAt: new Date(now.getTime() - (i * 9 + random() * 8) * HOUR),
    };
  });
}

/** Runs jobs with at most `limit` at once (both cores for the drawings, no more). */
async function inBatches<T, R>(items: T[], limit: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await job(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

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

/**
 * Demo mode only. On an empty database (no users), fills a believable Addis Ababa market: the admins of
 * ADMIN_PHONES, tenants, landlords, brokers with agencies and wallets, 66 live listings over all
 * ten subcities and every type with drawn photos, and two drafts. Same data every time (seeded
 * random). Several processes starting together seed once (advisory lock, then the empty check).
 */
export async function seedDemoIfEmpty(ctx: AppContext, uploads: UploadsService): Promise<boolean> {
  if (ctx.env.mode !== 'demo') return false;
  return ctx.database.withLock(SEED_LOCK_KEY, async () => {
    if ((await countUsers(ctx.db)) > 0) return false;
    const started = Date.now();
    const now = ctx.now();
    const random = seededRandom(20_261_122);
    const planned = plan(random, now);

    // Drawing is the slow part: do it before the transaction, two at a time.
    const jobs = planned.flatMap((p) => p.spec.pictures.map((kind) => ({ listing: p, kind, random: seededRandom(Math.floor(random() * 2 ** 31)) })));
    const saved = await inBatches(jobs, 2, async (job) => {
      const image = await drawDemoPicture(job.kind, job.listing.spec.hue, job.random);
      return { listingId: job.listing.id, upload: await uploads.saveGenerated('00000000-0000-0000-0000-000000000000', image) };
    });

    await ctx.db.transaction(async (tx) => {
      const ids = new Map<string, string>();
      const admins = [...ctx.env.adminPhones];
      for (const [i, phone] of admins.entries()) {
        const admin = await createPerson(tx, { phone, name: DEMO_ADMIN_NAMES[i] ?? `Admin ${i + 1}`, userType: 'tenant' }, true, now);
        ids.set(phone, admin.id);
      }
      for (const person of [...DEMO_TENANTS, ...DEMO_LANDLORDS, ...DEMO_BROKERS]) {
        if (ids.has(person.phone)) continue;
        ids.set(person.phone, (await createPerson(tx, person, ctx.env.adminPhones.has(person.phone), now)).id);
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
        visibility: p.live ? 'live' : 'draft',
        photos: photosOf.get(p.id) ?? [],
        publishedAt: p.live ? p.publishedAt : null,
        confirmedAt: p.live ? p.publishedAt : null,
        createdAt: new Date(p.publishedAt.getTime() - 2 * HOUR),
        updatedAt: p.publishedAt,
      }));
      await insertListingRows(tx, listingRows);
      await insertUploadRows(tx, uploadRows);
    });
    ctx.log.info(
      { listings: planned.length, live: planned.filter((p) => p.live).length, photos: saved.length, ms: Date.now() - started },
      'demo data seeded',
    );
    return true;
  });
}
