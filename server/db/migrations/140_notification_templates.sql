-- Templates of the notifications booking events send (confirmed, cancelled, the reminder
-- the day before), editable by staff in three languages. Placeholders in braces
-- ({customer_name} {service} {ref} {starts_at} {vendor}) are filled per language.
CREATE TABLE notification_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  key text NOT NULL UNIQUE CHECK (key IN ('booking_confirmed', 'booking_cancelled', 'booking_reminder')),
  channel text NOT NULL CHECK (channel IN ('push', 'sms', 'email', 'in_app')),
  title_i18n jsonb NOT NULL CHECK (jsonb_typeof(title_i18n) = 'object'),
  body_i18n jsonb NOT NULL CHECK (jsonb_typeof(body_i18n) = 'object'),
  active boolean NOT NULL DEFAULT true
);

INSERT INTO notification_templates (key, channel, title_i18n, body_i18n) VALUES
('booking_confirmed', 'email',
 '{"en": "Your booking {ref} is confirmed", "fr": "Votre réservation {ref} est confirmée", "ar": "تم تأكيد حجزك {ref}"}',
 '{"en": "Hello {customer_name}, your booking for {service} with {vendor} on {starts_at} is confirmed. See you there!", "fr": "Bonjour {customer_name}, votre réservation pour {service} avec {vendor} le {starts_at} est confirmée. À bientôt !", "ar": "مرحبًا {customer_name}، تم تأكيد حجزك لـ {service} مع {vendor} بتاريخ {starts_at}. نراك قريبًا!"}'),
('booking_cancelled', 'email',
 '{"en": "Your booking {ref} is cancelled", "fr": "Votre réservation {ref} est annulée", "ar": "تم إلغاء حجزك {ref}"}',
 '{"en": "Hello {customer_name}, your booking for {service} with {vendor} on {starts_at} has been cancelled.", "fr": "Bonjour {customer_name}, votre réservation pour {service} avec {vendor} le {starts_at} a été annulée.", "ar": "مرحبًا {customer_name}، تم إلغاء حجزك لـ {service} مع {vendor} بتاريخ {starts_at}."}'),
('booking_reminder', 'email',
 '{"en": "Reminder: {service} tomorrow", "fr": "Rappel : {service} demain", "ar": "تذكير: {service} غدًا"}',
 '{"en": "Hello {customer_name}, a reminder that your booking {ref} for {service} with {vendor} starts on {starts_at}.", "fr": "Bonjour {customer_name}, nous vous rappelons que votre réservation {ref} pour {service} avec {vendor} commence le {starts_at}.", "ar": "مرحبًا {customer_name}، نذكّرك بأن حجزك {ref} لـ {service} مع {vendor} يبدأ بتاريخ {starts_at}."}');

-- Which notification a booking event produced: one per booking and template, so a
-- reminder job run twice (or on two instances) sends the reminder once.
CREATE TABLE booking_notifications (
  booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  template_key text NOT NULL,
  notification_id uuid REFERENCES notifications (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (booking_id, template_key)
);

-- The customers subscribed to a topic; topics.subscribers_count is kept with it.
CREATE TABLE topic_subscribers (
  topic_id uuid NOT NULL REFERENCES topics (id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (topic_id, customer_id)
);
CREATE INDEX topic_subscribers_customer_idx ON topic_subscribers (customer_id);
