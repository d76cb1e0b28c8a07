-- Payments screens: staff reconcile a payment with a note (who and when are kept beside
-- it), the list searches a payment by its booking's reference, and the list with its
-- totals row stays fast over a million payments.

ALTER TABLE payments
  ADD COLUMN reconciled_note text CHECK (length(reconciled_note) <= 1000),
  ADD COLUMN reconciled_at timestamptz,
  ADD COLUMN reconciled_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- A booking keeps its ref for life (a change reprices it, never renames it), so a copy
  -- taken when the payment is written stays true and can be searched without a join.
  ADD COLUMN booking_ref text;

UPDATE payments p SET booking_ref = b.ref FROM bookings b WHERE b.id = p.booking_id;

CREATE FUNCTION payments_booking_ref() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT ref INTO NEW.booking_ref FROM bookings WHERE id = NEW.booking_id;
  RETURN NEW;
END $$;
CREATE TRIGGER payments_booking_ref
BEFORE INSERT OR UPDATE OF booking_id ON payments
FOR EACH ROW EXECUTE FUNCTION payments_booking_ref();

ALTER TABLE payments ALTER COLUMN booking_ref SET NOT NULL;

-- The views and filters of the list, newest first, with what the totals row adds up.
CREATE INDEX payments_method_idx ON payments (method, created_at);
CREATE INDEX payments_paid_at_idx ON payments (paid_at);
