-- The service's title, copied onto each booking when it is made (like the customer's
-- name), so booking lists and exports show it without a join.
ALTER TABLE bookings ADD COLUMN service_title_i18n jsonb CHECK (service_title_i18n IS NULL OR jsonb_typeof(service_title_i18n) = 'object');
UPDATE bookings b SET service_title_i18n = s.title_i18n FROM services s WHERE s.id = b.service_id;
