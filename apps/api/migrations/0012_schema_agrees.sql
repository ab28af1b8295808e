-- The Drizzle schema and the database agree (test/foundation/schema-drift.test.ts): the photo
-- count is worked out from the photos, which are never null, so it is never null either.
ALTER TABLE listings ALTER COLUMN photo_count SET NOT NULL;
