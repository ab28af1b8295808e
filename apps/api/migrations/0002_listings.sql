-- Listings, their photos and the uploads they are made from (issue 3).

-- Posting block of a broker (set by an admin or by the hidden-listings rule; null = not blocked).
ALTER TABLE users ADD COLUMN posting_blocked_reason text;
ALTER TABLE users ADD COLUMN posting_blocked_at timestamptz;

CREATE TABLE listings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  poster_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL,
  type text NOT NULL CHECK (type IN ('apartment', 'villa', 'condo', 'house', 'studio', 'condominium')),
  price_etb integer NOT NULL CHECK (price_etb > 0),
  -- 0 = studio; null = not given.
  bedrooms integer CHECK (bedrooms BETWEEN 0 AND 20),
  bathrooms integer CHECK (bathrooms BETWEEN 0 AND 20),
  area_sqm integer CHECK (area_sqm > 0),
  specific_location text,
  subcity text NOT NULL CHECK (subcity IN ('Addis Ketema', 'Akaky Kaliti', 'Arada', 'Bole', 'Gullele', 'Kirkos',
    'Kolfe Keranio', 'Lideta', 'Nefas Silk-Lafto', 'Yeka')),
  source text NOT NULL CHECK (source IN ('landlord', 'delala')),
  contact_preference text NOT NULL DEFAULT 'hide' CHECK (contact_preference IN ('hide', 'show')),
  visibility text NOT NULL DEFAULT 'draft' CHECK (visibility IN ('draft', 'live')),
  admin_hidden boolean NOT NULL DEFAULT false,
  hidden_reason text,
  hidden_at timestamptz,
  -- Ordered photos (the first is primary): [{key, url, width, height, sizes[], placeholder}], at most 8.
  photos jsonb NOT NULL DEFAULT '[]'::jsonb,
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Browse: live, not hidden, newest first; one partial index per filter that leads the plan, each
-- already in the answer's order so a page of 20 is read from the index without a sort.
CREATE INDEX listings_browse_idx ON listings (published_at DESC, id DESC)
  WHERE visibility = 'live' AND admin_hidden = false;
CREATE INDEX listings_browse_type_idx ON listings (type, published_at DESC, id DESC)
  WHERE visibility = 'live' AND admin_hidden = false;
CREATE INDEX listings_browse_subcity_idx ON listings (subcity, published_at DESC, id DESC)
  WHERE visibility = 'live' AND admin_hidden = false;
CREATE INDEX listings_browse_source_idx ON listings (source, published_at DESC, id DESC)
  WHERE visibility = 'live' AND admin_hidden = false;
CREATE INDEX listings_browse_price_idx ON listings (price_etb)
  WHERE visibility = 'live' AND admin_hidden = false;
-- My listings, the landlord cap count, and moderation by poster.
CREATE INDEX listings_poster_idx ON listings (poster_id, created_at DESC);

-- Every stored image, its owner and the listing that uses it (null = orphan, removed after a day).
CREATE TABLE uploads (
  key text PRIMARY KEY,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  listing_id uuid REFERENCES listings(id) ON DELETE SET NULL,
  bytes integer NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  -- [{width, height, key, bytes}] WebP renditions, smallest first.
  sizes jsonb NOT NULL,
  placeholder text NOT NULL,
  -- 64-bit difference hash (16 hex digits) for duplicate-photo detection.
  phash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When it stopped being used by a listing (removed from photos); the day of grace counts from here.
  released_at timestamptz
);
CREATE INDEX uploads_orphan_idx ON uploads ((coalesce(released_at, created_at))) WHERE listing_id IS NULL;
CREATE INDEX uploads_listing_idx ON uploads (listing_id);
CREATE INDEX uploads_phash_idx ON uploads (phash);
