-- Issue 20: refunds of a paid contact that turned out dead, and the full move-in cost.

-- Move-in cost parts of a listing (null = not given). The rent law (Proclamation No. 1320/2024)
-- allows at most two months of advance rent; a broker's fee is in ETB or a share of one month's rent.
ALTER TABLE listings ADD COLUMN advance_months integer;
ALTER TABLE listings ADD COLUMN deposit_etb integer;
ALTER TABLE listings ADD COLUMN broker_fee_etb integer;
ALTER TABLE listings ADD COLUMN broker_fee_percent integer;
ALTER TABLE listings ADD CONSTRAINT listings_advance_months_check CHECK (advance_months IS NULL OR advance_months BETWEEN 0 AND 2);
ALTER TABLE listings ADD CONSTRAINT listings_deposit_etb_check CHECK (deposit_etb IS NULL OR deposit_etb >= 0);
ALTER TABLE listings ADD CONSTRAINT listings_broker_fee_etb_check CHECK (broker_fee_etb IS NULL OR broker_fee_etb >= 0);
ALTER TABLE listings ADD CONSTRAINT listings_broker_fee_percent_check CHECK (broker_fee_percent IS NULL OR broker_fee_percent BETWEEN 1 AND 100);

-- One claim per unlock. Approved: the credit went back through the ledger (a `refund` row whose
-- ref is the unlock, at most one: the unique index below).
CREATE TABLE refund_claims (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unlock_id uuid NOT NULL REFERENCES contact_unlocks(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  poster_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  cause text,
  reviewer_id uuid REFERENCES users(id) ON DELETE SET NULL,
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CONSTRAINT refund_claims_unlock_id_key UNIQUE (unlock_id),
  CONSTRAINT refund_claims_reason_check CHECK (reason IN ('no_answer', 'already_rented', 'asked_for_money')),
  CONSTRAINT refund_claims_status_check CHECK (status IN ('pending', 'approved', 'rejected')),
  CONSTRAINT refund_claims_cause_check CHECK (cause IS NULL OR cause IN ('listing_rented', 'listing_expired', 'listing_hidden', 'second_claim', 'admin'))
);
CREATE INDEX refund_claims_user_idx ON refund_claims (user_id, created_at);
CREATE INDEX refund_claims_listing_idx ON refund_claims (listing_id, created_at);
CREATE INDEX refund_claims_poster_idx ON refund_claims (poster_id) WHERE status = 'approved';
CREATE INDEX refund_claims_pending_idx ON refund_claims (created_at) WHERE status = 'pending';

-- Exactly one refund per unlock, refused by the database itself.
CREATE UNIQUE INDEX ledger_entries_refund_once_idx ON ledger_entries (ref_id) WHERE kind = 'refund' AND ref_type = 'contact_unlock';
