-- A coupon code belongs to whoever issues it: unique among one vendor's coupons, and
-- among the platform's own (no vendor). Two vendors may both run SUMMER10 and neither
-- learns that the other's exists; at booking, the service's vendor's coupon is taken
-- before a platform coupon with the same code.
ALTER TABLE coupons DROP CONSTRAINT coupons_code_key;
ALTER TABLE coupons ADD CONSTRAINT coupons_vendor_code_key UNIQUE NULLS NOT DISTINCT (vendor_id, code);
