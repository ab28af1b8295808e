-- Browse and listing detail speed (issue 8; docs/listings.md, "Performance").
--
-- 1. The poster's standing on the listing row, so browse reads one table (no join to users):
--    poster_blocked_until is null for a poster in good standing, the end of a suspension, or
--    'infinity' for a ban or a suspension without an end. A listing shows while it is null or past.
--    Kept by triggers: set from users when a listing is written, spread to the poster's listings
--    when their status or suspension changes.
CREATE FUNCTION betoch_blocked_until(status text, suspended_until timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE status
      WHEN 'active' THEN NULL
      WHEN 'suspended' THEN coalesce(suspended_until, 'infinity'::timestamptz)
      ELSE 'infinity'::timestamptz
    END
  $$;

ALTER TABLE listings ADD COLUMN poster_blocked_until timestamptz;
UPDATE listings l SET poster_blocked_until = betoch_blocked_until(u.status, u.suspended_until)
  FROM users u WHERE u.id = l.poster_id AND u.status <> 'active';

CREATE FUNCTION betoch_listing_poster_standing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT betoch_blocked_until(u.status, u.suspended_until) INTO NEW.poster_blocked_until
    FROM users u WHERE u.id = NEW.poster_id;
  RETURN NEW;
END $$;
CREATE TRIGGER listings_poster_standing BEFORE INSERT OR UPDATE OF poster_id ON listings
  FOR EACH ROW EXECUTE FUNCTION betoch_listing_poster_standing();

CREATE FUNCTION betoch_spread_poster_standing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listings SET poster_blocked_until = betoch_blocked_until(NEW.status, NEW.suspended_until)
    WHERE poster_id = NEW.id
      AND poster_blocked_until IS DISTINCT FROM betoch_blocked_until(NEW.status, NEW.suspended_until);
  RETURN NULL;
END $$;
CREATE TRIGGER users_poster_standing AFTER UPDATE OF status, suspended_until ON users
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.suspended_until IS DISTINCT FROM NEW.suspended_until)
  EXECUTE FUNCTION betoch_spread_poster_standing();

-- 2. Condo and condominium are one kind of home to a tenant: one indexed column for the type
--    filter, so it reads newest first from an index instead of sorting every match.
ALTER TABLE listings ADD COLUMN type_group text GENERATED ALWAYS AS (
  CASE WHEN type = 'condominium' THEN 'condo' ELSE type END
) STORED;
DROP INDEX listings_browse_type_idx;
CREATE INDEX listings_browse_type_idx ON listings (type_group, published_at DESC, id DESC)
  WHERE visibility = 'live' AND admin_hidden = false;

-- 3. What a browse card shows of its first photo, and how many there are, without reading (and
--    parsing) the whole photo list of every row.
-- (jsonb_build_object is only stable for arguments of any type; from jsonb to jsonb it is immutable.)
CREATE FUNCTION betoch_cover_photo(photos jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_array_length(photos) = 0 THEN NULL ELSE jsonb_build_object(
    'key', photos -> 0 -> 'key',
    'width', photos -> 0 -> 'width',
    'height', photos -> 0 -> 'height',
    'widths', jsonb_path_query_array(photos -> 0, '$.sizes[*].width'),
    'placeholder', photos -> 0 -> 'placeholder')
  END
$$;
ALTER TABLE listings ADD COLUMN cover_photo jsonb GENERATED ALWAYS AS (betoch_cover_photo(photos)) STORED;
ALTER TABLE listings ADD COLUMN photo_count integer GENERATED ALWAYS AS (jsonb_array_length(photos)) STORED;

-- 4. A version number of everything browse and the public listing page show. Every committed
--    change of listings (any column, any writer: posting, moderation, duplicates, seeds) and of a
--    poster's shown name bumps it once per transaction, at commit (a deferred trigger, so the row
--    is locked only for the moment of the commit). The answer caches of the listings module are
--    valid only for the version they were built at: read from this row on PostgreSQL (shared by
--    every process), and from the notification on the embedded database (one process).
CREATE TABLE listings_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  v bigint NOT NULL DEFAULT 0
);
INSERT INTO listings_version DEFAULT VALUES;

CREATE FUNCTION betoch_bump_listings_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('betoch.listings_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('betoch.listings_bumped', txid_current()::text, true);
    UPDATE listings_version SET v = v + 1;
    PERFORM pg_notify('betoch_listings_changed', '');
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER listings_changed AFTER INSERT OR UPDATE OR DELETE ON listings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION betoch_bump_listings_version();
CREATE CONSTRAINT TRIGGER users_shown_name_changed AFTER UPDATE OF name, agency_name ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.agency_name IS DISTINCT FROM NEW.agency_name)
  EXECUTE FUNCTION betoch_bump_listings_version();
