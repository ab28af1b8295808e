-- Posters verified with Fayda, the national digital ID (docs/fayda.md). Only the minimum is kept
-- (Personal Data Protection Proclamation No. 1321/2024): when, the verified name, whether the
-- Fayda phone equals the account's, and a keyed one-way hash (HMAC-SHA-256 with a server secret)
-- of the Fayda subject, so one identity verifies one account. Never the ID number, photo or birthdate.
ALTER TABLE users ADD COLUMN fayda_verified_at timestamptz;
ALTER TABLE users ADD COLUMN fayda_name text;
ALTER TABLE users ADD COLUMN fayda_phone_match boolean;
ALTER TABLE users ADD COLUMN fayda_subject_hash text;
CREATE UNIQUE INDEX users_fayda_subject_hash_idx ON users (fayda_subject_hash) WHERE fayda_subject_hash IS NOT NULL;

-- The hash of a banned person's Fayda subject, kept when their account is deleted or their
-- verification is removed: only to refuse that identity on another account.
CREATE TABLE banned_fayda_subjects (
  subject_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A verification shows on the poster's listings (the badge, the 'Verified posters only' filter):
-- a change marks every listing of the poster changed, as a change of the shown name does.
CREATE CONSTRAINT TRIGGER users_fayda_changed AFTER UPDATE OF fayda_verified_at, fayda_name ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.fayda_verified_at IS DISTINCT FROM NEW.fayda_verified_at OR OLD.fayda_name IS DISTINCT FROM NEW.fayda_name)
  EXECUTE FUNCTION betoch_bump_listings_version();
