import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_PER_IP_PER_HOUR,
  OTP_MAX_PER_PHONE_PER_HOUR,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
  TERMS_VERSION,
} from '@betoch/contracts/constants';
import type { TRequestOtpAnswer, TSessionAnswer, TUser } from '@betoch/contracts/auth';
import { normalizePhone } from '@betoch/contracts/phone';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserById, findUserByPhone, insertUser, setUserAdmin } from '../users/user-rows.ts';
import { toUserAnswer } from '../users/user-view.ts';
import { ensureWalletAccount, getWalletSnapshot } from '../wallet/wallet-balance.ts';
import { consumeCode, deleteExpiredAuthRows, giveBackAttempt, revokeToken, saveCode, takeAttempt } from './auth.repository.ts';
import type { AuthUser } from './authenticate.ts';
import { clientNetwork } from './client-network.ts';
import { generateCode, hashCode, sameHash } from './otp.ts';
import { SmsDeliveryError } from './sms/sms-sender.ts';
import { recordOtpRequested } from '../../lib/product-events.ts';
import { isPhoneHashBanned, recordSignIn } from './sign-ins.ts';
import { phoneHash } from '../../lib/phone-hash.ts';
import type { LoginTickets } from './login-tickets.ts';

const HOUR = 3600;

/** Short, in both languages; the code first so phones can offer to fill it in. */
function smsText(code: string): string {
  return `${code} is your Betoch code. It expires in 5 minutes. Never share it. / የቤቶች ኮድዎ ${code} ነው።`;
}

function phoneOrThrow(input: string): string {
  const phone = normalizePhone(input);
  if (!phone) throw new AppError('invalid_phone', undefined, { fields: { phone: 'invalid_phone' } });
  return phone;
}

/**
 * `banKey` keys the hash of a deleted banned account's phone (lib/phone-hash.ts): such a phone
 * cannot sign up again.
 */
