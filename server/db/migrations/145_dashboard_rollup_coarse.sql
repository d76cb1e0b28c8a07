-- The home dashboard at 1,000,000 bookings, continued. booking_daily (migration 142) is kept
-- per (day, vendor, service, channel, currency): nearly a row per booking, so the staff KPIs
-- and charts read 150,000 rows for 90 days. Coarser roll-ups, kept by the same trigger in
-- the same transaction, answer each question from the rows it needs:
--   booking_daily_market: the marketplace per (day, channel, currency), staff KPIs and charts;
--   booking_daily_vendor: one vendor per (day, channel, currency), vendor staff's;
--   booking_weekly_service and booking_daily_service: per (week or day, service, currency),
--   the top services of a period: its whole weeks (Monday to Sunday) from the first, the
--   days at either end from the second (a fifth of the rows the days alone would take).
-- Days, bookings and revenue as in booking_daily.
CREATE TABLE booking_daily_market (
  day date NOT NULL,
  channel text NOT NULL,
  currency text NOT NULL,
  bookings integer NOT NULL DEFAULT 0,
  revenue bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, channel, currency)
);

CREATE TABLE booking_daily_vendor (
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  day date NOT NULL,
  channel text NOT NULL,
  currency text NOT NULL,
  bookings integer NOT NULL DEFAULT 0,
  revenue bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (vendor_id, day, channel, currency)
);

-- The vendor is the service's; kept here so a vendor's top services read its rows alone.
CREATE TABLE booking_daily_service (
  day date NOT NULL,
  service_id uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  currency text NOT NULL,
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  bookings integer NOT NULL DEFAULT 0,
  revenue bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, service_id, currency)
);
CREATE INDEX booking_daily_service_vendor_day_idx ON booking_daily_service (vendor_id, day);

CREATE TABLE booking_weekly_service (
  week date NOT NULL,
  service_id uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  currency text NOT NULL,
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  bookings integer NOT NULL DEFAULT 0,
  revenue bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (week, service_id, currency)
);
CREATE INDEX booking_weekly_service_vendor_week_idx ON booking_weekly_service (vendor_id, week);

-- Staff's average rating of 60 days read from the index alone (26,000 reviews at 1,000,000 bookings).
CREATE INDEX reviews_approved_created_idx ON reviews (created_at) INCLUDE (rating) WHERE status = 'approved';

