-- Reason codes (DOMAIN "Reason code"): cancellation, refund and rejection reasons with a
-- label in each language, so a French or Arabic screen shows a reason in its own language.
-- A record that takes a reason keeps the code and, for "other" and codes that ask for it,
-- free text. The codes below are every installation's starting set; staff edit them.
-- "fully_refunded" is the server's own (a full refund cancels the booking): not offered
-- to people (inactive), shown like the others.
CREATE TABLE reason_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  kind text NOT NULL CHECK (kind IN ('cancellation', 'refund', 'rejection')),
  code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9_]{0,39}$'),
  label_i18n jsonb NOT NULL CHECK (jsonb_typeof(label_i18n) = 'object'),
  needs_free_text boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  UNIQUE (kind, code)
);

-- The code of a booking's or a refund's last reason (cancel, decline, reject), beside the
-- free text already kept in status_reason; a refund's own reason gets a code too, and its
-- text may now be left out when the code says it all.
ALTER TABLE bookings ADD COLUMN status_reason_code text CHECK (length(status_reason_code) <= 40);
ALTER TABLE refunds
  ADD COLUMN reason_code text CHECK (length(reason_code) <= 40),
  ADD COLUMN status_reason_code text CHECK (length(status_reason_code) <= 40),
  ALTER COLUMN reason DROP NOT NULL,
  ADD CONSTRAINT refunds_reason_given CHECK (reason IS NOT NULL OR reason_code IS NOT NULL);

INSERT INTO reason_codes (kind, code, label_i18n, needs_free_text, sort_order) VALUES
  ('cancellation', 'weather', '{"en": "Weather conditions", "fr": "Conditions météorologiques", "ar": "الأحوال الجوية"}', false, 10),
  ('cancellation', 'customer_request', '{"en": "At the customer’s request", "fr": "À la demande du client", "ar": "بطلب من الزبون"}', false, 20),
  ('cancellation', 'illness', '{"en": "Illness or injury", "fr": "Maladie ou blessure", "ar": "مرض أو إصابة"}', false, 30),
  ('cancellation', 'vendor_cancelled', '{"en": "Cancelled by the vendor", "fr": "Annulé par le prestataire", "ar": "ألغاه مقدم الخدمة"}', false, 40),
  ('cancellation', 'not_enough_participants', '{"en": "Not enough participants", "fr": "Nombre de participants insuffisant", "ar": "عدد المشاركين غير كافٍ"}', false, 50),
  ('cancellation', 'other', '{"en": "Other reason", "fr": "Autre motif", "ar": "سبب آخر"}', true, 1000),
  ('refund', 'activity_cancelled', '{"en": "Activity cancelled", "fr": "Activité annulée", "ar": "إلغاء النشاط"}', false, 10),
  ('refund', 'customer_cancelled', '{"en": "Cancelled by the customer", "fr": "Annulation par le client", "ar": "ألغى الزبون الحجز"}', false, 20),
  ('refund', 'service_issue', '{"en": "Service not as described", "fr": "Prestation non conforme", "ar": "الخدمة لم تكن كما وُصفت"}', false, 30),
  ('refund', 'double_payment', '{"en": "Paid twice", "fr": "Paiement en double", "ar": "دفع مكرر"}', false, 40),
  ('refund', 'goodwill', '{"en": "Goodwill gesture", "fr": "Geste commercial", "ar": "بادرة حسن نية"}', false, 50),
  ('refund', 'other', '{"en": "Other reason", "fr": "Autre motif", "ar": "سبب آخر"}', true, 1000),
  ('rejection', 'fully_booked', '{"en": "Fully booked", "fr": "Complet", "ar": "لا توجد أماكن شاغرة"}', false, 10),
  ('rejection', 'outside_policy', '{"en": "Outside the cancellation policy", "fr": "Hors des conditions d’annulation", "ar": "خارج شروط الإلغاء"}', false, 20),
  ('rejection', 'duplicate_request', '{"en": "Duplicate request", "fr": "Demande en double", "ar": "طلب مكرر"}', false, 30),
  ('rejection', 'vendor_unavailable', '{"en": "Vendor unavailable", "fr": "Prestataire indisponible", "ar": "مقدم الخدمة غير متاح"}', false, 40),
  ('rejection', 'other', '{"en": "Other reason", "fr": "Autre motif", "ar": "سبب آخر"}', true, 1000);
INSERT INTO reason_codes (kind, code, label_i18n, active, sort_order) VALUES
  ('cancellation', 'fully_refunded', '{"en": "Fully refunded", "fr": "Remboursement intégral", "ar": "استرداد كامل المبلغ"}', false, 2000);
