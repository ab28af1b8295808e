import { uuid } from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';
import { users } from './users.ts';

/** A user the row belongs to, never empty: the row goes when the user is deleted. */
export function userRef(name: string) {
  return uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}

/** A listing the row is about, never empty: the row goes when the listing is deleted. */
export function listingRef(name: string) {
  return uuid(name)
    .notNull()
    .references(() => listings.id, { onDelete: 'cascade' });
}
