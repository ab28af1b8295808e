-- Contact masking done once, when text is written (apps/api/src/lib/contact-masking.ts).
-- Beside each free text a poster or a chat participant writes, the form the public reads: every
-- phone number, e-mail address and messenger handle replaced by the marker. The application
-- writes these columns with the text (the masker is TypeScript, not SQL), and at start masks again
-- every row whose masked_with is below the masker's version (rows written before this migration,
-- rows seeded directly, rows masked by an older masker), so no answer ever masks on read.
ALTER TABLE listings ADD COLUMN title_masked text;
ALTER TABLE listings ADD COLUMN description_masked text;
ALTER TABLE listings ADD COLUMN specific_location_masked text;
ALTER TABLE listings ADD COLUMN masked_with integer NOT NULL DEFAULT 0;
CREATE INDEX listings_masked_with_idx ON listings (masked_with);

ALTER TABLE messages ADD COLUMN body_masked text;
ALTER TABLE messages ADD COLUMN masked_with integer NOT NULL DEFAULT 0;
CREATE INDEX messages_masked_with_idx ON messages (masked_with);

-- The place search reads only what the public reads: the masked title and specific location (with
-- the marker left out), folded as before (place-search.ts). It replaces the column of 0006, which
-- folded the text as written and so let a search find a number the page hides.
ALTER TABLE listings DROP COLUMN place_text;
ALTER TABLE listings ADD COLUMN place_text text GENERATED ALWAYS AS (
  regexp_replace(regexp_replace(translate(lower(replace(coalesce(title_masked, '') || ' ' || coalesce(specific_location_masked, ''), '⟦contact hidden⟧', ' ')), 'ሐሑሒሓሔሕሖኀኁኂኃኄኅኆሠሡሢሣሤሥሦዐዑዒዓዔዕዖፀፁፂፃፄፅፆሃኣ', 'ሀሁሂሀሄህሆሀሁሂሀሄህሆሰሱሲሳሴስሶአኡኢአኤእኦጸጹጺጻጼጽጾሀአ'), '[[:space:][:punct:]፠-፨]', '', 'g'), '([a-z])\1+', '\1', 'g')
) STORED;
