-- The home dashboard at 1,000,000 bookings: a daily roll-up of bookings kept by a trigger
-- in the same transaction as every write to bookings (so it can never drift), and the
-- balance still due per vendor. A request reads a few hundred roll-up rows, never the
-- bookings themselves. Days are Algerian calendar days (UTC+1, no daylight saving).
--   bookings: every booking made that day, whatever became of it;
--   revenue: the totals of those not declined, expired or cancelled.
CREATE TABLE booking_daily (
  day date NOT NULL,
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  service_id uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  channel text NOT NULL,
  currency text NOT NULL,
  bookings integer NOT NULL DEFAULT 0,
  revenue bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, vendor_id, service_id, channel, currency)
);
CREATE INDEX booking_daily_vendor_day_idx ON booking_daily (vendor_id, day);

-- What customers still owe on bookings that will or did take place.
CREATE TABLE vendor_balance_due (
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  currency text NOT NULL,
  amount bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (vendor_id, currency)
);

CREATE FUNCTION booking_rollup_apply(b bookings, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_daily AS d (day, vendor_id, service_id, channel, currency, bookings, revenue)
  VALUES (
    (b.created_at AT TIME ZONE 'UTC' + interval '1 hour')::date, b.vendor_id, b.service_id, b.channel, b.currency,
    sign, CASE WHEN b.status IN ('declined', 'expired', 'cancelled') THEN 0 ELSE sign * b.total END)
  ON CONFLICT (day, vendor_id, service_id, channel, currency)
  DO UPDATE SET bookings = d.bookings + EXCLUDED.bookings, revenue = d.revenue + EXCLUDED.revenue;
  IF b.balance > 0 AND b.status IN ('requested', 'confirmed', 'checked_in', 'completed') THEN
    INSERT INTO vendor_balance_due AS v (vendor_id, currency, amount) VALUES (b.vendor_id, b.currency, sign * b.balance)
    ON CONFLICT (vendor_id, currency) DO UPDATE SET amount = v.amount + EXCLUDED.amount;
  END IF;
END $$;

CREATE FUNCTION booking_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM booking_rollup_apply(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM booking_rollup_apply(NEW, 1); END IF;
  RETURN NULL;
END $$;

-- Only the columns the roll-up reads: a note or a participant edit costs nothing.
CREATE TRIGGER bookings_rollup_write AFTER INSERT OR DELETE ON bookings FOR EACH ROW EXECUTE FUNCTION booking_rollup();
CREATE TRIGGER bookings_rollup_update AFTER UPDATE OF created_at, vendor_id, service_id, channel, currency, status, total, balance ON bookings
  FOR EACH ROW EXECUTE FUNCTION booking_rollup();

-- Written while the trigger is off (a bulk load), and for the bookings already there:
-- the roll-up made again from the bookings.
CREATE FUNCTION booking_rollup_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM booking_daily;
  INSERT INTO booking_daily (day, vendor_id, service_id, channel, currency, bookings, revenue)
  SELECT (created_at AT TIME ZONE 'UTC' + interval '1 hour')::date, vendor_id, service_id, channel, currency,
         count(*), coalesce(sum(total) FILTER (WHERE status NOT IN ('declined', 'expired', 'cancelled')), 0)
  FROM bookings GROUP BY 1, 2, 3, 4, 5;
  DELETE FROM vendor_balance_due;
  INSERT INTO vendor_balance_due (vendor_id, currency, amount)
  SELECT vendor_id, currency, sum(balance) FROM bookings
  WHERE balance > 0 AND status IN ('requested', 'confirmed', 'checked_in', 'completed') GROUP BY 1, 2;
$$;
SELECT booking_rollup_rebuild();

-- The action queue: what waits, oldest first, without reading what does not.
CREATE INDEX payment_invitations_open_expires_idx ON payment_invitations (expires_at) WHERE status IN ('sent', 'opened');
CREATE INDEX conversations_unanswered_idx ON conversations (last_message_at) WHERE unread_count > 0 AND NOT archived;
CREATE INDEX bookings_requested_created_idx ON bookings (created_at) WHERE status = 'requested';
