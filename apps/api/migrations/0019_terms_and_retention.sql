-- The Terms and the Privacy notice a person accepted at signup: their version (a date, TERMS_VERSION
-- of the contracts) and when. Accounts made before acceptance was asked for have neither.
ALTER TABLE users ADD COLUMN terms_version text;
ALTER TABLE users ADD COLUMN terms_accepted_at timestamptz;

-- Product events per Addis Ababa day and type, kept once the events themselves are dropped (13
-- months after they happened, by the retention job): counts only, nobody's id, address or number.
CREATE TABLE app_event_days (
  day date NOT NULL,
  type text NOT NULL,
  n integer NOT NULL CHECK (n >= 0),
  PRIMARY KEY (day, type)
);

-- The retention job finds events by age alone (addresses after 30 days, events after 13 months).
CREATE INDEX app_events_created_idx ON app_events (created_at);
-- And sign-in codes by when they were sent.
CREATE INDEX otp_codes_created_idx ON otp_codes (created_at);
