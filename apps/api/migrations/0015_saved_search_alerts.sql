-- Saved searches, their alerts and the SMS digest (issue 19, part B).

-- A person's saved /browse filters (at most 10, checked under a lock of the user row). Null means
-- 'any'. match_key folds the three equality filters into one indexed text, so matching a new
-- listing reads the index for the 8 keys that can match it ('*' = any) instead of every row.
CREATE TABLE saved_searches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- The type as the filter chose it, and its group as listings.type_group reads it.
  type text CHECK (type IN ('apartment', 'villa', 'condo', 'house', 'studio', 'condominium')),
  type_group text,
  subcity text,
  source text CHECK (source IN ('landlord', 'delala')),
  price_min integer,
  price_max integer,
  -- The place search as typed, and its expansion (place-search.ts): folded terms looked for in
  -- listings.place_text, and the subcities it names. Null when no place was given.
  q text,
  place_terms text[],
  place_subcities text[],
  alerts boolean NOT NULL DEFAULT true,
  sms boolean NOT NULL DEFAULT false,
  last_visited_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  match_key text GENERATED ALWAYS AS (
    coalesce(type_group, '*') || '|' || coalesce(subcity, '*') || '|' || coalesce(source, '*')
  ) STORED
);
CREATE INDEX saved_searches_user_idx ON saved_searches (user_id, created_at);
CREATE INDEX saved_searches_match_idx ON saved_searches (match_key) WHERE alerts = true;

-- Listings that went live and wait to be matched against saved searches, once per listing: the
-- primary key makes a second publish of the same listing add nothing, and a worker claims rows
-- with FOR UPDATE SKIP LOCKED and marks them done in the same transaction as the notifications.
CREATE TABLE saved_search_match_queue (
  listing_id uuid PRIMARY KEY REFERENCES listings(id) ON DELETE CASCADE,
  queued_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);
CREATE INDEX saved_search_match_queue_due_idx ON saved_search_match_queue (queued_at) WHERE done_at IS NULL;

-- A listing that becomes live joins the queue in the publishing transaction itself.
CREATE FUNCTION betoch_queue_listing_match() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO saved_search_match_queue (listing_id, queued_at) VALUES (NEW.id, now())
    ON CONFLICT (listing_id) DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER listings_queue_match AFTER UPDATE OF visibility ON listings
  FOR EACH ROW WHEN (NEW.visibility = 'live' AND OLD.visibility IS DISTINCT FROM 'live')
  EXECUTE FUNCTION betoch_queue_listing_match();

-- In-app notifications: one per person and listing, whichever of their searches matched.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  -- The search that matched; no foreign key (a check per row would double the time of writing the
  -- notifications of a popular listing): readers join it, and a deleted search simply joins nothing.
  saved_search_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  -- When an SMS digest named it (null: not yet, or the search has no SMS).
  sms_sent_at timestamptz,
  CONSTRAINT notifications_user_listing_key UNIQUE (user_id, listing_id)
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_sms_due_idx ON notifications (created_at) WHERE sms_sent_at IS NULL;

-- One SMS digest per person and Addis calendar day: the row is the claim, taken before sending.
CREATE TABLE sms_digests (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  addis_day date NOT NULL,
  sent_at timestamptz NOT NULL,
  listings integer NOT NULL,
  PRIMARY KEY (user_id, addis_day)
);
