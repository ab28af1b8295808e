-- Listings that stay true (issue 20, freshness). A live listing says when its poster last confirmed
-- it is still available; after 14 days without that the poster is asked (in the app and by SMS with
-- a link that works without signing in), after 30 days it expires and leaves the live set.
-- Tenants may ask 'Is it still available?' once per listing; asks left unanswered expire it early.

-- 'expired': out of the live set (browse, the landlord's live count) until the poster renews it.
ALTER TABLE listings DROP CONSTRAINT listings_visibility_check;
ALTER TABLE listings ADD CONSTRAINT listings_visibility_check CHECK (visibility IN ('draft', 'live', 'expired'));

-- When availability was last confirmed (publish, edit, 'Still available', renew); null for drafts
-- never published. When the 14-day question went out for this confirmation (null: not yet).
-- When it expired (a broker renews free within 7 days of it) and why.
ALTER TABLE listings ADD COLUMN confirmed_at timestamptz;
ALTER TABLE listings ADD COLUMN confirm_asked_at timestamptz;
ALTER TABLE listings ADD COLUMN expired_at timestamptz;
ALTER TABLE listings ADD COLUMN expired_reason text CHECK (expired_reason IN ('unconfirmed', 'tenant_asks'));

-- Listings live before this migration count as confirmed now: nobody's listing expires on the day
-- of the upgrade, every poster gets the full 14 and 30 days.
UPDATE listings SET confirmed_at = now() WHERE visibility = 'live';

-- The periodic job reads live listings by their confirmation date.
CREATE INDEX listings_confirmed_idx ON listings (confirmed_at) WHERE visibility = 'live';

-- Links in the 14-day SMS (and the SMS a tenant's ask sends): only a SHA-256 hash of the token is
-- kept. Good for one listing, one answer, until expires_at.
CREATE TABLE listing_confirm_tokens (
  token_hash text PRIMARY KEY,
  listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX listing_confirm_tokens_listing_idx ON listing_confirm_tokens (listing_id);
CREATE INDEX listing_confirm_tokens_expires_idx ON listing_confirm_tokens (expires_at);

-- A tenant's 'Is it still available?': one per tenant and listing, ever. Answered when the poster
-- confirms (or marks it rented) after it was asked.
CREATE TABLE listing_availability_asks (
  listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  asked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (listing_id, tenant_id)
);
CREATE INDEX listing_availability_asks_listing_idx ON listing_availability_asks (listing_id, asked_at);
