-- Telegram (docs/telegram.md): linked chats, the one-time start tokens that link them, the inbox of
-- webhook updates (idempotent by update_id), the send queue, and the channel's posts.

-- One Telegram chat per account and one account per chat.
CREATE TABLE telegram_links (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  chat_id bigint NOT NULL UNIQUE,
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'am')),
  linked_at timestamptz NOT NULL DEFAULT now()
);

-- 'Connect Telegram': only the token's SHA-256 is kept; single use, 10 minutes, bound to the user.
CREATE TABLE telegram_start_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'am')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX telegram_start_tokens_user_idx ON telegram_start_tokens (user_id);
CREATE INDEX telegram_start_tokens_expires_idx ON telegram_start_tokens (expires_at);

-- Every update the webhook accepted, once (a redelivered update_id is not inserted again); the
-- work is done off the request path by whichever server leases the row first.
CREATE TABLE telegram_updates (
  update_id bigint PRIMARY KEY,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  processed_at timestamptz,
  outcome text
);
CREATE INDEX telegram_updates_pending_idx ON telegram_updates (update_id) WHERE processed_at IS NULL;

-- The send queue: one row per Bot API call. A row is leased by one server at a time; 429 moves
-- not_before by retry_after; it ends sent (sent_at) or failed (failed_at, last_error).
CREATE TABLE telegram_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  method text NOT NULL,
  chat_id text NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  params jsonb NOT NULL,
  -- At most one row per key (a listing's channel post, a notification's message): never sent twice.
  dedupe_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  not_before timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text,
  result_message_id bigint
);
CREATE INDEX telegram_outbox_due_idx ON telegram_outbox (not_before, id) WHERE sent_at IS NULL AND failed_at IS NULL;

-- A listing's post in the channel of new listings (TELEGRAM_CHANNEL_ID): posted once, closed once.
-- No foreign key: a deleted listing's post must still be found to take it down.
CREATE TABLE telegram_channel_posts (
  listing_id uuid PRIMARY KEY,
  chat_id text NOT NULL,
  message_id bigint,
  posted_at timestamptz,
  closed_at timestamptz
);
CREATE INDEX telegram_channel_posts_open_idx ON telegram_channel_posts (listing_id) WHERE closed_at IS NULL;

-- Per saved search: its alerts come by Telegram (the app's list always has them).
ALTER TABLE saved_searches ADD COLUMN telegram boolean NOT NULL DEFAULT false;

-- A deleted account (users.deleted_at set) is unlinked, and nothing more is sent to it.
CREATE OR REPLACE FUNCTION betoch_telegram_unlink_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM telegram_links WHERE user_id = NEW.id;
  DELETE FROM telegram_start_tokens WHERE user_id = NEW.id;
  UPDATE telegram_outbox SET failed_at = now(), last_error = 'account deleted'
    WHERE user_id = NEW.id AND sent_at IS NULL AND failed_at IS NULL;
  RETURN NEW;
END $$;
CREATE TRIGGER users_telegram_unlink_deleted AFTER UPDATE OF deleted_at ON users
  FOR EACH ROW WHEN (NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL)
  EXECUTE FUNCTION betoch_telegram_unlink_deleted();
