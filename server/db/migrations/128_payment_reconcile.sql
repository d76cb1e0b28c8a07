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

-- The list's pages in its orders, newest first: the id breaks ties, so a page is read
-- straight off the index instead of sorting every payment of the same instant. The
-- created_at index also carries what the totals row adds up and filters by, so the totals
-- of a date range (which the rollup below does not group by) are read from it alone.
DROP INDEX payments_created_at_idx;
CREATE INDEX payments_created_at_idx ON payments (created_at, id)
  INCLUDE (vendor_id, status, method, currency, reconciled, amount, fee, platform_commission, vendor_share, refunded_amount);
CREATE INDEX payments_paid_at_idx ON payments (paid_at, id);
CREATE INDEX payments_method_idx ON payments (method, created_at);

-- The totals row over a million payments: the list's sums by the filters that are not
-- free text or ranges (vendor, status, method, currency, reconciled), kept by a trigger in
-- the transaction of every write. The totals route reads it when a request filters by
-- nothing else; a search, a date or amount range adds up the payments themselves.
CREATE TABLE payment_totals (
  vendor_id uuid NOT NULL,
  status text NOT NULL,
  method text NOT NULL,
  currency text NOT NULL,
  reconciled boolean NOT NULL,
  count bigint NOT NULL,
  amount bigint NOT NULL,
  fee bigint NOT NULL,
  platform_commission bigint NOT NULL,
  vendor_share bigint NOT NULL,
  refunded_amount bigint NOT NULL,
  PRIMARY KEY (vendor_id, status, method, currency, reconciled)
);

CREATE FUNCTION payment_totals_add(p payments, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t VALUES (p.vendor_id, p.status, p.method, p.currency, p.reconciled,
    sign, sign * p.amount, sign * p.fee, sign * p.platform_commission, sign * p.vendor_share, sign * p.refunded_amount)
  ON CONFLICT (vendor_id, status, method, currency, reconciled) DO UPDATE SET
    count = t.count + EXCLUDED.count, amount = t.amount + EXCLUDED.amount, fee = t.fee + EXCLUDED.fee,
    platform_commission = t.platform_commission + EXCLUDED.platform_commission, vendor_share = t.vendor_share + EXCLUDED.vendor_share,
    refunded_amount = t.refunded_amount + EXCLUDED.refunded_amount;
END $$;

CREATE FUNCTION payment_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM payment_totals_add(NEW, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM payment_totals_add(OLD, -1);
  -- Two rows are locked in the order of their keys, so two writes moving payments between
  -- the same two groups in opposite directions never wait on each other in a cycle.
  ELSIF (OLD.vendor_id, OLD.status, OLD.method, OLD.currency, OLD.reconciled) <= (NEW.vendor_id, NEW.status, NEW.method, NEW.currency, NEW.reconciled) THEN
    PERFORM payment_totals_add(OLD, -1);
    PERFORM payment_totals_add(NEW, 1);
  ELSE
    PERFORM payment_totals_add(NEW, 1);
    PERFORM payment_totals_add(OLD, -1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER payment_totals_follow
AFTER INSERT OR DELETE OR UPDATE OF vendor_id, status, method, currency, reconciled, amount, fee, platform_commission, vendor_share, refunded_amount ON payments
FOR EACH ROW EXECUTE FUNCTION payment_totals_follow();

-- Written while the trigger is off (a bulk load): the rollup made again from the payments.
CREATE FUNCTION payment_totals_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM payment_totals;
  INSERT INTO payment_totals
  SELECT vendor_id, status, method, currency, reconciled, count(*), sum(amount), sum(fee), sum(platform_commission), sum(vendor_share), sum(refunded_amount)
  FROM payments GROUP BY 1, 2, 3, 4, 5;
$$;
SELECT payment_totals_rebuild();

-- Search (booking ref, payer, gateway reference) on PostgreSQL: with every searched field
-- indexed, the OR of the four is read from the indexes (see 100_domain.sql for why only there).
DO $$
DECLARE
  trgm_schema text;
BEGIN
  SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX payments_booking_ref_trgm_idx ON payments USING gin (booking_ref %I.gin_trgm_ops)', trgm_schema);
    EXECUTE format('CREATE INDEX payments_payer_name_trgm_idx ON payments USING gin (payer_name %I.gin_trgm_ops)', trgm_schema);
    EXECUTE format('CREATE INDEX payments_payer_phone_trgm_idx ON payments USING gin (payer_phone %I.gin_trgm_ops)', trgm_schema);
  END IF;
END
$$;
