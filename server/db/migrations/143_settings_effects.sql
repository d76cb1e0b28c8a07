-- Fees apply to bookings made after they change: each booking keeps the fee rates in force
-- when it was made, and its payments' splits use them. A trigger fills it in the booking's
-- own transaction, whatever path created the booking.
CREATE TABLE booking_fee_rates (
  booking_id uuid PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  -- The `fees` settings section as it was (empty: the defaults were in force).
  rates jsonb NOT NULL CHECK (jsonb_typeof(rates) = 'object')
);

CREATE FUNCTION booking_fee_rates_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_fee_rates (booking_id, rates)
  VALUES (NEW.id, COALESCE((SELECT value FROM settings WHERE section = 'fees'), '{}'::jsonb));
  RETURN NULL;
END;
$$;

CREATE TRIGGER bookings_fee_rates AFTER INSERT ON bookings FOR EACH ROW EXECUTE FUNCTION booking_fee_rates_keep();
