import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One live code per phone; only a keyed hash of the code is stored. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    phone: text('phone').primaryKey(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** When the code was sent; the retention job deletes the row (code and tries) 24 hours later. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_codes_created_idx').on(t.createdAt)],
);

/** Tokens revoked one by one (logout); a ban or 'log out everywhere' bumps users.token_version instead. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
