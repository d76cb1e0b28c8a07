-- Deals are priced like automatic discounts, so they are funded like them: a vendor's
-- deal is the vendor's until staff say otherwise.
ALTER TABLE deals
  ADD COLUMN funded_by text NOT NULL DEFAULT 'vendor' CHECK (funded_by IN ('platform', 'vendor', 'shared')),
  ADD COLUMN platform_share_percent integer CHECK (platform_share_percent BETWEEN 0 AND 100),
  ADD CONSTRAINT deals_shared_percent_check CHECK ((funded_by = 'shared') = (platform_share_percent IS NOT NULL));

-- One code typed by a customer means one coupon: codes are unique across all coupons,
-- whatever the case. Existing clashes keep the oldest coupon's code; the others get a
-- suffix (-2, -3, ... in creation order), cut so the code stays within 40 characters.
WITH ranked AS (
  SELECT id, code, row_number() OVER (PARTITION BY upper(code) ORDER BY created_at, id) AS n FROM coupons
)
UPDATE coupons c SET code = left(upper(r.code), 40 - length('-' || r.n)) || '-' || r.n
FROM ranked r WHERE c.id = r.id AND r.n > 1;
ALTER TABLE coupons DROP CONSTRAINT coupons_vendor_code_key;
CREATE UNIQUE INDEX coupons_code_upper_key ON coupons (upper(code));

-- A refund is money given back, never a new debt (src/domain/money.ts bookingMoney):
-- bookings that a partial refund had left "owing" what was refunded are owed nothing more.
UPDATE bookings SET balance = GREATEST(total - paid, LEAST(0, total - paid + refunded))
WHERE refunded > 0 AND status NOT IN ('declined', 'expired', 'cancelled');

-- A coupon or discount that ran out of uses is not running: lists say "Used up" and the
-- "active now" view leaves it out.
ALTER TABLE coupons ADD COLUMN used_up boolean GENERATED ALWAYS AS (max_uses IS NOT NULL AND uses_count >= max_uses) STORED;
ALTER TABLE discounts ADD COLUMN used_up boolean GENERATED ALWAYS AS (max_uses IS NOT NULL AND uses_count >= max_uses) STORED;

-- The deal that priced a booking, for the deal's usage report (as for coupons and discounts).
ALTER TABLE bookings ADD COLUMN deal_id uuid REFERENCES deals (id) ON DELETE SET NULL;
CREATE INDEX bookings_deal_id_idx ON bookings (deal_id, customer_id) WHERE deal_id IS NOT NULL;
