-- Conversations between a tenant and a listing's owner, their messages, and recorded product events (issue 5).

-- One conversation per tenant and listing. The owner is kept beside the listing so the conversation
-- (and its history, which moderation may need) outlives a deleted listing.
CREATE TABLE conversations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  listing_id uuid REFERENCES listings(id) ON DELETE SET NULL,
  tenant_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- First message of the owner (null: nothing to unlock yet).
  owner_replied_at timestamptz,
  -- The tenant unlocked the owner's replies; used_credit false when the tenant plan covered it.
  reply_unlocked_at timestamptz,
  reply_unlock_used_credit boolean,
  -- Unread messages of the other side, per participant; reset when that participant reads.
  tenant_unread integer NOT NULL DEFAULT 0 CHECK (tenant_unread >= 0),
  owner_unread integer NOT NULL DEFAULT 0 CHECK (owner_unread >= 0),
  last_message_id uuid,
  last_message_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (tenant_id <> owner_id)
);
-- A partial unique index: a deleted listing's conversations (listing_id null) no longer collide.
CREATE UNIQUE INDEX conversations_tenant_listing_idx ON conversations (tenant_id, listing_id) WHERE listing_id IS NOT NULL;
-- The inbox of each side, latest activity first, and the unread badge.
CREATE INDEX conversations_tenant_inbox_idx ON conversations (tenant_id, last_message_at DESC);
CREATE INDEX conversations_owner_inbox_idx ON conversations (owner_id, last_message_at DESC);
CREATE INDEX conversations_listing_idx ON conversations (listing_id);

CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Order of writing (several messages can share a timestamp).
  seq bigserial NOT NULL,
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  sender_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('tenant', 'owner')),
  -- Stored as written; blur and contact masking are applied per reader when answering.
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_thread_idx ON messages (conversation_id, seq);

-- Product events for the admin metrics (conversation_started, owner_replied, reply_unlocked, ...).
CREATE TABLE app_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL,
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  subject_type text,
  subject_id text,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX app_events_type_idx ON app_events (type, created_at);
