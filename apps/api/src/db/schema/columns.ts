import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** A moment in time, stored with its time zone (timestamptz). */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** A row's own key: a random UUID the database picks. */
export function idColumn() {
  return uuid('id').primaryKey().defaultRandom();
}

/** When the row was written: set by the database, never empty. */
export function createdAtColumn() {
  return timestamptz('created_at').notNull().defaultNow();
}
