import { createHmac, randomBytes } from 'node:crypto';
import type { TFaydaCallbackRequest, TFaydaVerification } from '@betoch/contracts/fayda';
import { normalizePhone } from '@betoch/contracts/phone';
import type { AppContext } from '../../app-context.ts';
import type { FaydaEnv } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { FaydaRefusal, flowSecrets, type FaydaProvider } from './fayda-provider.ts';
import { isSubjectBanned } from './banned-fayda-subjects.ts';
import { findOtherHolder, findVerification, keepVerification, wasRevoked } from './fayda.repository.ts';

/** How long a started flow may take at the provider. */
const FLOW_TTL_S = 600;
const UNIQUE_VIOLATION = '23505';
/**
 * Flows one account may start, and returns it may send, in an hour (each start costs a call to the
 * provider and a state in the key store; each return a token call). Counted in the key store, so
 * across servers when it is Redis.
 */
export const FAYDA_STARTS_PER_HOUR = 10;
export const FAYDA_CALLBACKS_PER_HOUR = 10;

/** The keyed one-way hash of a Fayda subject (HMAC-SHA-256): one identity, one account. */
export function faydaSubjectHash(key: string, issuer: string, subject: string): string {
  return createHmac('sha256', key).update(`fayda:${issuer}:${subject}`).digest('hex');
}

function answer(v: { verifiedAt: Date; name: string; phoneMatch: boolean }): TFaydaVerification {
  return { verified_at: v.verifiedAt.toISOString(), name: v.name, phone_match: v.phoneMatch };
}

/**
 * 'Verify with Fayda' (docs/fayda.md). `fayda` is absent without FAYDA_ISSUER: the feature is
 * hidden (status says so, the flow answers 404). The state of a flow is bound to the account that
 * started it and used once; its PKCE verifier and nonce are derived from it with `flowKey`.
 */
export function createFaydaService(
  ctx: AppContext,
  fayda: { env: FaydaEnv; provider: FaydaProvider } | undefined,
  keys: { flowKey: string; subjectKey: string },
) {
  const eligible = (user: AuthUser) => user.userType === 'landlord' || user.userType === 'delala';

  function configured(user: AuthUser) {
    if (!fayda) throw new AppError('not_found');
    if (!eligible(user)) throw new AppError('wrong_role', 'Only landlords and brokers verify with Fayda.');
    return fayda;
  }

  return {
    async status(user: AuthUser) {
      const found = await findVerification(ctx.db, user.id);
      return { enabled: Boolean(fayda), eligible: eligible(user), verification: found ? answer(found) : null };
    },

    async start(user: AuthUser, lng: 'en' | 'am' = 'en'): Promise<string> {
      const { provider } = configured(user);
      await rateLimit(ctx, user, 'start', FAYDA_STARTS_PER_HOUR);
      // A verification revoked by two admins is not redone by the person (docs/fayda.md).
      if (await wasRevoked(ctx.db, user.id)) throw new AppError('fayda_revoked');
      const state = randomBytes(24).toString('base64url');
      await ctx.kv.setIfAbsent(`fayda:state:${user.id}:${state}`, FLOW_TTL_S);
      return provider.authorizationUrl(state, flowSecrets(keys.flowKey, state), lng);
    },

    async finish(user: AuthUser, input: TFaydaCallbackRequest): Promise<TFaydaVerification> {
      const { env, provider } = configured(user);
      await rateLimit(ctx, user, 'callback', FAYDA_CALLBACKS_PER_HOUR);
      const stateKey = `fayda:state:${user.id}:${input.state}`;
      // A state this account did not start, or one already used, ends here.
      if ((await ctx.kv.ttl(stateKey)) <= 0) throw refused(ctx, user, 'unknown state');
      if (!(await ctx.kv.setIfAbsent(`fayda:used:${input.state}`, FLOW_TTL_S))) throw refused(ctx, user, 'state used');
      await ctx.kv.delete(stateKey);
      if (input.error) {
        if (input.error === 'access_denied' || input.error === 'consent_required' || input.error === 'login_required') {
          throw new AppError('fayda_cancelled');
        }
        throw refused(ctx, user, `provider error ${input.error}`);
      }
      if (!input.code) throw refused(ctx, user, 'no code');
      if (await wasRevoked(ctx.db, user.id)) throw new AppError('fayda_revoked');
      let claims;
      try {
        claims = await provider.claims(input.code, flowSecrets(keys.flowKey, input.state));
      } catch (err) {
        if (err instanceof FaydaRefusal) throw refused(ctx, user, err.message);
        if (err instanceof AppError) {
          ctx.log.warn({ userId: user.id, reason: err.extra.reason }, 'fayda provider unavailable');
          throw new AppError(err.code);
        }
        throw err;
      }
      const subjectHash = faydaSubjectHash(keys.subjectKey, env.issuer, claims.subject);
      const now = ctx.now();
      const kept = {
        verifiedAt: now,
        name: claims.name,
        phoneMatch: Boolean(claims.phone) && normalizePhone(claims.phone!) === user.phone,
        subjectHash,
      };
      if (await isSubjectBanned(ctx.db, subjectHash)) throw new AppError('fayda_identity_banned');
      const other = await findOtherHolder(ctx.db, subjectHash, user.id);
      if (other) throw await secondAccount(ctx, user, other);
      try {
        await keepVerification(ctx.db, user.id, kept);
      } catch (err) {
        // Two accounts finishing with one identity at once: the unique index lets one through.
        if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
        const holder = await findOtherHolder(ctx.db, subjectHash, user.id);
        throw holder ? await secondAccount(ctx, user, holder) : err;
      }
      return answer(kept);
    },
  };
}

