import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, timestamptz } from './columns.ts';

/** One live code per phone; only a keyed hash of the code is stored. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    phone: text('phone').primaryKey(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    /** When the code was sent; the retention job deletes the row (code and tries) 24 hours later. */
    createdAt: createdAtColumn(),
  },
  (t) => [index('otp_codes_created_idx').on(t.createdAt)],
);

/** Tokens revoked one by one (logout); a ban or 'log out everywhere' bumps users.token_version instead. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamptz('expires_at').notNull(),
});
