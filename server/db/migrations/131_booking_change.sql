-- The refund a changed booking makes when its price went down carries this code, so every
-- language names why. The server's own, like fully_refunded: not offered to people.
INSERT INTO reason_codes (kind, code, label_i18n, active, sort_order) VALUES
  ('refund', 'booking_changed', '{"en": "Booking changed", "fr": "Réservation modifiée", "ar": "تعديل الحجز"}', false, 2000);
