import { createHash, randomBytes } from 'node:crypto';
import {
  EXPORT_EVERY_HOURS,
  EXPORT_LINK_HOURS,
  SIGN_INS_SHOWN,
  type TAccountAnswer,
  type TAccountCodeAnswer,
  type TAccountRequestLog,
  type TChangePhoneAnswer,
  type TExportLinkAnswer,
  type TExportStatus,
} from '@betoch/contracts/account';
import type { TUser } from '@betoch/contracts/auth';
import { normalizePhone } from '@betoch/contracts/phone';
import type { AppContext } from '../../app-context.ts';
import type { AccountRequestRow } from '../../db/schema/account.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { phoneHash } from '../../lib/phone-hash.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { PhotoStorage } from '../uploads/photo-storage.ts';
import { bumpTokenVersion, findUserById, findUserByPhone } from '../users/user-rows.ts';
import { toUserAnswer } from '../users/user-view.ts';
import { getWalletSnapshot } from '../wallet/wallet-balance.ts';
import { buildAccountExport, type ExportSources } from './account-export.ts';
import {
  changePhone,
  eraseIdentity,
  expireExports,
  insertAccountRequest,
  latestExport,
  listAccountRequests,
  lockAccountRequest,
  lockExportByToken,
  oldestPendingExport,
  lockUserRow,
  removeOwnData,
  updateAccountRequest,
  updateProfile,
  uploadKeysOf,
} from './account.repository.ts';
import { keepBannedPhoneHash, listSignIns } from '../auth/sign-ins.ts';
import { keepBannedFaydaSubject } from '../fayda/banned-fayda-subjects.ts';

const HOUR_MS = 3600 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function exportStatus(row: AccountRequestRow): TExportStatus {
  return {
    status: row.status === 'done' ? 'downloaded' : row.status,
    requested_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.status === 'ready' ? (row.expiresAt?.toISOString() ?? null) : null,
    next_allowed_at: new Date(row.createdAt.getTime() + EXPORT_EVERY_HOURS * HOUR_MS).toISOString(),
  };
}

