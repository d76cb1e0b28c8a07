-- Checking in a customer who still owes money says why (the booking chart's check-in
-- guard): a coded reason of its own kind, kept on the booking and in its history like a
-- cancellation's. The starting set below; staff edit them like the others.
ALTER TABLE reason_codes DROP CONSTRAINT reason_codes_kind_check;
ALTER TABLE reason_codes ADD CONSTRAINT reason_codes_kind_check CHECK (kind IN ('cancellation', 'refund', 'rejection', 'unpaid_check_in'));

INSERT INTO reason_codes (kind, code, label_i18n, needs_free_text, sort_order) VALUES
  ('unpaid_check_in', 'pays_on_site', '{"en": "Pays on site after the activity", "fr": "Paie sur place après l’activité", "ar": "يدفع في عين المكان بعد النشاط"}', false, 10),
  ('unpaid_check_in', 'payment_on_its_way', '{"en": "Payment made, not yet received", "fr": "Paiement effectué, pas encore reçu", "ar": "تم الدفع ولم يصل بعد"}', false, 20),
  ('unpaid_check_in', 'vendor_agreed', '{"en": "Paying later, agreed with the vendor", "fr": "Paiement différé, accordé par le prestataire", "ar": "دفع لاحق بموافقة مقدم الخدمة"}', false, 30),
  ('unpaid_check_in', 'other', '{"en": "Other reason", "fr": "Autre motif", "ar": "سبب آخر"}', true, 1000);
