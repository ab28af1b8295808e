-- Browse on many listings (docs/listings.md, "Performance"): every filter shape reads a few index
-- entries, never thousands of rows.
--
-- 1. The ordered browse indexes carry the other filters' columns as trailing keys: a filter on
--    them is checked on the index entry itself, so a walk newest first skips what does not match
--    without reading its row. One index per combination of the two filters that narrow most
--    (subcity, type), each newest first; source and the price bounds ride along in every one.
DROP INDEX listings_browse_idx;
DROP INDEX listings_browse_type_idx;
DROP INDEX listings_browse_subcity_idx;
DROP INDEX listings_browse_source_idx;
CREATE INDEX listings_browse_idx ON listings (published_at DESC, id DESC, type_group, subcity, source, price_etb)
  WHERE visibility = 'live' AND admin_hidden = false;
CREATE INDEX listings_browse_type_idx ON listings (type_group, published_at DESC, id DESC, subcity, source, price_etb)
  WHERE visibility = 'live' AND admin_hidden = false;
CREATE INDEX listings_browse_subcity_idx ON listings (subcity, published_at DESC, id DESC, type_group, source, price_etb)
  WHERE visibility = 'live' AND admin_hidden = false;
CREATE INDEX listings_browse_subcity_type_idx ON listings (subcity, type_group, published_at DESC, id DESC, source, price_etb)
  WHERE visibility = 'live' AND admin_hidden = false;

-- 2. The place search looks for a folded term anywhere inside place_text (LIKE '%term%'), which
--    no B-tree serves: a place named in no listing made every search walk every live row. Each
--    listing also keeps the distinct two-letter pieces of its place_text (letters, not bytes, so
--    Ge'ez and Latin alike); a text holding a term holds every piece of it, so
--    "place_grams @> pieces of the term" finds the candidates through a GIN index and the LIKE
--    then decides exactly as before. (Two letters: Ge'ez place names are often two letters long.)
CREATE FUNCTION betoch_bigrams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(t, i, 2)), '{}') FROM generate_series(1, length(t) - 1) AS i
$$;
ALTER TABLE listings ADD COLUMN place_grams text[] NOT NULL GENERATED ALWAYS AS (betoch_bigrams(
  regexp_replace(regexp_replace(translate(lower(replace(coalesce(title_masked, '') || ' ' || coalesce(specific_location_masked, ''), '⟦contact hidden⟧', ' ')), 'ሐሑሒሓሔሕሖኀኁኂኃኄኅኆሠሡሢሣሤሥሦዐዑዒዓዔዕዖፀፁፂፃፄፅፆሃኣ', 'ሀሁሂሀሄህሆሀሁሂሀሄህሆሰሱሲሳሴስሶአኡኢአኤእኦጸጹጺጻጼጽጾሀአ'), '[[:space:][:punct:]፠-፨]', '', 'g'), '([a-z])\1+', '\1', 'g')
)) STORED;
CREATE INDEX listings_place_grams_idx ON listings USING gin (place_grams)
  WHERE visibility = 'live' AND admin_hidden = false;

ANALYZE listings;
