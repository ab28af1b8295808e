-- Purchases confirmed by a hosted checkout (Chapa): our own tx_ref, the return path, the states of
-- a purchase, and a database guarantee that a purchase is granted at most once.

UPDATE purchases SET status = 'paid' WHERE status = 'completed';
ALTER TABLE purchases DROP CONSTRAINT purchases_status_check;
ALTER TABLE purchases ADD CONSTRAINT purchases_status_check
  CHECK (status IN ('pending', 'paid', 'failed', 'cancelled', 'expired', 'mismatch'));
ALTER TABLE purchases ADD COLUMN tx_ref text;
ALTER TABLE purchases ADD COLUMN return_path text;
ALTER TABLE purchases ADD COLUMN checkout_url text;
ALTER TABLE purchases ADD COLUMN status_reason text;
ALTER TABLE purchases ADD COLUMN paid_at timestamptz;
ALTER TABLE purchases ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE purchases SET paid_at = created_at, updated_at = created_at WHERE status = 'paid';
CREATE UNIQUE INDEX purchases_tx_ref_idx ON purchases (tx_ref) WHERE tx_ref IS NOT NULL;
CREATE INDEX purchases_status_idx ON purchases (status, created_at);
CREATE INDEX purchases_created_idx ON purchases (created_at DESC);

-- Exactly one grant per purchase: a second ledger row pointing at the same purchase is refused by
-- the database itself, whatever order the webhook, the return page and reconciliation run in.
CREATE UNIQUE INDEX ledger_entries_purchase_once_idx ON ledger_entries (ref_id)
  WHERE kind = 'purchase' AND ref_type = 'purchase';
