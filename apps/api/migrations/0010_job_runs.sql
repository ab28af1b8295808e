-- Periodic jobs (orphan photo sweep, alert check, ...) run once per period across every server:
-- a server runs a job only after claiming its row here, which moves next_run_at one period on.
-- lease_until keeps a second server from starting a run that is still going.
CREATE TABLE job_runs (
  name text PRIMARY KEY,
  next_run_at timestamptz NOT NULL,
  lease_until timestamptz NOT NULL,
  holder text NOT NULL,
  runs integer NOT NULL DEFAULT 0,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_error text
);
