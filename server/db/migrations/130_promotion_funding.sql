-- Who pays for a promotion: the platform, the vendor, or both by a percentage (the
-- platform's share). A booking records the platform's part of its discount
-- (bookings.platform_funded_discount) and the split charges it there. Platform coupons
-- and discounts (no vendor) are the platform's own; a vendor's are the vendor's until
-- staff say otherwise.
ALTER TABLE coupons
  ADD COLUMN funded_by text NOT NULL DEFAULT 'vendor' CHECK (funded_by IN ('platform', 'vendor', 'shared')),
  ADD COLUMN platform_share_percent integer CHECK (platform_share_percent BETWEEN 0 AND 100),
  ADD CONSTRAINT coupons_shared_percent_check CHECK ((funded_by = 'shared') = (platform_share_percent IS NOT NULL));
ALTER TABLE discounts
  ADD COLUMN funded_by text NOT NULL DEFAULT 'vendor' CHECK (funded_by IN ('platform', 'vendor', 'shared')),
  ADD COLUMN platform_share_percent integer CHECK (platform_share_percent BETWEEN 0 AND 100),
  ADD CONSTRAINT discounts_shared_percent_check CHECK ((funded_by = 'shared') = (platform_share_percent IS NOT NULL));
UPDATE coupons SET funded_by = 'platform' WHERE vendor_id IS NULL;
UPDATE discounts SET funded_by = 'platform' WHERE vendor_id IS NULL;

-- The usage report and the per-customer limit count a promotion's bookings.
CREATE INDEX bookings_coupon_id_idx ON bookings (coupon_id, customer_id) WHERE coupon_id IS NOT NULL;
CREATE INDEX bookings_discount_id_idx ON bookings (discount_id, customer_id) WHERE discount_id IS NOT NULL;
