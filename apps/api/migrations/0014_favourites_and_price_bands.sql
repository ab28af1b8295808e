-- Favourites and the fair-price hint (issue 19, part A).
--
-- favourites: the listings a user saved (the heart). One row per user and listing, so saving twice
-- changes nothing; gone with the user or the listing. The poster reads only the count per listing.
CREATE TABLE favourites (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, listing_id)
);
-- /saved reads a user's newest first; /my-listings counts per listing.
CREATE INDEX favourites_user_created_idx ON favourites (user_id, created_at DESC);
CREATE INDEX favourites_listing_idx ON favourites (listing_id);

-- price_bands: the median monthly price of the publicly visible listings of one subcity, type group
-- (condo and condominium as one) and bedroom count, with how many listings it is taken over.
-- Written by the hourly 'price-bands' job (and for a band asked about that is missing or older than
-- an hour); read by the fair-price hint and the trust score. Never from drafts or hidden listings.
CREATE TABLE price_bands (
  subcity text NOT NULL,
  type_group text NOT NULL,
  bedrooms integer NOT NULL,
  median_etb integer NOT NULL,
  listing_count integer NOT NULL,
  computed_at timestamptz NOT NULL,
  PRIMARY KEY (subcity, type_group, bedrooms)
);
