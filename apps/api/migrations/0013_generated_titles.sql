-- Generated listing titles (issue 18 #4). A title the app made ('{Type} in {subcity}', the posting
-- wizard's) is read in each reader's language: the row says so, and keeps the English form in
-- title (for the place search, admin screens and older clients). A title a poster typed is shown as
-- typed. Rows written before: a title that is exactly the English composition of the row's own
-- type, bedrooms and subcity was made by the app (packages/contracts/src/listing-title.ts says the
-- same in TypeScript: an apartment with 0 bedrooms is a Studio, a condo a Condominium).
ALTER TABLE listings ADD COLUMN title_generated boolean NOT NULL DEFAULT false;

UPDATE listings SET title_generated = true
 WHERE title = (CASE
                  WHEN type IN ('condo', 'condominium') THEN 'Condominium'
                  WHEN type = 'apartment' AND bedrooms = 0 THEN 'Studio'
                  ELSE initcap(type)
                END) || ' in ' || subcity;
