-- Trust and safety (issue 6): moderation cases and their reports, the admin audit log, hidden
-- conversations, duplicate clusters, and manual adjustments (four eyes).

-- One case per target while it is open; reports land in it. Closed cases stay for the record and
-- can still be acted on (a restore after a hide).
CREATE TABLE moderation_cases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  target_type text NOT NULL CHECK (target_type IN ('listing', 'user', 'conversation')),
  -- Not a foreign key: the target may be a listing, a user or a conversation, and may be deleted.
  target_id uuid NOT NULL,
  -- Who warn, suspend and ban act on: the listing's poster, the reported participant, the user.
  subject_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  -- [{type, reason, at}] actions rules took on their own.
  auto_actions jsonb NOT NULL DEFAULT '[]'::jsonb,
  last_action text CHECK (last_action IN ('warn', 'hide', 'suspend', 'ban', 'restore')),
  last_action_reason text,
  last_action_at timestamptz,
  last_action_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz
);
-- At most one open case per target: concurrent first reports meet here and one of them joins the other's case.
CREATE UNIQUE INDEX moderation_cases_open_target_idx ON moderation_cases (target_type, target_id) WHERE status = 'open';
CREATE INDEX moderation_cases_open_idx ON moderation_cases (created_at DESC) WHERE status = 'open';
CREATE INDEX moderation_cases_closed_idx ON moderation_cases (closed_at DESC) WHERE status = 'closed';
CREATE INDEX moderation_cases_target_idx ON moderation_cases (target_type, target_id);

CREATE TABLE reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES moderation_cases(id) ON DELETE CASCADE,
  reporter_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_type text NOT NULL CHECK (target_type IN ('listing', 'conversation')),
  target_id uuid NOT NULL,
  -- The poster of a reported listing, or the other participant of a reported conversation.
  reported_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  reason text NOT NULL CHECK (reason IN ('fake', 'scam', 'wrong_price', 'duplicate', 'harassment', 'other')),
  details text CHECK (char_length(details) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- One report per reporter per target while the case is open (a case is one target, open once).
  UNIQUE (case_id, reporter_id)
);
CREATE INDEX reports_case_idx ON reports (case_id, created_at);
CREATE INDEX reports_reporter_idx ON reports (reporter_id, created_at);

-- Every admin decision and every automatic rule that acted: who (null = a rule), when, why, and
-- the state before and after. Append-only.
CREATE TABLE admin_audit (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_id uuid REFERENCES users(id) ON DELETE SET NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  case_id uuid REFERENCES moderation_cases(id) ON DELETE SET NULL,
  subject_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  reason text NOT NULL,
  before jsonb NOT NULL DEFAULT '{}'::jsonb,
  after jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_target_idx ON admin_audit (target_type, target_id, created_at);
CREATE INDEX admin_audit_case_idx ON admin_audit (case_id, created_at);
CREATE INDEX admin_audit_subject_idx ON admin_audit (subject_user_id, action, created_at);

CREATE FUNCTION admin_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit is append-only';
END;
$$;
CREATE TRIGGER admin_audit_no_update BEFORE UPDATE ON admin_audit
  FOR EACH ROW EXECUTE FUNCTION admin_audit_append_only();

-- A conversation hidden by moderation: gone from both inboxes, closed to new messages.
CREATE TABLE hidden_conversations (
  conversation_id uuid PRIMARY KEY REFERENCES conversations(id) ON DELETE CASCADE,
  reason text NOT NULL,
  hidden_by uuid REFERENCES users(id) ON DELETE SET NULL,
  hidden_at timestamptz NOT NULL DEFAULT now()
);

-- Listings that look like the same home, awaiting review (open) or decided.
CREATE TABLE duplicate_clusters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'merged', 'dismissed', 'removed')),
  primary_listing_id uuid REFERENCES listings(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by uuid REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX duplicate_clusters_status_idx ON duplicate_clusters (status, created_at);

CREATE TABLE duplicate_cluster_members (
  cluster_id uuid NOT NULL REFERENCES duplicate_clusters(id) ON DELETE CASCADE,
  listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cluster_id, listing_id)
);
CREATE INDEX duplicate_cluster_members_listing_idx ON duplicate_cluster_members (listing_id);

-- Every pair ever flagged, once (listing_a < listing_b), with its score and reasons: pending in an
-- open cluster, then confirmed (merge, remove) or dismissed (a false positive, never flagged again).
CREATE TABLE duplicate_pairs (
  listing_a uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  listing_b uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  cluster_id uuid NOT NULL REFERENCES duplicate_clusters(id) ON DELETE CASCADE,
  score integer NOT NULL CHECK (score BETWEEN 0 AND 100),
  reasons jsonb NOT NULL,
  matched_photos integer NOT NULL DEFAULT 0,
  description_similarity real NOT NULL DEFAULT 0,
  verdict text NOT NULL DEFAULT 'pending' CHECK (verdict IN ('pending', 'confirmed', 'dismissed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (listing_a, listing_b),
  CHECK (listing_a < listing_b)
);
CREATE INDEX duplicate_pairs_cluster_idx ON duplicate_pairs (cluster_id);
CREATE INDEX duplicate_pairs_b_idx ON duplicate_pairs (listing_b);

-- Manual wallet adjustments: logged by one admin, approved or rejected by another, applied through
-- the ledger (ledger rows point here with ref_type 'manual_adjustment').
CREATE TABLE manual_adjustments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subject_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('credit', 'debit')),
  target text NOT NULL CHECK (target IN ('wallet', 'post_credits', 'delala_subscription')),
  amount integer NOT NULL CHECK (amount BETWEEN 1 AND 100000),
  reason text NOT NULL,
  notes text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  review_notes text,
  -- Four eyes, in the database too: the reviewer is never the author.
  CHECK (reviewed_by IS NULL OR created_by IS NULL OR reviewed_by <> created_by),
  CHECK ((status = 'pending') = (reviewed_at IS NULL))
);
CREATE INDEX manual_adjustments_status_idx ON manual_adjustments (status, created_at DESC);

-- Moderation reads listings by poster and hidden date (the broker auto-block rule).
CREATE INDEX listings_hidden_poster_idx ON listings (poster_id, hidden_at) WHERE admin_hidden = true;

-- The metrics funnel follows a conversation's events by subject (app_events is migration 0004's).
CREATE INDEX app_events_subject_idx ON app_events (subject_id, type);
