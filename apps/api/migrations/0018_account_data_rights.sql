-- The account holder's rights over their data (Personal Data Protection Proclamation No. 1321/2024):
-- a copy of everything held about them, and deletion of the account.

-- A deleted account keeps its row (purchases, ledger entries and moderation cases still point at
-- it) but nothing that names the person: name, e-mail, agency and phone are erased when deleted_at
-- is set, and no token of it works again.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;

-- The keyed hash (HMAC-SHA-256 with a server secret) of a banned person's phone, kept when their
-- account is deleted: only to refuse that phone a new account. Never the phone itself.
CREATE TABLE banned_phone_hashes (
  phone_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Sign-in history: when, and a coarse description of the device ('Android phone, Chrome').
-- Never a code, an address or the full user agent.
CREATE TABLE sign_ins (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_ins_user_idx ON sign_ins (user_id, created_at);

-- Export and deletion requests. An export is built off the request path (requested -> ready), kept
-- until it is downloaded once through a link whose token only a SHA-256 hash of is stored, or until
-- it expires; then its content is dropped and the row stays as the log (dates, no content).
CREATE TABLE account_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('export', 'deletion')),
  status text NOT NULL CHECK (status IN ('requested', 'ready', 'downloaded', 'expired', 'failed', 'done')),
  via text NOT NULL DEFAULT 'app' CHECK (via IN ('app', 'admin')),
  admin_id uuid REFERENCES users(id) ON DELETE SET NULL,
  reason text,
  content text,
  token_hash text,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  ready_at timestamptz,
  completed_at timestamptz
);
CREATE INDEX account_requests_user_idx ON account_requests (user_id, kind, created_at);
CREATE INDEX account_requests_created_idx ON account_requests (created_at);
CREATE INDEX account_requests_pending_idx ON account_requests (created_at) WHERE status = 'requested';
CREATE UNIQUE INDEX account_requests_token_idx ON account_requests (token_hash) WHERE token_hash IS NOT NULL;