export function createAuthService(ctx: AppContext, otpSecret: string, banKey: string, tickets?: LoginTickets) {
  async function userAnswer(db: DbOrTx, user: UserRow): Promise<TUser> {
    return toUserAnswer(user, await getWalletSnapshot(db, user.id), ctx.now());
  }

  async function session(user: UserRow, device?: string): Promise<TSessionAnswer> {
    const { token } = await ctx.tokens.sign(user);
    if (device !== undefined) await recordSignIn(ctx.db, user.id, device, ctx.now());
    return { ok: true, token, user: await userAnswer(ctx.db, user) };
  }

  /**
   * Checks a code with one atomic try. Answers the hash that matched, so the caller can consume
   * exactly that code; wrong or dead codes throw.
   */
  async function checkCode(phone: string, code: string): Promise<string> {
    const attempt = await takeAttempt(ctx.db, phone, ctx.now(), OTP_MAX_ATTEMPTS);
    if (!attempt) throw new AppError('code_expired', undefined, { fields: { code: 'code_expired' } });
    if (!sameHash(attempt.codeHash, hashCode(otpSecret, phone, code))) {
      if (attempt.attempts >= OTP_MAX_ATTEMPTS) {
        throw new AppError('code_expired', undefined, { fields: { code: 'code_expired' } });
      }
      throw new AppError('invalid_code', undefined, { fields: { code: 'invalid_code' } });
    }
    return attempt.codeHash;
  }

  /** A phone of ADMIN_PHONES is an admin from its first sign-in on (as with a code). */
  async function adminIfListed(user: UserRow): Promise<UserRow> {
    if (!ctx.env.adminPhones.has(user.phone) || user.isAdmin) return user;
    await setUserAdmin(ctx.db, user.id, true);
    return { ...user, isAdmin: true };
  }

  return {
    /**
     * The same answer, and the same work, whether or not the phone has an account. Order matters:
     * the cooldown comes first, so a double tap never uses up the hourly limits; the per-IP limit
     * comes before the per-phone one, so a client over its own limit cannot use up a stranger's.
     */
    /**
     * Demo mode only: the phone's sign-in code may be asked for again at once, as it may a minute
     * after the last one (a demo, and the browser journeys, need not wait the minute out). Elsewhere
     * the call does not exist (auth-demo.routes.ts) and this refuses.
     */
    async endCodeCooldown(input: { phone: string }): Promise<{ ok: true }> {
      if (ctx.env.mode !== 'demo') throw new AppError('not_found');
      await ctx.kv.delete(`otp:cool:${phoneOrThrow(input.phone)}`);
      return { ok: true };
    },

    async requestOtp(input: { phone: string }, ip: string, purpose: 'sign-in' | 'account' = 'sign-in'): Promise<TRequestOtpAnswer> {
      const phone = phoneOrThrow(input.phone);
      // A code for an account change (new phone, deletion) waits on its own cooldown, so it can
      // follow a sign-in at once; both count against the same hourly limits.
      const cooldownKey = purpose === 'sign-in' ? `otp:cool:${phone}` : `otp:cool:account:${phone}`;
      if (!(await ctx.kv.setIfAbsent(cooldownKey, OTP_RESEND_COOLDOWN_SECONDS))) {
        const left = (await ctx.kv.ttl(cooldownKey)) || OTP_RESEND_COOLDOWN_SECONDS;
        throw new AppError('cooldown_active', `Please wait ${left} seconds before requesting a new code.`, {
          retry_after: left,
        });
      }
      const perIp = await ctx.kv.increment(`otp:ip:${clientNetwork(ip)}`, HOUR);
      const perPhone = perIp.count > OTP_MAX_PER_IP_PER_HOUR ? perIp : await ctx.kv.increment(`otp:phone:${phone}`, HOUR);
      if (perIp.count > OTP_MAX_PER_IP_PER_HOUR || perPhone.count > OTP_MAX_PER_PHONE_PER_HOUR) {
        // No code was sent, so no cooldown either: the answer is the hourly wait.
        await ctx.kv.delete(cooldownKey);
        throw new AppError('rate_limited', 'Too many codes were requested. Please try again later.', {
          retry_after: perIp.count > OTP_MAX_PER_IP_PER_HOUR ? perIp.ttl : perPhone.ttl,
        });
      }
      const code = generateCode();
      const sentAt = ctx.now();
      await saveCode(ctx.db, phone, hashCode(otpSecret, phone, code), sentAt, new Date(sentAt.getTime() + OTP_TTL_SECONDS * 1000));
      try {
        await ctx.sms.send(phone, smsText(code));
      } catch (error) {
        if (!(error instanceof SmsDeliveryError)) throw error;
        // The message names the failure, never the text; the user may try again at once.
        ctx.log.warn({ err: error.message, sender: ctx.sms.name }, 'sms delivery failed');
        await ctx.kv.delete(cooldownKey);
        throw new AppError('sms_unavailable');
      }
      await recordOtpRequested(ctx.db, { ip, phone, at: ctx.now() });
      return {
        ok: true,
        ...(ctx.env.mode === 'demo' ? { code } : {}),
        expires_in: OTP_TTL_SECONDS,
        retry_after: OTP_RESEND_COOLDOWN_SECONDS,
      };
    },

    /**
     * Proves a code sent to this phone for an account change (new phone, deletion) and uses it up.
     * Throws invalid_code / code_expired like sign-in.
     */
    async takeCode(phone: string, code: string): Promise<void> {
      const codeHash = await checkCode(phone, code);
      if (!(await consumeCode(ctx.db, phone, codeHash, ctx.now()))) throw new AppError('code_expired');
    },

    /** Whether this phone belonged to a banned account that was deleted. */
    async phoneBanned(phone: string): Promise<boolean> {
      return isPhoneHashBanned(ctx.db, phoneHash(banKey, phone));
    },

    /**
     * A phone another service has verified (Telegram's login): the account's session without a
     * code, or null when no account uses the phone. A banned account is refused as with a code.
     */
    async signInVerifiedPhone(rawPhone: string, device?: string): Promise<TSessionAnswer | null> {
      const phone = normalizePhone(rawPhone);
      const user = phone ? await findUserByPhone(ctx.db, phone) : undefined;
      if (!user) return null;
      if (user.status === 'banned') throw new AppError('account_banned');
      return session(await adminIfListed(user), device);
    },

    async verifyOtp(input: { phone: string; code: string }, device?: string): Promise<TSessionAnswer> {
      const phone = phoneOrThrow(input.phone);
      const codeHash = await checkCode(phone, input.code);
      let user = await findUserByPhone(ctx.db, phone);
      if (!user) {
        await giveBackAttempt(ctx.db, phone, codeHash);
        throw new AppError('user_not_found');
      }
      if (user.status === 'banned') {
        await giveBackAttempt(ctx.db, phone, codeHash);
        throw new AppError('account_banned');
      }
      if (!(await consumeCode(ctx.db, phone, codeHash, ctx.now()))) throw new AppError('code_expired');
      if (ctx.env.adminPhones.has(phone) && !user.isAdmin) {
        await setUserAdmin(ctx.db, user.id, true);
        user = { ...user, isAdmin: true };
      }
      return session(user, device);
    },

    async signup(
      input: {
        phone: string;
        code?: string;
        /** Telegram's signup ticket: the phone Telegram verified, instead of the SMS code. */
        telegramTicket?: string;
        name: string;
        email?: string;
        userType: UserRow['userType'];
        agencyName?: string;
        acceptTerms: true;
      },
      device?: string,
    ): Promise<TSessionAnswer> {
      if (input.userType === 'delala' && !input.agencyName?.trim()) {
        throw new AppError('agency_name_required', undefined, { fields: { agencyName: 'agency_required' } });
      }
      // With Telegram's ticket the phone is the one Telegram verified: no code, no SMS.
      if (input.telegramTicket && !tickets) throw new AppError('telegram_ticket_invalid');
      const spent = input.telegramTicket && tickets ? await tickets.spend(input.telegramTicket, 'signup') : null;
      const phone = spent ? spent.phone : phoneOrThrow(input.phone);
      const codeHash = spent ? null : await checkCode(phone, (input.code ?? '').trim());
      const refuse = async (code: 'phone_banned' | 'user_already_exists') => {
        if (codeHash) await giveBackAttempt(ctx.db, phone, codeHash);
        else await spent?.giveBack();
        return new AppError(code);
      };
      if (await isPhoneHashBanned(ctx.db, phoneHash(banKey, phone))) throw await refuse('phone_banned');
      if (await findUserByPhone(ctx.db, phone)) throw await refuse('user_already_exists');
      const user = await ctx.db.transaction(async (tx) => {
        if (codeHash && !(await consumeCode(tx, phone, codeHash, ctx.now()))) throw new AppError('code_expired');
        const created = await insertUser(tx, {
          phone,
          name: input.name.trim(),
          email: input.email ?? null,
          userType: input.userType,
          agencyName: input.userType === 'delala' ? (input.agencyName?.trim() ?? null) : null,
          isAdmin: ctx.env.adminPhones.has(phone),
          // The contract refused the call unless the box was ticked: this is the version it showed.
          termsVersion: TERMS_VERSION,
          termsAcceptedAt: ctx.now(),
        });
        if (!created) throw new AppError('user_already_exists');
        await ensureWalletAccount(tx, created.id);
        return created;
      });
      return session(user, device);
    },

    async me(auth: AuthUser): Promise<TUser> {
      const user = await findUserById(ctx.db, auth.id);
      if (!user) throw new AppError('invalid_token');
      return userAnswer(ctx.db, user);
    },

    /** Drops revoked-token rows past their expiry. */
    async sweepExpired(): Promise<void> {
      await deleteExpiredAuthRows(ctx.db, ctx.now());
    },

    /** Ends this token only; other devices stay signed in. */
    async logout(auth: AuthUser): Promise<void> {
      await revokeToken(ctx.db, auth.jti, auth.tokenExpiresAt);
      await ctx.tokensChanged(auth.id);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
