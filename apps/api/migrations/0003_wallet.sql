-- Credits: an ordered, append-only ledger; purchases with their idempotency keys; contact unlocks.

-- The ledger is ordered by seq (created_at is the same for every row of one transaction), a plan
-- row carries the end date it set, and no row is ever rewritten.
ALTER TABLE ledger_entries ADD COLUMN seq bigserial;
ALTER TABLE ledger_entries ADD COLUMN plan_until timestamptz;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_balance_after_nonneg CHECK (balance_after IS NULL OR balance_after >= 0);
CREATE UNIQUE INDEX ledger_entries_seq_idx ON ledger_entries (seq);
CREATE INDEX ledger_entries_ref_idx ON ledger_entries (ref_type, ref_id);

CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only';
END;
$$;
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();

-- One row per purchase; it commits together with the ledger rows of its grant.
CREATE TABLE purchases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sku text NOT NULL CHECK (sku IN ('CREDIT_SINGLE', 'CREDIT_BUNDLE_10', 'SUB_TENANT_MONTHLY', 'post_credit_1', 'post_subscription_delala_unlimited')),
  price_etb integer NOT NULL CHECK (price_etb >= 0),
  provider text NOT NULL,
  provider_ref text,
  status text NOT NULL CHECK (status IN ('completed')),
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX purchases_user_idx ON purchases (user_id, created_at);

-- A retried call with the same key (per user and scope) answers the stored first answer.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  scope text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  answer jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, scope, key)
);

-- A tenant's paid (or plan-covered) access to a listing's contact phone; one per user and listing.
-- Deleting the listing (or the user) removes it; the ledger row of its credit stays.
CREATE TABLE contact_unlocks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  used_credit boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, listing_id)
);
CREATE INDEX contact_unlocks_user_idx ON contact_unlocks (user_id, created_at DESC);
CREATE INDEX contact_unlocks_listing_idx ON contact_unlocks (listing_id);
