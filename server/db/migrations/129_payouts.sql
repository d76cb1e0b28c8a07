-- What each vendor is owed, and the payouts that settle it.
--
-- vendor_share_entries is a ledger, one row per effect on a vendor's money: a payment
-- landing (its vendor net, with the platform commission and the gateway fee beside it)
-- and a refund succeeding (negative). For every vendor, and overall:
--   captured payments - refunds = sum(amount) + sum(commission) + sum(fee).
-- An entry joins at most one payout: payout_id is a single column, set only while it is
-- NULL (under a row lock) and cleared only by cancelling that payout.

-- A platform-funded discount is borne by the platform: its commission on such a payment
-- may be below zero.
ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_platform_commission_check;
ALTER TABLE payment_splits DROP CONSTRAINT IF EXISTS payment_splits_platform_amount_check;

CREATE TABLE payouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  period_end date NOT NULL,
  currency text NOT NULL DEFAULT 'DZD' CHECK (currency IN ('DZD', 'EUR', 'USD')),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'approved', 'paid', 'cancelled')),
  status_changed_at timestamptz,
  status_reason text CHECK (length(status_reason) <= 1000),
  entries_count integer NOT NULL DEFAULT 0 CHECK (entries_count >= 0),
  -- Vendor shares of the payments in it, and the refunds deducted (a positive number).
  gross bigint NOT NULL DEFAULT 0,
  refunds bigint NOT NULL DEFAULT 0 CHECK (refunds >= 0),
  -- Held back from this payout against later refunds, and what it releases of the reserve
  -- the vendor's previous payout held (released_from).
  reserve_held bigint NOT NULL DEFAULT 0 CHECK (reserve_held >= 0),
  reserve_released bigint NOT NULL DEFAULT 0 CHECK (reserve_released >= 0),
  released_from uuid REFERENCES payouts (id) ON DELETE RESTRICT,
  amount bigint NOT NULL CHECK (amount >= 0),
  bank_reference text CHECK (length(bank_reference) <= 100),
  approved_at timestamptz,
  approved_by uuid REFERENCES users (id) ON DELETE SET NULL,
  paid_at timestamptz,
  paid_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  notes text CHECK (length(notes) <= 1000),
  CHECK (status <> 'paid' OR (bank_reference IS NOT NULL AND paid_at IS NOT NULL)),
  CHECK (amount = gross - refunds - reserve_held + reserve_released)
);
CREATE INDEX payouts_vendor_id_idx ON payouts (vendor_id, created_at);
CREATE INDEX payouts_status_idx ON payouts (status, created_at);
-- A reserve is released by one live payout only.
CREATE UNIQUE INDEX payouts_released_from_key ON payouts (released_from) WHERE status <> 'cancelled';

CREATE TABLE vendor_share_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE RESTRICT,
  payment_id uuid NOT NULL REFERENCES payments (id) ON DELETE RESTRICT,
  refund_id uuid REFERENCES refunds (id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('payment', 'refund')),
  -- The vendor's side; the platform's commission and the gateway's fee of the same money.
  amount bigint NOT NULL,
  commission bigint NOT NULL,
  fee bigint NOT NULL DEFAULT 0,
  currency text NOT NULL DEFAULT 'DZD' CHECK (currency IN ('DZD', 'EUR', 'USD')),
  commission_percent double precision CHECK (commission_percent BETWEEN 0 AND 100),
  payable_from timestamptz NOT NULL,
  payout_id uuid REFERENCES payouts (id) ON DELETE RESTRICT,
  CHECK ((kind = 'payment') = (refund_id IS NULL)),
  CHECK (kind = 'payment' OR (amount <= 0 AND fee = 0))
);
-- One entry per payment landing, one per refund and payment it came from.
CREATE UNIQUE INDEX vendor_share_entries_payment_key ON vendor_share_entries (payment_id) WHERE kind = 'payment';
CREATE UNIQUE INDEX vendor_share_entries_refund_key ON vendor_share_entries (refund_id, payment_id) WHERE kind = 'refund';
-- Building a batch: a vendor's unpaid entries payable by a date.
CREATE INDEX vendor_share_entries_unpaid_idx ON vendor_share_entries (vendor_id, currency, payable_from) WHERE payout_id IS NULL;
CREATE INDEX vendor_share_entries_payout_idx ON vendor_share_entries (payout_id) WHERE payout_id IS NOT NULL;
CREATE INDEX vendor_share_entries_booking_idx ON vendor_share_entries (booking_id);
CREATE INDEX vendor_share_entries_vendor_idx ON vendor_share_entries (vendor_id, created_at);

CREATE TABLE commission_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  from_percent double precision NOT NULL CHECK (from_percent BETWEEN 0 AND 100),
  to_percent double precision NOT NULL CHECK (to_percent BETWEEN 0 AND 100),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
  changed_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX commission_changes_vendor_idx ON commission_changes (vendor_id, created_at);

-- Entries for money that moved before this ledger existed (and for seeded data): a paid
-- payment's share, payable after its activity; each succeeded refund tied to a payment,
-- taken from the vendor in proportion to its net. Safe to run again.
CREATE FUNCTION vendor_share_entries_backfill() RETURNS void LANGUAGE sql AS $$
  INSERT INTO vendor_share_entries (created_at, vendor_id, booking_id, payment_id, kind, amount, commission, fee, currency, commission_percent, payable_from)
  SELECT coalesce(p.paid_at, p.created_at), p.vendor_id, p.booking_id, p.id, 'payment', p.vendor_share, p.platform_commission, p.fee, p.currency,
         s.commission_percent, coalesce(b.ends_at, b.starts_at)
    FROM payments p JOIN bookings b ON b.id = p.booking_id LEFT JOIN payment_splits s ON s.payment_id = p.id
   WHERE p.status IN ('paid', 'partially_refunded', 'refunded')
     AND NOT EXISTS (SELECT 1 FROM vendor_share_entries e WHERE e.payment_id = p.id AND e.kind = 'payment');
  INSERT INTO vendor_share_entries (created_at, vendor_id, booking_id, payment_id, refund_id, kind, amount, commission, fee, currency, payable_from)
  SELECT coalesce(r.processed_at, r.updated_at), r.vendor_id, r.booking_id, p.id, r.id, 'refund',
         -round(r.amount::numeric * p.vendor_share / p.amount)::bigint,
         -(r.amount - round(r.amount::numeric * p.vendor_share / p.amount)::bigint), 0, r.currency, coalesce(r.processed_at, r.updated_at)
    FROM refunds r JOIN payments p ON p.id = r.payment_id
   WHERE r.status = 'succeeded'
     AND NOT EXISTS (SELECT 1 FROM vendor_share_entries e WHERE e.refund_id = r.id AND e.kind = 'refund');
$$;
SELECT vendor_share_entries_backfill();

-- A booking moved to another date (a change, a rebooking): its vendor shares not yet paid
-- out become payable after the new activity, however the booking was changed.
CREATE FUNCTION vendor_share_entries_follow_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vendor_share_entries SET payable_from = coalesce(NEW.ends_at, NEW.starts_at), updated_at = now(), version = version + 1
   WHERE booking_id = NEW.id AND kind = 'payment' AND payout_id IS NULL
     AND payable_from IS DISTINCT FROM coalesce(NEW.ends_at, NEW.starts_at);
  RETURN NULL;
END $$;
CREATE TRIGGER vendor_share_entries_follow_booking
AFTER UPDATE OF starts_at, ends_at ON bookings
FOR EACH ROW WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.ends_at IS DISTINCT FROM NEW.ends_at)
EXECUTE FUNCTION vendor_share_entries_follow_booking();