export function toRequestLog(row: AccountRequestRow): TAccountRequestLog {
  return {
    _id: row.id,
    kind: row.kind,
    status: row.status,
    via: row.via,
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

export interface AccountDeps {
  auth: AuthService;
  storage: Pick<PhotoStorage, 'removeUpload'>;
  sources: ExportSources;
  /** Keys the hash of a banned phone kept after deletion. */
  banKey: string;
}

export function createAccountService(ctx: AppContext, deps: AccountDeps) {
  async function userRow(auth: AuthUser): Promise<UserRow> {
    const row = await findUserById(ctx.db, auth.id);
    if (!row || row.deletedAt) throw new AppError('invalid_token');
    return row;
  }

  async function userAnswer(row: UserRow): Promise<TUser> {
    return toUserAnswer(row, await getWalletSnapshot(ctx.db, row.id), ctx.now());
  }

  /**
   * Builds waiting exports one at a time, oldest first. The file is read outside any transaction;
   * it is stored only if the row is still waiting (two servers may both build one, one stores it).
   * A failure marks that one failed and goes on.
   */
  async function buildPending(): Promise<number> {
    let built = 0;
    const tried = new Set<string>();
    for (;;) {
      const row = await oldestPendingExport(ctx.db);
      if (!row || tried.has(row.id)) return built;
      tried.add(row.id);
      const user = row.userId ? await findUserById(ctx.db, row.userId) : undefined;
      let patch: Partial<AccountRequestRow>;
      try {
        if (!user || user.deletedAt) throw new Error('no such account');
        const file = await buildAccountExport(ctx, deps.sources, user);
        const now = ctx.now();
        patch = { status: 'ready', content: JSON.stringify(file, null, 2), readyAt: now, expiresAt: new Date(now.getTime() + EXPORT_LINK_HOURS * HOUR_MS) };
      } catch (error) {
        ctx.log.warn({ err: (error as Error).message, request: row.id }, 'account export failed');
        patch = { status: 'failed', completedAt: ctx.now() };
      }
      await ctx.db.transaction(async (tx) => {
        const locked = await lockAccountRequest(tx, row.id);
        if (locked?.status === 'requested') await updateAccountRequest(tx, row.id, patch);
      });
      built += 1;
    }
  }

  let running: Promise<void> | null = null;
  let again = false;
  /** Starts building waiting exports after the answer (one run at a time in this process). */
  function kick(): void {
    if (running) {
      again = true;
      return;
    }
    running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => buildPending())
      .then(() => undefined)
      .catch((error: unknown) => ctx.log.warn({ err: (error as Error).message }, 'account exports failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  /**
   * Deletes the account: its listings and their photos (files too), favourites, saved searches,
   * sign-in history; erases name, e-mail, agency and phone; keeps a banned person's phone only as
   * a keyed hash. Messages stay for the other side, from 'Deleted user'; purchases, the ledger and
   * balances stay, no longer naming anyone; moderation cases keep their rows and reports.
   */
  async function deleteAccount(userId: string, via: { adminId: string; reason: string } | null): Promise<AccountRequestRow> {
    const now = ctx.now();
    const { request, keys } = await ctx.db.transaction(async (tx) => {
      const user = await lockUserRow(tx, userId);
      if (!user || user.deletedAt) throw new AppError('user_not_found');
      const keys = await uploadKeysOf(tx, user.id);
      await removeOwnData(tx, user);
      if (user.status === 'banned') await keepBannedPhoneHash(tx, phoneHash(deps.banKey, user.phone), now);
      // A banned person's Fayda identity stays refused after deletion, as their phone does.
      if (user.status === 'banned' && user.faydaSubjectHash) await keepBannedFaydaSubject(tx, user.faydaSubjectHash, now);
      await eraseIdentity(tx, user.id, now);
      const request = await insertAccountRequest(tx, {
        userId: user.id,
        kind: 'deletion',
        status: 'done',
        via: via ? 'admin' : 'app',
        adminId: via?.adminId ?? null,
        reason: via?.reason ?? null,
        createdAt: now,
        completedAt: now,
      });
      if (via) {
        await recordAudit(tx, [
          { adminId: via.adminId, action: 'delete_account', targetType: 'user', targetId: user.id, subjectUserId: user.id, reason: via.reason, at: now },
        ]);
      }
      return { request, keys };
    });
    await ctx.tokensChanged(userId);
    // The files go after the commit: a failed removal leaves a file no row names, never a row without its file.
    for (const key of keys) {
      await deps.storage.removeUpload(key).catch((error: unknown) => ctx.log.warn({ err: (error as Error).message }, 'photo removal failed'));
    }
    return request;
  }

  return {
    async overview(auth: AuthUser): Promise<Omit<TAccountAnswer, 'ok'>> {
      const [signIns, last] = await Promise.all([listSignIns(ctx.db, auth.id, SIGN_INS_SHOWN), latestExport(ctx.db, auth.id)]);
      return { sign_ins: signIns.map((s) => ({ at: s.at.toISOString(), device: s.device })), export: last ? exportStatus(last) : null };
    },

    async updateProfile(auth: AuthUser, input: { name: string; email?: string; agencyName?: string }): Promise<TUser> {
      const user = await userRow(auth);
      const agency = input.agencyName?.trim() || null;
      if (user.userType === 'delala' && !agency) {
        throw new AppError('agency_name_required', undefined, { fields: { agencyName: 'agency_required' } });
      }
      const row = await updateProfile(ctx.db, user.id, {
        name: input.name.trim(),
        email: input.email ?? null,
        agencyName: user.userType === 'delala' ? agency : null,
      });
      if (!row) throw new AppError('invalid_token');
      return userAnswer(row);
    },

    /** Every token of the account stops working, this one included. */
    async signOutEverywhere(auth: AuthUser): Promise<void> {
      await bumpTokenVersion(ctx.db, auth.id);
      await ctx.tokensChanged(auth.id);
    },

    /** Sends a code to the new phone, once it is free for this account to take. */
    async requestPhoneCode(auth: AuthUser, rawPhone: string, ip: string): Promise<TAccountCodeAnswer> {
      const phone = normalizePhone(rawPhone);
      if (!phone) throw new AppError('invalid_phone', undefined, { fields: { phone: 'invalid_phone' } });
      if (phone === auth.phone) throw new AppError('validation_error', undefined, { fields: { phone: 'same_phone' } });
      const owner = await findUserByPhone(ctx.db, phone);
      if (owner) throw new AppError('phone_taken', undefined, { fields: { phone: 'phone_taken' } });
      if (await deps.auth.phoneBanned(phone)) throw new AppError('phone_banned', undefined, { fields: { phone: 'phone_banned' } });
      return deps.auth.requestOtp({ phone }, ip, 'account');
    },

    /**
     * Moves the account to the new phone once its code is proven. Every earlier token stops
     * working (they name the old phone); this device gets a new token and stays signed in.
     */
    async changePhone(auth: AuthUser, rawPhone: string, code: string): Promise<TChangePhoneAnswer> {
      const phone = normalizePhone(rawPhone);
      if (!phone) throw new AppError('invalid_phone', undefined, { fields: { phone: 'invalid_phone' } });
      await deps.auth.takeCode(phone, code);
      if (await deps.auth.phoneBanned(phone)) throw new AppError('phone_banned');
      const row = await ctx.db.transaction(async (tx) => {
        const user = await lockUserRow(tx, auth.id);
        if (!user || user.deletedAt) throw new AppError('invalid_token');
        if (await findUserByPhone(tx, phone)) throw new AppError('phone_taken', undefined, { fields: { phone: 'phone_taken' } });
        try {
          return await changePhone(tx, user.id, phone);
        } catch (error) {
          // Another account took the phone in the same instant (the unique index decided).
          if ((error as { code?: string }).code === '23505') throw new AppError('phone_taken');
          throw error;
        }
      });
      if (!row) throw new AppError('invalid_token');
      await ctx.tokensChanged(row.id);
      const { token } = await ctx.tokens.sign(row);
      return { ok: true, token, user: await userAnswer(row) };
    },

    /** One export per 24 hours; built off the request path. */
    async requestExport(auth: AuthUser): Promise<TExportStatus> {
      const now = ctx.now();
      const row = await ctx.db.transaction(async (tx) => {
        await lockUserRow(tx, auth.id);
        const last = await latestExport(tx, auth.id);
        if (last && last.status !== 'failed' && now.getTime() - last.createdAt.getTime() < EXPORT_EVERY_HOURS * HOUR_MS) {
          const wait = Math.ceil((last.createdAt.getTime() + EXPORT_EVERY_HOURS * HOUR_MS - now.getTime()) / 1000);
          throw new AppError('export_too_soon', undefined, { retry_after: wait });
        }
        return insertAccountRequest(tx, { userId: auth.id, kind: 'export', status: 'requested', via: 'app', adminId: null, reason: null, createdAt: now });
      });
      kick();
      return exportStatus(row);
    },

    async exportStatus(auth: AuthUser): Promise<TExportStatus | null> {
      const last = await latestExport(ctx.db, auth.id);
      return last ? exportStatus(last) : null;
    },

    /** A fresh single-use link to the ready export (an earlier link stops working). */
    async exportLink(auth: AuthUser): Promise<Omit<TExportLinkAnswer, 'ok'>> {
      const last = await latestExport(ctx.db, auth.id);
      const now = ctx.now();
      if (!last || last.status !== 'ready' || !last.expiresAt || last.expiresAt <= now) throw new AppError('export_not_ready');
      const token = randomBytes(32).toString('base64url');
      await updateAccountRequest(ctx.db, last.id, { tokenHash: hashToken(token) });
      return { url: `/api/account/export/download/${token}`, expires_at: last.expiresAt.toISOString() };
    },

    /** The file, once: the content is dropped as it is handed out. */
    async download(token: string): Promise<string> {
      const now = ctx.now();
      return ctx.db.transaction(async (tx) => {
        const row = await lockExportByToken(tx, hashToken(token));
        if (!row || row.status !== 'ready' || !row.content || !row.expiresAt || row.expiresAt <= now) throw new AppError('export_link_invalid');
        await updateAccountRequest(tx, row.id, { status: 'downloaded', content: null, tokenHash: null, completedAt: now });
        return row.content;
      });
    },

    kick,

    /** Waits for the build in flight (tests, closing). */
    async settle(): Promise<void> {
      while (running) await running;
    },

    /** The periodic job: builds what a kick missed (a process that died) and expires old links. */
    async sweep(now: Date): Promise<void> {
      await buildPending();
      await expireExports(ctx.db, now);
    },

    async requestDeletionCode(auth: AuthUser, ip: string): Promise<TAccountCodeAnswer> {
      return deps.auth.requestOtp({ phone: auth.phone }, ip, 'account');
    },

    async deleteOwn(auth: AuthUser, code: string): Promise<void> {
      await deps.auth.takeCode(auth.phone, code);
      await deleteAccount(auth.id, null);
    },

    async adminLog(): Promise<TAccountRequestLog[]> {
      return (await listAccountRequests(ctx.db, 200)).map(toRequestLog);
    },

    /** A deletion asked for outside the app, run by an admin with the reason (audited). */
    async adminDelete(admin: AuthUser, rawPhone: string, reason: string): Promise<TAccountRequestLog> {
      const phone = normalizePhone(rawPhone);
      if (!phone) throw new AppError('invalid_phone', undefined, { fields: { phone: 'invalid_phone' } });
      const user = await findUserByPhone(ctx.db, phone);
      if (!user) throw new AppError('user_not_found');
      if (user.id === admin.id) throw new AppError('forbidden', 'Delete your own account from your account page.');
      return toRequestLog(await deleteAccount(user.id, { adminId: admin.id, reason }));
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
