-- Indexes measured on 1,000,000 bookings and 100,000 customers: customers listed by
-- name, and the customers a vendor may see (those who booked with them) found from
-- that vendor's bookings without visiting the other vendors' rows.
DROP INDEX IF EXISTS customers_name_idx;
CREATE INDEX customers_name_id_idx ON customers (name, id);
CREATE INDEX bookings_vendor_customer_idx ON bookings (vendor_id, customer_id);
