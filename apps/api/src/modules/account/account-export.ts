import { ZAccountExportFile, type TAccountExportFile } from '@betoch/contracts/account';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { authUserOf } from '../auth/authenticate.ts';
import { toConversationSummary, toMessageAnswer, type Reader } from '../conversations/conversation-view.ts';
import { findConversationSummaries, listMessages } from '../conversations/conversation-history.ts';
import type { FavouritesService } from '../favourites/favourites.service.ts';
import type { ListingsService } from '../listings/listings.service.ts';
import type { SavedSearchesService } from '../saved-searches/saved-searches.service.ts';
import type { UnlocksService } from '../unlocks/unlocks.service.ts';
import type { PhotoUrlFor } from '../uploads/photo-view.ts';
import { toUserAnswer } from '../users/user-view.ts';
import { getWalletSnapshot } from '../wallet/wallet-balance.ts';
import { ledgerOf, purchasesOf, reportsBy } from './account.repository.ts';
import { listSignIns } from '../auth/sign-ins.ts';

/** Every conversation and every message of each: an export is complete, not a page. */
const ALL = 100_000;

export interface ExportSources {
  listings: Pick<ListingsService, 'mine'>;
  unlocks: Pick<UnlocksService, 'myUnlocks'>;
  favourites: Pick<FavouritesService, 'list'>;
  savedSearches: Pick<SavedSearchesService, 'list'>;
  urlFor: PhotoUrlFor;
}

/**
 * Everything held about the user, exactly as the app shows it to them: each part comes from the
 * same reads and the same answer functions as the app's own calls, so a locked owner reply stays
 * blurred and another person's phone or name stays masked unless the user paid for it. Nothing
 * here marks anything read or unlocks anything.
 */
export async function buildAccountExport(ctx: AppContext, sources: ExportSources, user: UserRow): Promise<TAccountExportFile> {
  const now = ctx.now();
  // The export is made by a job, with no token: one named for it, ending now.
  const auth = authUserOf(user, now, { jti: 'account-export', expiresAt: now });
  const [wallet, mine, unlocks, favourites, savedSearches, purchases, ledger, reports, signIns, summaries] = await Promise.all([
    getWalletSnapshot(ctx.db, user.id),
    sources.listings.mine(auth),
    sources.unlocks.myUnlocks(auth),
    sources.favourites.list(auth),
    sources.savedSearches.list(auth),
    purchasesOf(ctx.db, user.id),
    ledgerOf(ctx.db, user.id),
    reportsBy(ctx.db, user.id),
    listSignIns(ctx.db, user.id),
    findConversationSummaries(ctx.db, { participantId: user.id, limit: ALL }),
  ]);

  const conversations = [];
  for (const row of summaries) {
    const reader: Reader = {
      role: row.conversation.tenantId === user.id ? 'tenant' : 'owner',
      replyUnlocked: row.conversation.replyUnlockedAt !== null,
      contactUnlocked: row.contactUnlocked,
    };
    const { rows } = await listMessages(ctx.db, row.conversation.id, ALL);
    conversations.push({
      conversation: toConversationSummary(row, reader, sources.urlFor),
      messages: rows.map((m) => toMessageAnswer(m, reader)),
    });
  }

  const file = {
    format: 'betoch-account-export-1' as const,
    generated_at: now.toISOString(),
    profile: toUserAnswer(user, wallet, now),
    listings: mine.listings,
    conversations,
    unlocks,
    purchases: purchases.map((p) => ({
      _id: p.id,
      sku: p.sku,
      price_etb: p.priceEtb,
      status: p.status,
      created_at: p.createdAt.toISOString(),
      paid_at: p.paidAt?.toISOString() ?? null,
    })),
    ledger: ledger.map((e) => ({
      _id: e.id,
      account: e.account,
      kind: e.kind,
      delta: e.delta,
      balance_after: e.balanceAfter,
      plan_until: e.planUntil?.toISOString() ?? null,
      created_at: e.createdAt.toISOString(),
    })),
    reports: reports.map((r) => ({
      _id: r.id,
      target_type: r.targetType,
      target_id: r.targetId,
      reason: r.reason,
      details: r.details,
      created_at: r.createdAt.toISOString(),
    })),
    favourites,
    saved_searches: savedSearches,
    sign_ins: signIns.map((s) => ({ at: s.at.toISOString(), device: s.device })),
    fayda:
      user.faydaVerifiedAt && user.faydaName
        ? { verified_at: user.faydaVerifiedAt.toISOString(), name: user.faydaName, phone_match: user.faydaPhoneMatch ?? false }
        : null,
  };
  const counts = {
    listings: file.listings.length,
    conversations: file.conversations.length,
    messages: file.conversations.reduce((n, c) => n + c.messages.length, 0),
    unlocks: file.unlocks.length,
    purchases: file.purchases.length,
    ledger: file.ledger.length,
    reports: file.reports.length,
    favourites: file.favourites.length,
    saved_searches: file.saved_searches.length,
    sign_ins: file.sign_ins.length,
  };
  const lines = [
    `Betoch: a copy of the data held about your account, made ${file.generated_at}.`,
    'profile: your name, e-mail, phone, account type and balances.',
    `listings (${counts.listings}): the homes you posted, with links to their photos.`,
    `conversations (${counts.conversations}, ${counts.messages} messages): as the app shows them to you; replies you have not unlocked stay hidden, other people's numbers stay masked unless you paid for them.`,
    `unlocks (${counts.unlocks}): contacts you paid to see.`,
    `purchases (${counts.purchases}) and ledger (${counts.ledger}): what you bought and every change of your balances.`,
    `reports (${counts.reports}): what you reported to the moderators.`,
    `favourites (${counts.favourites}) and saved_searches (${counts.saved_searches}).`,
    `sign_ins (${counts.sign_ins}): when you signed in and on what kind of device (never codes).`,
    file.fayda
      ? 'fayda: you are verified with Fayda: the date, your verified name and whether the Fayda phone is your account phone. We also keep a keyed one-way hash of your Fayda identity (it cannot be read back) so one identity verifies one account; never your ID number, photo or birthdate.'
      : user.faydaSubjectHash
        ? 'fayda: you are not verified with Fayda (your verification was removed). We still keep a keyed one-way hash of the Fayda identity that verified this account (it cannot be read back), so it cannot verify another account; it is erased with the account.'
        : 'fayda: you are not verified with Fayda; nothing from Fayda is kept.',
  ];
  // Parsed through the contract: a field outside it cannot reach the file.
  return ZAccountExportFile.parse({ ...file, summary: { lines, counts } });
}
