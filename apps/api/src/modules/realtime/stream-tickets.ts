import { randomBytes } from 'node:crypto';
import { STREAM_TICKET_TTL_SECONDS } from '@betoch/contracts/conversations';
import type { KvStore } from '../../lib/kv-store.ts';

/**
 * One-time tickets for the event stream. EventSource cannot send an Authorization header, and a
 * bearer token in a URL would sit in logs and history for 30 days; a ticket works once, for 60 s.
 *
 * The ticket names its user and the token it was taken with (the token's version and id, so a
 * ticket taken before a ban, a deletion or a sign-out is refused like the token itself), and
 * carries 192 random bits; the KvStore (shared through Redis by all processes) holds the key that
 * proves the server issued it, so none of the names can be changed. Redeeming increments that key:
 * only the first redemption sees the count 2 (issue set it to 1), so a ticket cannot be used twice
 * even by two requests at the same moment.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TICKET = new RegExp(`^(${UUID})\\.([0-9]{1,9})\\.(${UUID})\\.[A-Za-z0-9_-]{32}$`);

/** The token a stream was opened with: whose it is, its version and its id. */
export interface StreamToken {
  userId: string;
  tokenVersion: number;
  jti: string;
}

function keyOf(ticket: string): string {
  return `rt:ticket:${ticket}`;
}

export async function issueStreamTicket(kv: KvStore, token: StreamToken): Promise<string> {
  for (;;) {
    const ticket = `${token.userId}.${token.tokenVersion}.${token.jti}.${randomBytes(24).toString('base64url')}`;
    if (await kv.setIfAbsent(keyOf(ticket), STREAM_TICKET_TTL_SECONDS)) return ticket;
  }
}

/** The ticket's token when this is the ticket's first use within its 60 s; otherwise undefined. */
export async function redeemStreamTicket(kv: KvStore, ticket: string): Promise<StreamToken | undefined> {
  const match = TICKET.exec(ticket);
  if (!match?.[1] || !match[2] || !match[3]) return undefined;
  const key = keyOf(ticket);
  const { count } = await kv.increment(key, STREAM_TICKET_TTL_SECONDS);
  if (count === 1) {
    // Never issued (or expired): drop the key this call just made.
    await kv.delete(key);
    return undefined;
  }
  return count === 2 ? { userId: match[1], tokenVersion: Number(match[2]), jti: match[3] } : undefined;
}
