-- Browse on many listings (docs/listings.md, "Performance"): every filter shape reads a few index
-- entries, never thousands of rows.
--
-- 1. The ordered browse indexes carry the other filters' columns as trailing keys: a filter on
--    them is checked on the index entry itself, so a walk newest first skips what does not match
--    without reading its row. One index per combination of the two filters that narrow most
--    (subcity, type), each newest first; source and the price bounds ride along in every one. Each
--    also holds what a place search reads of every listing it passes (the folded place text and
--    the poster's standing): the newest listings the filters leave are read from the index alone.
DROP INDEX listings_browse_idx;
DROP INDEX listings_browse_type_idx;
DROP INDEX listings_browse_subcity_idx;
DROP INDEX listings_browse_source_idx;
CREATE INDEX listings_browse_idx ON listings (published_at DESC, id DESC, type_group, subcity, source, price_etb)
  INCLUDE (place_text, poster_blocked_until) WHERE visibility = 'live' AND admin_hidden = false;
CREATE INDEX listings_browse_type_idx ON listings (type_group, published_at DESC, id DESC, subcity, source, price_etb)
  INCLUDE (place_text, poster_blocked_until) WHERE visibility = 'live' AND admin_hidden = false;
CREATE INDEX listings_browse_subcity_idx ON listings (subcity, published_at DESC, id DESC, type_group, source, price_etb)
  INCLUDE (place_text, poster_blocked_until) WHERE visibility = 'live' AND admin_hidden = false;
CREATE INDEX listings_browse_subcity_type_idx ON listings (subcity, type_group, published_at DESC, id DESC, source, price_etb)
  INCLUDE (place_text, poster_blocked_until) WHERE visibility = 'live' AND admin_hidden = false;

-- 2. The place search looks for a folded term anywhere inside place_text (LIKE '%term%'), which
--    no B-tree serves: a place named in few listings made a search walk most live rows. Each
--    listing also keeps the distinct pieces of two and of three letters of its place_text (letters,
--    not bytes: Ge'ez and Latin alike); a text holding a term holds every piece of it, so
--    "place_grams @> the term's pieces" finds the candidates through a GIN index and the LIKE then
--    decides exactly as before. (Pieces of two letters too: Ge'ez place names are often two
--    letters long.)
CREATE FUNCTION betoch_place_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(t, i, n)), '{}')
    FROM generate_series(2, 3) AS n, generate_series(1, length(t) - n + 1) AS i
$$;
-- 3. The card's tint (modules/listings/card-tint.ts, made from the photo's placeholder) is kept
--    with each photo when it is put on a listing, and the cover photo carries it: browse no longer
--    decodes a placeholder for each card it has not shown before. Photos stored earlier have none
--    (null) and get theirs made when first shown, as before.
ALTER TABLE listings DROP COLUMN cover_photo;
CREATE OR REPLACE FUNCTION betoch_cover_photo(photos jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_array_length(photos) = 0 THEN NULL ELSE jsonb_build_object(
    'key', photos -> 0 -> 'key',
    'width', photos -> 0 -> 'width',
    'height', photos -> 0 -> 'height',
    'widths', jsonb_path_query_array(photos -> 0, '$.sizes[*].width'),
    'placeholder', photos -> 0 -> 'placeholder',
    'tint', photos -> 0 -> 'tint')
  END
$$;

-- 4. The two generated columns, in one statement (one rewrite of the table).
ALTER TABLE listings
  ADD COLUMN cover_photo jsonb GENERATED ALWAYS AS (betoch_cover_photo(photos)) STORED,
  ADD COLUMN place_grams text[] NOT NULL GENERATED ALWAYS AS (betoch_place_grams(
  regexp_replace(regexp_replace(translate(lower(replace(coalesce(title_masked, '') || ' ' || coalesce(specific_location_masked, ''), '⟦contact hidden⟧', ' ')), 'ሐሑሒሓሔሕሖኀኁኂኃኄኅኆሠሡሢሣሤሥሦዐዑዒዓዔዕዖፀፁፂፃፄፅፆሃኣ', 'ሀሁሂሀሄህሆሀሁሂሀሄህሆሰሱሲሳሴስሶአኡኢአኤእኦጸጹጺጻጼጽጾሀአ'), '[[:space:][:punct:]፠-፨]', '', 'g'), '([a-z])\1+', '\1', 'g')
)) STORED;
CREATE INDEX listings_place_grams_idx ON listings USING gin (place_grams)
  WHERE visibility = 'live' AND admin_hidden = false;

ANALYZE listings;
