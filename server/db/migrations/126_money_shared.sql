-- What the payment gateway told us, one row per provider event: the payment page's
-- timeline reads it, and its unique (provider, event_id) makes a replayed webhook a no-op.
-- Rows are written only for events whose signature was verified.
CREATE TABLE gateway_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  received_at timestamptz NOT NULL DEFAULT now(),
  provider text NOT NULL CHECK (length(provider) BETWEEN 1 AND 40),
  event_id text NOT NULL CHECK (length(event_id) BETWEEN 1 AND 200),
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 60),
  vendor_id uuid REFERENCES vendors (id) ON DELETE RESTRICT,
  payment_id uuid REFERENCES payments (id) ON DELETE CASCADE,
  invitation_id uuid REFERENCES payment_invitations (id) ON DELETE SET NULL,
  amount bigint,
  currency text CHECK (currency IN ('DZD', 'EUR', 'USD')),
  outcome text NOT NULL CHECK (outcome IN ('applied', 'ignored', 'failed')),
  detail text CHECK (length(detail) <= 1000),
  payload jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(payload) = 'object'),
  UNIQUE (provider, event_id)
);
CREATE INDEX gateway_events_payment_id_idx ON gateway_events (payment_id, received_at);
CREATE INDEX gateway_events_invitation_id_idx ON gateway_events (invitation_id, received_at);

-- The part of a booking's discount the platform pays for (a platform-funded or shared
-- promotion): the vendor's share is computed as if the customer had paid it.
ALTER TABLE bookings ADD COLUMN platform_funded_discount bigint NOT NULL DEFAULT 0 CHECK (platform_funded_discount >= 0);
