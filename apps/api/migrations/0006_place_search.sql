-- Place search on /browse (issue 7; apps/api/src/modules/listings/place-search.ts).
-- The title and specific location folded once, when a listing is written, by the same rules as
-- normalizePlace(): lower case, the Ge'ez letter variants folded (ሐ/ኀ/ሃ -> ሀ, ሠ -> ሰ, ዐ/ኣ -> አ,
-- ፀ -> ጸ), spaces and punctuation dropped, doubled Latin letters single. A search is then a plain
-- LIKE on this column over the live rows. The expression must stay equal to
-- placeFoldSql("title || ' ' || coalesce(specific_location, '')"); a unit test compares them.
ALTER TABLE listings ADD COLUMN place_text text GENERATED ALWAYS AS (
  regexp_replace(regexp_replace(translate(lower(title || ' ' || coalesce(specific_location, '')), 'ሐሑሒሓሔሕሖኀኁኂኃኄኅኆሠሡሢሣሤሥሦዐዑዒዓዔዕዖፀፁፂፃፄፅፆሃኣ', 'ሀሁሂሀሄህሆሀሁሂሀሄህሆሰሱሲሳሴስሶአኡኢአኤእኦጸጹጺጻጼጽጾሀአ'), '[[:space:][:punct:]፠-፨]', '', 'g'), '([a-z])\1+', '\1', 'g')
) STORED;
