import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { KvStore } from '../../lib/kv-store.ts';
import { AppError } from '../../lib/app-error.ts';

/** A sign-in ticket is redeemed by the page at once: 2 minutes. */
export const SESSION_TICKET_MS = 2 * 60 * 1000;
/** A signup ticket stands for the SMS code while the form is filled in: 15 minutes. */
export const SIGNUP_TICKET_MS = 15 * 60 * 1000;

export type TicketKind = 'session' | 'signup';

interface TicketBody {
  k: TicketKind;
  /** The phone Telegram verified (or of the account linked to the Telegram user). */
  p: string;
  /** Expiry, ms since the epoch. */
  e: number;
  /** Its id: spent once (the key store). */
  j: string;
}

function invalid(): AppError {
  return new AppError('telegram_ticket_invalid');
}

/**
 * The tickets Telegram's sign-in hands to the web page (docs/telegram.md): a `session` ticket the
 * page trades for a session, a `signup` ticket that stands for the SMS code of a signup with the
 * verified phone. Opaque (AES-256-GCM with a key of the server's secret: the phone never shows in
 * the address), short-lived, and single use across servers (the key store, Redis when shared).
 */
export function createLoginTickets(kv: KvStore, secret: string, now: () => Date) {
  const key = createHash('sha256').update(secret).digest();

  function read(ticket: string, kind: TicketKind): TicketBody {
    let body: TicketBody;
    try {
      const raw = Buffer.from(ticket, 'base64url');
      if (raw.length < 12 + 16 + 2) throw new Error('short');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      const plain = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
      body = JSON.parse(plain.toString('utf8')) as TicketBody;
    } catch {
      throw invalid();
    }
    if (body.k !== kind || typeof body.p !== 'string' || typeof body.j !== 'string' || !(body.e > now().getTime())) throw invalid();
    return body;
  }

  return {
    issue(kind: TicketKind, phone: string): { ticket: string; expiresAt: Date } {
      const expiresAt = new Date(now().getTime() + (kind === 'session' ? SESSION_TICKET_MS : SIGNUP_TICKET_MS));
      const body: TicketBody = { k: kind, p: phone, e: expiresAt.getTime(), j: randomBytes(12).toString('base64url') };
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]);
      return { ticket: Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url'), expiresAt };
    },

    /** What a ticket says, without spending it (the signup form shows the phone); throws when spent or expired. */
    async peek(ticket: string, kind: TicketKind): Promise<{ phone: string; expiresAt: Date }> {
      const body = read(ticket, kind);
      if ((await kv.ttl(`tglogin:spent:${body.j}`)) > 0) throw invalid();
      return { phone: body.p, expiresAt: new Date(body.e) };
    },

    /** Spends a ticket: once, on whichever server. Answers its phone, and a way to give it back. */
    async spend(ticket: string, kind: TicketKind): Promise<{ phone: string; giveBack: () => Promise<void> }> {
      const body = read(ticket, kind);
      const ttlS = Math.max(1, Math.ceil((body.e - now().getTime()) / 1000));
      if (!(await kv.setIfAbsent(`tglogin:spent:${body.j}`, ttlS))) throw invalid();
      return { phone: body.p, giveBack: () => kv.delete(`tglogin:spent:${body.j}`) };
    },
  };
}

export type LoginTickets = ReturnType<typeof createLoginTickets>;