export type FaydaService = ReturnType<typeof createFaydaService>;

async function rateLimit(ctx: AppContext, user: AuthUser, step: 'start' | 'callback', perHour: number): Promise<void> {
  const { count, ttl } = await ctx.kv.increment(`fayda:rate:${step}:${user.id}`, 3600);
  if (count > perHour) {
    ctx.log.warn({ userId: user.id, step }, 'fayda rate limited');
    throw new AppError('rate_limited', 'Too many Fayda verifications were started. Please try again later.', { retry_after: ttl });
  }
}

function refused(ctx: AppContext, user: AuthUser, reason: string): AppError {
  ctx.log.warn({ userId: user.id, reason }, 'fayda verification refused');
  return new AppError('fayda_failed');
}

/**
 * A second account verified with an identity that already verifies another: refused, and the
 * first account is named to admins in the audit trail (the person behind several accounts).
 */
async function secondAccount(ctx: AppContext, user: AuthUser, holder: { id: string; status: string }): Promise<AppError> {
  await recordAudit(ctx.db, [
    {
      adminId: null,
      action: 'fayda_identity_reused',
      targetType: 'user',
      targetId: user.id,
      subjectUserId: holder.id,
      reason: 'A second account tried to verify with the Fayda identity of this account',
      after: { first_account: holder.id, second_account: user.id },
      at: ctx.now(),
    },
  ]);
  return new AppError(holder.status === 'banned' ? 'fayda_identity_banned' : 'fayda_identity_in_use');
}

/**
 * The demo market's verified poster (demo-seed only, docs/listings.md): kept as a verification
 * through Fayda keeps it, with a subject that stands for a demo identity. Refused outside demo mode.
 */
export async function keepDemoVerification(ctx: AppContext, userId: string, v: { verifiedAt: Date; name: string; demoSubject: string }): Promise<void> {
  if (ctx.env.mode !== 'demo') throw new Error('a demo verification outside demo mode');
  const subjectHash = createHmac('sha256', 'betoch-demo-fayda').update(v.demoSubject).digest('hex');
  await keepVerification(ctx.db, userId, { verifiedAt: v.verifiedAt, name: v.name, phoneMatch: true, subjectHash });
}
