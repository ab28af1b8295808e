import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/login.ts';
import { createLiveListing, hideListing } from '../support/factories.ts';
import { createTelegramTestApp, type TelegramTestApp } from '../support/telegram.ts';

const CHANNEL = '@betoch_new_homes';
let tg: TelegramTestApp;
beforeAll(async () => {
  tg = await createTelegramTestApp({ TELEGRAM_CHANNEL_ID: CHANNEL });
});
afterAll(async () => tg.close());

const posts = () => tg.bot.messagesTo(CHANNEL);
const postOf = (title: string) => posts().find((m) => m.text.startsWith(title));

async function settle() {
  // The post is queued after the publish's answer: let it land, then send.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await tg.t.telegram.queue!.drain();
}

describe('the channel of new listings', () => {
  it('posts a listing that goes live once: its photo, a caption in both languages, and View on Betoch', async () => {
    const owner = await signUp(tg.t, { userType: 'landlord' });
    const listing = await createLiveListing(tg.t, owner, { title: 'Bright flat in Bole', price_etb: 20_000, subcity: 'Bole', bedrooms: 2 });
    await settle();
    const post = await tg.bot.waitFor(() => postOf('Bright flat in Bole'));
    expect(post.kind).toBe('photo');
    expect(post.photo).toMatch(/^https:\/\/betoch\.example\//);
    expect(post.text).toContain('ETB 20,000 a month · Bole');
    expect(post.text).toContain('2 bedrooms');
    expect(post.text).toMatch(/Move-in cost: ETB [\d,]+/);
    expect(post.text).toContain('በወር 20,000 ብር');
    expect(post.replyMarkup!.inline_keyboard[0]![0]).toEqual({ text: 'View on Betoch / በቤቶች ይመልከቱ', url: `https://betoch.example/l/${listing._id}` });
    expect(post.text).not.toContain(owner.phone.slice(4));
    // The job's catch-up and a second publish path never post it again.
    await tg.t.telegram.channel!.catchUp(tg.t.clock.now());
    expect(await tg.t.telegram.channel!.afterPublish(listing._id)).toBe(false);
    await settle();
    expect(posts().filter((m) => m.text.startsWith('Bright flat in Bole'))).toHaveLength(1);
  });

  it("a listing rented or hidden has its post edited to 'No longer available'; a deleted one's post is deleted", async () => {
    const owner = await signUp(tg.t, { userType: 'landlord' });
    const rented = await createLiveListing(tg.t, owner, { title: 'Flat to be rented' });
    const hidden = await createLiveListing(tg.t, owner, { title: 'Flat to be hidden' });
    const deleted = await createLiveListing(tg.t, owner, { title: 'Flat to be deleted' });
    await settle();
    await tg.bot.waitFor(() => postOf('Flat to be deleted'));
    const answer = await tg.t.request({ method: 'POST', url: `/api/listings/${rented._id}/confirm`, headers: owner.auth, payload: { answer: 'rented' } });
    expect(answer.statusCode, answer.body).toBe(200);
    await hideListing(tg.t, hidden._id);
    expect((await tg.t.request({ method: 'DELETE', url: `/api/listings/${deleted._id}`, headers: owner.auth })).statusCode).toBe(200);
    const deletedPost = postOf('Flat to be deleted')!;
    // The rented one's take-down was queued as it left the market; the job takes down the one hidden
    // behind the app's back (hideListing writes the columns, publishing nothing) and deletes the deleted one's.
    expect(await tg.t.telegram.channel!.closeGone(tg.t.clock.now())).toEqual({ edited: 1, deleted: 1 });
    await tg.t.telegram.queue!.drain();
    for (const title of ['Flat to be rented', 'Flat to be hidden']) {
      const post = posts().find((m) => m.text.includes(title))!;
      expect(post.text.startsWith('No longer available / አሁን አይገኝም')).toBe(true);
      expect(post.edits).toBe(1);
    }
    expect(deletedPost.deleted).toBe(true);
    // Run again: nothing is edited twice.
    expect(await tg.t.telegram.channel!.closeGone(tg.t.clock.now())).toEqual({ edited: 0, deleted: 0 });
  });
});