CREATE OR REPLACE FUNCTION booking_rollup_apply(b bookings, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d_day date := (b.created_at AT TIME ZONE 'UTC' + interval '1 hour')::date;
  d_revenue bigint := CASE WHEN b.status IN ('declined', 'expired', 'cancelled') THEN 0 ELSE sign * b.total END;
BEGIN
  INSERT INTO booking_daily AS d (day, vendor_id, service_id, channel, currency, bookings, revenue)
  VALUES (d_day, b.vendor_id, b.service_id, b.channel, b.currency, sign, d_revenue)
  ON CONFLICT (day, vendor_id, service_id, channel, currency)
  DO UPDATE SET bookings = d.bookings + EXCLUDED.bookings, revenue = d.revenue + EXCLUDED.revenue;
  INSERT INTO booking_daily_market AS d (day, channel, currency, bookings, revenue)
  VALUES (d_day, b.channel, b.currency, sign, d_revenue)
  ON CONFLICT (day, channel, currency)
  DO UPDATE SET bookings = d.bookings + EXCLUDED.bookings, revenue = d.revenue + EXCLUDED.revenue;
  INSERT INTO booking_daily_vendor AS d (vendor_id, day, channel, currency, bookings, revenue)
  VALUES (b.vendor_id, d_day, b.channel, b.currency, sign, d_revenue)
  ON CONFLICT (vendor_id, day, channel, currency)
  DO UPDATE SET bookings = d.bookings + EXCLUDED.bookings, revenue = d.revenue + EXCLUDED.revenue;
  INSERT INTO booking_daily_service AS d (day, service_id, currency, vendor_id, bookings, revenue)
  VALUES (d_day, b.service_id, b.currency, b.vendor_id, sign, d_revenue)
  ON CONFLICT (day, service_id, currency)
  DO UPDATE SET bookings = d.bookings + EXCLUDED.bookings, revenue = d.revenue + EXCLUDED.revenue;
  INSERT INTO booking_weekly_service AS d (week, service_id, currency, vendor_id, bookings, revenue)
  VALUES (date_trunc('week', d_day::timestamp)::date, b.service_id, b.currency, b.vendor_id, sign, d_revenue)
  ON CONFLICT (week, service_id, currency)
  DO UPDATE SET bookings = d.bookings + EXCLUDED.bookings, revenue = d.revenue + EXCLUDED.revenue;
  IF b.balance > 0 AND b.status IN ('requested', 'confirmed', 'checked_in', 'completed') THEN
    INSERT INTO vendor_balance_due AS v (vendor_id, currency, amount) VALUES (b.vendor_id, b.currency, sign * b.balance)
    ON CONFLICT (vendor_id, currency) DO UPDATE SET amount = v.amount + EXCLUDED.amount;
  END IF;
END $$;

-- The coarse roll-ups are sums of booking_daily's rows: made again from it.
CREATE OR REPLACE FUNCTION booking_rollup_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM booking_daily;
  INSERT INTO booking_daily (day, vendor_id, service_id, channel, currency, bookings, revenue)
  SELECT (created_at AT TIME ZONE 'UTC' + interval '1 hour')::date, vendor_id, service_id, channel, currency,
         count(*), coalesce(sum(total) FILTER (WHERE status NOT IN ('declined', 'expired', 'cancelled')), 0)
  FROM bookings GROUP BY 1, 2, 3, 4, 5;
  DELETE FROM booking_daily_market;
  INSERT INTO booking_daily_market (day, channel, currency, bookings, revenue)
  SELECT day, channel, currency, sum(bookings), sum(revenue) FROM booking_daily GROUP BY 1, 2, 3;
  DELETE FROM booking_daily_vendor;
  INSERT INTO booking_daily_vendor (vendor_id, day, channel, currency, bookings, revenue)
  SELECT vendor_id, day, channel, currency, sum(bookings), sum(revenue) FROM booking_daily GROUP BY 1, 2, 3, 4;
  DELETE FROM booking_daily_service;
  INSERT INTO booking_daily_service (day, service_id, currency, vendor_id, bookings, revenue)
  SELECT day, service_id, currency, vendor_id, sum(bookings), sum(revenue) FROM booking_daily GROUP BY 1, 2, 3, 4;
  DELETE FROM booking_weekly_service;
  INSERT INTO booking_weekly_service (week, service_id, currency, vendor_id, bookings, revenue)
  SELECT date_trunc('week', day::timestamp)::date, service_id, currency, vendor_id, sum(bookings), sum(revenue) FROM booking_daily_service GROUP BY 1, 2, 3, 4;
  DELETE FROM vendor_balance_due;
  INSERT INTO vendor_balance_due (vendor_id, currency, amount)
  SELECT vendor_id, currency, sum(balance) FROM bookings
  WHERE balance > 0 AND status IN ('requested', 'confirmed', 'checked_in', 'completed') GROUP BY 1, 2;
$$;

INSERT INTO booking_daily_market (day, channel, currency, bookings, revenue)
SELECT day, channel, currency, sum(bookings), sum(revenue) FROM booking_daily GROUP BY 1, 2, 3;
INSERT INTO booking_daily_vendor (vendor_id, day, channel, currency, bookings, revenue)
SELECT vendor_id, day, channel, currency, sum(bookings), sum(revenue) FROM booking_daily GROUP BY 1, 2, 3, 4;
INSERT INTO booking_daily_service (day, service_id, currency, vendor_id, bookings, revenue)
SELECT day, service_id, currency, vendor_id, sum(bookings), sum(revenue) FROM booking_daily GROUP BY 1, 2, 3, 4;
INSERT INTO booking_weekly_service (week, service_id, currency, vendor_id, bookings, revenue)
SELECT date_trunc('week', day::timestamp)::date, service_id, currency, vendor_id, sum(bookings), sum(revenue) FROM booking_daily_service GROUP BY 1, 2, 3, 4;

-- A vendor's action queue, oldest first, from its own waiting records alone (at 1,000,000
-- bookings the marketplace-wide indexes of migration 142 walk every vendor's to find five).
CREATE INDEX bookings_requested_vendor_created_idx ON bookings (vendor_id, created_at) WHERE status = 'requested';
CREATE INDEX refunds_requested_vendor_created_idx ON refunds (vendor_id, created_at) WHERE status = 'requested';
CREATE INDEX reviews_pending_vendor_created_idx ON reviews (vendor_id, created_at) WHERE status = 'pending';
