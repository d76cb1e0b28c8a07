-- Loyalty: points expire after a number of days, where they used to count months, and
-- each ledger entry says where it came from so every language can name it.

-- The settings section keeps its meaning: a month was 30 days when points were earned.
UPDATE settings
SET value = (value - 'expiry_months') || jsonb_build_object(
      'expiry_days',
      CASE WHEN jsonb_typeof(value -> 'expiry_months') = 'number' THEN (value ->> 'expiry_months')::int * 30 END
    ),
    version = version + 1,
    updated_at = now()
WHERE section = 'loyalty' AND value ? 'expiry_months';

-- booking: earned when a booking completed; refund: taken back when it was refunded;
-- expiry: points that ran out; adjustment: by hand, with a reason.
ALTER TABLE loyalty_entries
  ADD COLUMN source text NOT NULL DEFAULT 'adjustment' CHECK (source IN ('booking', 'refund', 'expiry', 'adjustment')),
  -- Set on an earning once the expiry job has handled it, so it is never expired twice.
  ADD COLUMN expired_at timestamptz;
UPDATE loyalty_entries SET source = 'booking' WHERE booking_id IS NOT NULL AND points > 0;

-- What the expiry job looks for: earnings with a date, not yet handled.
CREATE INDEX loyalty_entries_expiring_idx ON loyalty_entries (expires_at, id) WHERE expired_at IS NULL AND points > 0 AND expires_at IS NOT NULL;
CREATE INDEX loyalty_entries_booking_id_idx ON loyalty_entries (booking_id) WHERE booking_id IS NOT NULL;
CREATE INDEX wallet_transactions_booking_id_idx ON wallet_transactions (booking_id) WHERE booking_id IS NOT NULL;
-- The ledger screens list every customer's entries, the newest first.
CREATE INDEX loyalty_entries_created_at_idx ON loyalty_entries (created_at);
CREATE INDEX wallet_transactions_created_at_idx ON wallet_transactions (created_at);
