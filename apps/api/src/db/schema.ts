// The Drizzle schema: one file per feature under ./schema, gathered here for the client.
export * from './schema/users.ts';
export * from './schema/auth.ts';
export * from './schema/wallet.ts';
export * from './schema/settings.ts';
export * from './schema/purchases.ts';
export * from './schema/listings.ts';
export * from './schema/unlocks.ts';
export * from './schema/conversations.ts';
export * from './schema/trust.ts';
export * from './schema/freshness.ts';
export * from './schema/alerts.ts';
export * from './schema/favourites.ts';
export * from './schema/refunds.ts';
export * from './schema/account.ts';
export * from './schema/telegram.ts';
export * from './schema/fayda.ts';
