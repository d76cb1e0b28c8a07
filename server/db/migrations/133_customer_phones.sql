-- Customers' phones in E.164 (+213555123456), as every write now stores them, so that a
-- number typed as 0555 12 34 56, 555-123-456 or 00213 555 12 34 56 finds the same person.
-- The same rules as src/domain/phone.ts; a phone they cannot read is left as it was.
CREATE FUNCTION pg_temp.e164(raw text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  digits text := regexp_replace(raw, '[^0-9]', '', 'g');
  international boolean := btrim(raw) LIKE '+%';
  national text;
BEGIN
  IF btrim(raw) !~ '^\+?[0-9 ().\-/]+$' THEN RETURN NULL; END IF;
  IF NOT international AND digits LIKE '00%' THEN
    digits := substr(digits, 3);
    international := true;
  END IF;
  IF international AND digits NOT LIKE '213%' THEN
    RETURN CASE WHEN digits ~ '^[1-9][0-9]{6,14}$' THEN '+' || digits END;
  END IF;
  national := CASE WHEN international THEN substr(digits, 4) ELSE digits END;
  IF national LIKE '0%' THEN national := substr(national, 2); END IF;
  RETURN CASE WHEN national ~ '^([567][0-9]{8}|[2-4][0-9]{7})$' THEN '+213' || national END;
END
$$;

UPDATE customers SET phone = pg_temp.e164(phone) WHERE pg_temp.e164(phone) IS DISTINCT FROM phone AND pg_temp.e164(phone) IS NOT NULL;
-- Bookings keep the phone their customer had when booked: the same form, so searching
-- bookings by a phone typed any way finds them too.
UPDATE bookings SET customer_phone = pg_temp.e164(customer_phone)
WHERE pg_temp.e164(customer_phone) IS DISTINCT FROM customer_phone AND pg_temp.e164(customer_phone) IS NOT NULL;

-- The customers list ordered by what the server keeps per customer, read from an index in
-- that order (lifetime spend is the list's "best customers first").
CREATE INDEX customers_lifetime_spend_idx ON customers (lifetime_spend, id);
CREATE INDEX customers_last_booking_at_idx ON customers (last_booking_at, id);
