-- The durable job queue (server/jobs/queue.ts): jobs are rows written in the caller's
-- transaction, claimed by any instance with FOR UPDATE SKIP LOCKED, retried with
-- exponential back-off and kept as `failed` after their last attempt.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  data jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(data) = 'object'),
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'active', 'done', 'failed')),
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  retry_limit integer NOT NULL DEFAULT 5 CHECK (retry_limit >= 0),
  -- At most one waiting job per (name, singleton_key); a running one may queue its successor.
  singleton_key text CHECK (length(singleton_key) <= 200),
  -- An active job whose lock ran out belongs to an instance that died: another takes it.
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE state = 'queued';
CREATE INDEX jobs_locked_idx ON jobs (locked_until) WHERE state = 'active';
CREATE INDEX jobs_finished_idx ON jobs (finished_at) WHERE state IN ('done', 'failed');
CREATE UNIQUE INDEX jobs_singleton_key ON jobs (name, singleton_key) WHERE state = 'queued' AND singleton_key IS NOT NULL;

-- Recurring jobs: the instance that moves next_run_at forward enqueues the run.
CREATE TABLE job_schedules (
  name text PRIMARY KEY,
  every_seconds integer NOT NULL CHECK (every_seconds > 0),
  next_run_at timestamptz NOT NULL
);

-- Notifications: one user as audience, segments built from filters, delivery counts,
-- and `sending` while the deliveries go out.
ALTER TABLE notifications DROP CONSTRAINT notifications_audience_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_audience_type_check
  CHECK (audience_type IN ('customer', 'user', 'segment', 'topic', 'all_customers', 'all_vendors'));
ALTER TABLE notifications DROP CONSTRAINT notifications_status_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_status_check
  CHECK (status IN ('draft', 'scheduled', 'sending', 'sent', 'failed'));
ALTER TABLE notifications
  ADD COLUMN audience_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN segment_filters jsonb CHECK (jsonb_typeof(segment_filters) = 'object'),
  ADD COLUMN delivered_count integer NOT NULL DEFAULT 0,
  ADD COLUMN failed_count integer NOT NULL DEFAULT 0;

-- One row per recipient of a notification. The idempotency key (notification id and
-- recipient key) is unique, so expanding an audience twice adds nobody twice; `sending`
-- records the intent before the provider is called.
CREATE TABLE notification_deliveries (
  id bigserial PRIMARY KEY,
  notification_id uuid NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL UNIQUE,
  recipient_key text NOT NULL,
  recipient_name text NOT NULL,
  address text,
  locale text NOT NULL CHECK (locale IN ('en', 'fr', 'ar')),
  channel text NOT NULL CHECK (channel IN ('push', 'sms', 'email', 'in_app')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz,
  last_error text,
  provider_ref text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_deliveries_work_idx ON notification_deliveries (notification_id, status, next_attempt_at);

-- What the development provider "sent" (SMS, push, and email without SMTP_URL).
CREATE TABLE notification_outbox (
  id bigserial PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  notification_id uuid REFERENCES notifications (id) ON DELETE CASCADE,
  channel text NOT NULL,
  address text,
  locale text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_outbox_notification_idx ON notification_outbox (notification_id, id);

-- The in-app bell of back-office users; title and body kept in every language.
CREATE TABLE inbox_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  notification_id uuid REFERENCES notifications (id) ON DELETE CASCADE,
  idempotency_key text UNIQUE,
  title_i18n jsonb NOT NULL CHECK (jsonb_typeof(title_i18n) = 'object'),
  body_i18n jsonb NOT NULL CHECK (jsonb_typeof(body_i18n) = 'object'),
  link text CHECK (length(link) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX inbox_items_user_idx ON inbox_items (user_id, created_at DESC);
CREATE INDEX inbox_items_unread_idx ON inbox_items (user_id) WHERE read_at IS NULL;
