import type { TTelegramSignInAnswer, TTelegramSignInRequest } from '@betoch/contracts/telegram';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { normalizePhone } from '@betoch/contracts/phone';
import type { AuthService } from '../auth/auth.service.ts';
import { findUserByPhone } from '../users/user-rows.ts';
import { verifyIdToken, verifyWidgetData } from './telegram-login.ts';
import { phoneLinkedToChat } from './telegram.repository.ts';

/**
 * 'Continue with Telegram' (docs/telegram.md): the Widget's signed data or an OpenID Connect ID
 * token is verified (signature, audience and issuer, under a day old); a verified phone signs into
 * its account, or starts signup with it; a Telegram user linked to an account signs into it; else
 * the phone code as today. No SMS is sent here.
 */
export function createTelegramSignIn(ctx: AppContext, auth: Pick<AuthService, 'signInVerifiedPhone'>) {
  // A private chat's id is the Telegram user's id: the account linked to that chat.
  const linkedPhone = (telegramId: number) => phoneLinkedToChat(ctx.db, telegramId);

  return {
    /**
     * Where a verified Telegram user goes, without a session yet: the account of the verified
     * phone, or of the linked Telegram user (signed_in, with its phone); signup with the verified
     * phone; the phone code (no phone shared, nothing linked); banned.
     */
    async outcome(
      telegramId: number,
      rawPhone: string | null,
    ): Promise<{ status: 'signed_in' | 'signup'; phone: string } | { status: 'phone_code' | 'banned' }> {
      const phone = rawPhone ? normalizePhone(rawPhone) : null;
      const byPhone = phone ? await findUserByPhone(ctx.db, phone) : undefined;
      const accountPhone = byPhone ? phone : await linkedPhone(telegramId);
      const user = byPhone ?? (accountPhone ? await findUserByPhone(ctx.db, accountPhone) : undefined);
      if (user?.status === 'banned') return { status: 'banned' };
      if (user && accountPhone) return { status: 'signed_in', phone: accountPhone };
      return phone ? { status: 'signup', phone } : { status: 'phone_code' };
    },

    async signIn(body: TTelegramSignInRequest, device?: string): Promise<TTelegramSignInAnswer> {
      const config = ctx.env.telegram;
      if (!config || config.login === 'off') throw new AppError('route_not_found');
      const now = ctx.now();
      let telegramId: number;
      let phone: string | null = null;
      if (body.id_token && config.login === 'oidc') {
        ({ telegramId, phone } = await verifyIdToken(body.id_token, { issuer: config.oidcIssuer, audience: config.token.split(':')[0]!, now }));
      } else if (body.widget) {
        ({ telegramId } = verifyWidgetData(body.widget, config.token, now));
      } else {
        throw new AppError('validation_error', 'Send the Telegram sign-in data.');
      }
      if (phone) {
        const session = await auth.signInVerifiedPhone(phone, device);
        return session ? { ok: true, status: 'signed_in', token: session.token, user: session.user } : { ok: true, status: 'signup', phone };
      }
      const linked = await linkedPhone(telegramId);
      const session = linked ? await auth.signInVerifiedPhone(linked, device) : null;
      return session ? { ok: true, status: 'signed_in', token: session.token, user: session.user } : { ok: true, status: 'phone_code' };
    },
  };
}

export type TelegramSignIn = ReturnType<typeof createTelegramSignIn>;
