-- The realtime channel's events (server/realtime/): what changed, for whom. A client that
-- reconnects with the last id it saw gets what it missed from here, so rows are kept for
-- a while and then pruned; `realtime_pruned` remembers up to which id, so a client that
-- was away longer is told to refetch everything instead of missing events silently.
CREATE TABLE realtime_events (
  id bigserial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  type text NOT NULL CHECK (type IN ('record', 'message', 'notification', 'counters')),
  collection text CHECK (length(collection) <= 100),
  record_id text CHECK (length(record_id) <= 100),
  version integer,
  action text CHECK (length(action) <= 100),
  -- Who may receive it: every staff user, the users of one vendor, one user (any combination).
  audience_staff boolean NOT NULL DEFAULT false,
  audience_vendor_id uuid,
  audience_user_id uuid,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX realtime_events_created_at_idx ON realtime_events (created_at);

CREATE TABLE realtime_pruned (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  through_id bigint NOT NULL DEFAULT 0
);
INSERT INTO realtime_pruned DEFAULT VALUES;
