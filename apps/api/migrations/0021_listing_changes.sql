-- Which listings each version of listings_version changed (docs/listings.md, "Browse from
-- memory"): every server keeps the listings everyone may see in memory and, when the version has
-- moved, reads again only the listings changed since the version it holds.
--
-- The version is bumped by a deferred trigger at commit, under the lock of the version row, so
-- versions are given in commit order: a reader that sees version V also sees every change of every
-- version up to V. Each changed listing (or, for a poster's shown name, each of the poster's
-- listings) is written here with the version of its transaction. Old entries are deleted by the
-- servers themselves (listings_version.changes_from: the oldest version whose changes are all
-- still here); a server that held an older version reads every listing again.
CREATE TABLE listing_changes (
  v bigint NOT NULL,
  listing_id uuid NOT NULL
);
CREATE INDEX listing_changes_v_idx ON listing_changes (v);
ALTER TABLE listings_version ADD COLUMN changes_from bigint NOT NULL DEFAULT 0;
UPDATE listings_version SET changes_from = v + 1;

CREATE OR REPLACE FUNCTION betoch_bump_listings_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  version bigint;
BEGIN
  IF current_setting('betoch.listings_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    UPDATE listings_version SET v = v + 1 RETURNING v INTO version;
    PERFORM set_config('betoch.listings_bumped', txid_current()::text, true);
    PERFORM set_config('betoch.listings_v', version::text, true);
    PERFORM pg_notify('betoch_listings_changed', '');
  ELSE
    version := current_setting('betoch.listings_v')::bigint;
  END IF;
  IF TG_TABLE_NAME = 'listings' THEN
    INSERT INTO listing_changes (v, listing_id)
      VALUES (version, CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  ELSE
    INSERT INTO listing_changes (v, listing_id) SELECT version, id FROM listings WHERE poster_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
