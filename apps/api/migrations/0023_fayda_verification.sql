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

-- The poster's verification on the listing row, as the poster's standing is (migration 0007), so
-- browse's 'Verified posters only' filter reads one table: set from users when a listing is
-- written, spread to the poster's listings when the verification is given or taken away.
ALTER TABLE listings ADD COLUMN poster_verified boolean NOT NULL DEFAULT false;

CREATE FUNCTION betoch_listing_poster_verified() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.fayda_verified_at IS NOT NULL INTO NEW.poster_verified FROM users u WHERE u.id = NEW.poster_id;
  NEW.poster_verified := coalesce(NEW.poster_verified, false);
  RETURN NEW;
END $$;
CREATE TRIGGER listings_poster_verified BEFORE INSERT OR UPDATE OF poster_id ON listings
  FOR EACH ROW EXECUTE FUNCTION betoch_listing_poster_verified();

CREATE FUNCTION betoch_spread_poster_verified() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listings SET poster_verified = (NEW.fayda_verified_at IS NOT NULL)
    WHERE poster_id = NEW.id AND poster_verified IS DISTINCT FROM (NEW.fayda_verified_at IS NOT NULL);
  RETURN NULL;
END $$;
CREATE TRIGGER users_poster_verified AFTER UPDATE OF fayda_verified_at ON users
  FOR EACH ROW WHEN ((OLD.fayda_verified_at IS NULL) IS DISTINCT FROM (NEW.fayda_verified_at IS NULL))
  EXECUTE FUNCTION betoch_spread_poster_verified();

-- 'Verified posters only', newest first, with the other filters riding along (as migration 0020).
CREATE INDEX listings_browse_verified_idx ON listings (published_at DESC, id DESC, type_group, subcity, source, price_etb)
  INCLUDE (place_text, poster_blocked_until) WHERE visibility = 'live' AND admin_hidden = false AND poster_verified;

-- An admin's revocation of a verification, with a reason: pending until a second admin approves
-- (or rejects) it, as manual adjustments are (four eyes). Approval removes the verification.
CREATE TABLE fayda_revocations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  review_notes text
);
CREATE INDEX fayda_revocations_user_idx ON fayda_revocations (user_id, created_at);
