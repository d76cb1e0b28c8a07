-- The domain tables of the branch API: catalogue, bookings, money, customers, messaging,
-- settings and the audit log. Every record has id, created_at, updated_at and version
-- (optimistic concurrency); records that belong to a vendor carry vendor_id, also where
-- it could be reached through a parent, so that scoping and list indexes stay simple.
-- Arrays and translated texts are jsonb; money is bigint minor units plus a currency.

-- Vendors: the auth migration created the minimal table; add the business fields.
ALTER TABLE vendors
  ADD COLUMN rc_number text CHECK (length(rc_number) <= 40),
  ADD COLUMN nif_number text CHECK (length(nif_number) <= 40),
  ADD COLUMN nis_number text CHECK (length(nis_number) <= 40),
  ADD COLUMN contact_name text CHECK (length(contact_name) <= 200),
  ADD COLUMN contact_email text CHECK (length(contact_email) <= 254),
  ADD COLUMN contact_phone text CHECK (length(contact_phone) <= 30),
  ADD COLUMN address text CHECK (length(address) <= 500),
  ADD COLUMN wilaya_code text CHECK (wilaya_code ~ '^(0[1-9]|[1-4][0-9]|5[0-8])$'),
  ADD COLUMN website text CHECK (length(website) <= 1000),
  ADD COLUMN description text CHECK (length(description) <= 2000),
  ADD COLUMN commission_percent double precision NOT NULL DEFAULT 12 CHECK (commission_percent BETWEEN 0 AND 100),
  ADD COLUMN payout_method text CHECK (payout_method IN ('rib', 'ccp')),
  ADD COLUMN payout_account text CHECK (length(payout_account) <= 40),
  ADD COLUMN status_changed_at timestamptz,
  ADD COLUMN status_reason text CHECK (length(status_reason) <= 1000),
  ADD CONSTRAINT vendors_status_check CHECK (status IN ('applied', 'under_review', 'active', 'rejected', 'suspended'));
CREATE INDEX vendors_status_idx ON vendors (status);
CREATE INDEX vendors_trade_name_idx ON vendors (lower(trade_name));

CREATE TABLE branches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  address text CHECK (length(address) <= 500),
  wilaya_code text CHECK (wilaya_code ~ '^(0[1-9]|[1-4][0-9]|5[0-8])$'),
  phone text CHECK (length(phone) <= 30),
  email text CHECK (length(email) <= 254),
  manager_name text CHECK (length(manager_name) <= 200),
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX branches_vendor_id_idx ON branches (vendor_id, name);

CREATE TABLE locations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  name_i18n jsonb NOT NULL CHECK (jsonb_typeof(name_i18n) = 'object'),
  wilaya_code text NOT NULL CHECK (wilaya_code ~ '^(0[1-9]|[1-4][0-9]|5[0-8])$'),
  commune text CHECK (length(commune) <= 100),
  address text CHECK (length(address) <= 500),
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  meeting_point text CHECK (length(meeting_point) <= 500),
  branch_id uuid REFERENCES branches (id) ON DELETE SET NULL,
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX locations_vendor_id_idx ON locations (vendor_id, created_at);
CREATE INDEX locations_wilaya_code_idx ON locations (wilaya_code);
CREATE INDEX locations_branch_id_idx ON locations (branch_id);

CREATE TABLE categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  name_i18n jsonb NOT NULL CHECK (jsonb_typeof(name_i18n) = 'object'),
  icon text CHECK (length(icon) <= 60),
  parent_id uuid REFERENCES categories (id) ON DELETE RESTRICT,
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  CHECK (parent_id IS DISTINCT FROM id)
);
CREATE INDEX categories_parent_id_idx ON categories (parent_id, sort_order);

CREATE TABLE amenities (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  name_i18n jsonb NOT NULL CHECK (jsonb_typeof(name_i18n) = 'object'),
  icon text CHECK (length(icon) <= 60),
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE interests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  name_i18n jsonb NOT NULL CHECK (jsonb_typeof(name_i18n) = 'object'),
  icon text CHECK (length(icon) <= 60),
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  phone text NOT NULL CHECK (length(phone) <= 30),
  email text CHECK (length(email) <= 254),
  locale text NOT NULL DEFAULT 'fr' CHECK (locale IN ('en', 'fr', 'ar')),
  wilaya_code text CHECK (wilaya_code ~ '^(0[1-9]|[1-4][0-9]|5[0-8])$'),
  date_of_birth date,
  notes text CHECK (length(notes) <= 2000),
  marketing_opt_in boolean NOT NULL DEFAULT false,
  blocked boolean NOT NULL DEFAULT false,
  blocked_reason text CHECK (length(blocked_reason) <= 500),
  bookings_count integer NOT NULL DEFAULT 0 CHECK (bookings_count >= 0),
  lifetime_spend bigint NOT NULL DEFAULT 0,
  -- Caches of the wallet and loyalty ledgers, updated in the same transaction as them.
  wallet_balance bigint NOT NULL DEFAULT 0 CHECK (wallet_balance >= 0),
  loyalty_points integer NOT NULL DEFAULT 0 CHECK (loyalty_points >= 0),
  last_booking_at timestamptz,
  created_by_vendor_id uuid REFERENCES vendors (id) ON DELETE SET NULL
);
CREATE INDEX customers_name_idx ON customers (lower(name), id);
CREATE INDEX customers_phone_idx ON customers (phone);
CREATE INDEX customers_email_idx ON customers (lower(email));
CREATE INDEX customers_created_by_vendor_id_idx ON customers (created_by_vendor_id);
CREATE INDEX customers_created_at_idx ON customers (created_at);

CREATE TABLE services (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  title_i18n jsonb NOT NULL CHECK (jsonb_typeof(title_i18n) = 'object'),
  description_i18n jsonb NOT NULL DEFAULT '{"en": "", "fr": "", "ar": ""}' CHECK (jsonb_typeof(description_i18n) = 'object'),
  category_id uuid NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
  subcategory_id uuid REFERENCES categories (id) ON DELETE SET NULL,
  location_id uuid REFERENCES locations (id) ON DELETE SET NULL,
  branch_id uuid REFERENCES branches (id) ON DELETE SET NULL,
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 1 AND 43200),
  booking_type text NOT NULL DEFAULT 'date_time' CHECK (booking_type IN ('date', 'date_time', 'pass')),
  capacity integer NOT NULL CHECK (capacity BETWEEN 1 AND 10000),
  min_participants integer NOT NULL DEFAULT 1 CHECK (min_participants >= 1),
  max_participants integer NOT NULL DEFAULT 20 CHECK (max_participants >= 1),
  booking_cutoff_minutes integer NOT NULL DEFAULT 120 CHECK (booking_cutoff_minutes >= 0),
  confirmation text NOT NULL DEFAULT 'instant' CHECK (confirmation IN ('instant', 'manual')),
  cancellation_policy text NOT NULL DEFAULT 'moderate' CHECK (cancellation_policy IN ('flexible', 'moderate', 'strict', 'non_refundable')),
  currency text NOT NULL DEFAULT 'DZD' CHECK (currency IN ('DZD', 'EUR', 'USD')),
  customer_types jsonb NOT NULL DEFAULT '["adult", "child"]' CHECK (jsonb_typeof(customer_types) = 'array'),
  extras jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(extras) = 'array'),
  interest_ids jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(interest_ids) = 'array'),
  amenity_ids jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(amenity_ids) = 'array'),
  adrenaline jsonb CHECK (jsonb_typeof(adrenaline) = 'object'),
  private_customer_id uuid REFERENCES customers (id) ON DELETE RESTRICT,
  base_service_id uuid REFERENCES services (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  status_changed_at timestamptz,
  status_reason text CHECK (length(status_reason) <= 1000),
  rating_avg double precision,
  reviews_count integer NOT NULL DEFAULT 0,
  CHECK (min_participants <= max_participants)
);
CREATE INDEX services_vendor_id_idx ON services (vendor_id, created_at);
CREATE INDEX services_status_idx ON services (status, created_at);
CREATE INDEX services_category_id_idx ON services (category_id);
CREATE INDEX services_location_id_idx ON services (location_id);
CREATE INDEX services_private_customer_id_idx ON services (private_customer_id) WHERE private_customer_id IS NOT NULL;

CREATE TABLE service_slots (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  service_id uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  capacity integer NOT NULL CHECK (capacity BETWEEN 0 AND 10000),
  -- Seats held by bookings that will take place; kept in step by the booking routes.
  booked integer NOT NULL DEFAULT 0 CHECK (booked >= 0),
  closed boolean NOT NULL DEFAULT false,
  notes text CHECK (length(notes) <= 500),
  UNIQUE (service_id, starts_at),
  CHECK (ends_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX service_slots_vendor_id_idx ON service_slots (vendor_id, starts_at);
CREATE INDEX service_slots_starts_at_idx ON service_slots (starts_at);

CREATE TABLE price_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  service_id uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  name text CHECK (length(name) <= 120),
  customer_type text NOT NULL CHECK (customer_type IN ('adult', 'child', 'infant', 'senior', 'student')),
  amount bigint NOT NULL CHECK (amount >= 0),
  currency text NOT NULL DEFAULT 'DZD' CHECK (currency IN ('DZD', 'EUR', 'USD')),
  per text NOT NULL DEFAULT 'person' CHECK (per IN ('person', 'booking')),
  valid_from date,
  valid_to date,
  weekdays jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(weekdays) = 'array'),
  min_group_size integer CHECK (min_group_size >= 1),
  priority integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from <= valid_to)
);
CREATE INDEX price_rules_service_id_idx ON price_rules (service_id, customer_type);
CREATE INDEX price_rules_vendor_id_idx ON price_rules (vendor_id);

CREATE TABLE combos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  title_i18n jsonb NOT NULL CHECK (jsonb_typeof(title_i18n) = 'object'),
  description_i18n jsonb NOT NULL DEFAULT '{"en": "", "fr": "", "ar": ""}',
  items jsonb NOT NULL CHECK (jsonb_typeof(items) = 'array'),
  pricing text NOT NULL CHECK (pricing IN ('fixed', 'percent_of_parts')),
  price bigint CHECK (price >= 0),
  percent double precision CHECK (percent BETWEEN 0 AND 100),
  currency text NOT NULL DEFAULT 'DZD' CHECK (currency IN ('DZD', 'EUR', 'USD')),
  valid_from date,
  valid_to date,
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX combos_vendor_id_idx ON combos (vendor_id, created_at);

CREATE TABLE adventures (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid REFERENCES vendors (id) ON DELETE RESTRICT,
  title_i18n jsonb NOT NULL CHECK (jsonb_typeof(title_i18n) = 'object'),
  description_i18n jsonb NOT NULL DEFAULT '{"en": "", "fr": "", "ar": ""}',
  days integer NOT NULL CHECK (days BETWEEN 1 AND 60),
  itinerary jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(itinerary) = 'array'),
  price bigint CHECK (price >= 0),
  currency text NOT NULL DEFAULT 'DZD' CHECK (currency IN ('DZD', 'EUR', 'USD')),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  status_changed_at timestamptz,
  status_reason text CHECK (length(status_reason) <= 1000)
);
CREATE INDEX adventures_vendor_id_idx ON adventures (vendor_id, created_at);

CREATE TABLE media (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid REFERENCES vendors (id) ON DELETE RESTRICT,
  url text NOT NULL CHECK (length(url) <= 1000),
  kind text NOT NULL DEFAULT 'image' CHECK (kind IN ('image', 'video', 'document')),
  mime_type text CHECK (length(mime_type) <= 100),
  alt_text text CHECK (length(alt_text) <= 300),
  owner_type text NOT NULL CHECK (owner_type IN ('service', 'location', 'banner', 'adventure', 'vendor', 'combo')),
  owner_id uuid,
  sort_order integer NOT NULL DEFAULT 0,
  is_cover boolean NOT NULL DEFAULT false,
  width integer,
  height integer,
  size_bytes bigint
);
CREATE INDEX media_owner_idx ON media (owner_type, owner_id, sort_order);
CREATE INDEX media_vendor_id_idx ON media (vendor_id, sort_order);

CREATE TABLE coupons (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid REFERENCES vendors (id) ON DELETE RESTRICT,
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9_-]{3,40}$'),
  description text CHECK (length(description) <= 500),
  kind text NOT NULL CHECK (kind IN ('percent', 'fixed', 'per_person')),
  value bigint NOT NULL CHECK (value >= 1 AND (kind <> 'percent' OR value <= 100)),
  currency text NOT NULL DEFAULT 'DZD' CHECK (currency IN ('DZD', 'EUR', 'USD')),
  max_uses integer CHECK (max_uses >= 1),
  per_customer_limit integer CHECK (per_customer_limit >= 1),
  booking_from timestamptz,
  booking_to timestamptz,
  travel_from date,
  travel_to date,
  service_ids jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(service_ids) = 'array'),
  min_total bigint,
  stackable boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  uses_count integer NOT NULL DEFAULT 0 CHECK (uses_count >= 0)
);
CREATE INDEX coupons_vendor_id_idx ON coupons (vendor_id, created_at);

CREATE TABLE discounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid REFERENCES vendors (id) ON DELETE RESTRICT,
  name_i18n jsonb NOT NULL CHECK (jsonb_typeof(name_i18n) = 'object'),
  min_participants integer CHECK (min_participants >= 1),
  kind text NOT NULL CHECK (kind IN ('percent', 'fixed', 'per_person')),
  value bigint NOT NULL CHECK (value >= 1 AND (kind <> 'percent' OR value <= 100)),
  currency text NOT NULL DEFAULT 'DZD' CHECK (currency IN ('DZD', 'EUR', 'USD')),
  max_uses integer CHECK (max_uses >= 1),
  per_customer_limit integer CHECK (per_customer_limit >= 1),
  booking_from timestamptz,
  booking_to timestamptz,
  travel_from date,
  travel_to date,
  service_ids jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(service_ids) = 'array'),
  min_total bigint,
  stackable boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  uses_count integer NOT NULL DEFAULT 0 CHECK (uses_count >= 0)
);
CREATE INDEX discounts_vendor_id_idx ON discounts (vendor_id, active);

CREATE TABLE deals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  title_i18n jsonb NOT NULL CHECK (jsonb_typeof(title_i18n) = 'object'),
  description_i18n jsonb NOT NULL DEFAULT '{"en": "", "fr": "", "ar": ""}',
  service_ids jsonb NOT NULL CHECK (jsonb_typeof(service_ids) = 'array'),
  discount_percent double precision NOT NULL CHECK (discount_percent BETWEEN 0 AND 100),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  featured boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  CHECK (starts_at < ends_at)
);
CREATE INDEX deals_vendor_id_idx ON deals (vendor_id, starts_at);
CREATE INDEX deals_starts_at_idx ON deals (starts_at);

CREATE TABLE bookings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  ref text NOT NULL UNIQUE CHECK (length(ref) BETWEEN 4 AND 12),
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE RESTRICT,
  -- A snapshot of the customer at booking time, for lists and search without a join.
  customer_name text NOT NULL CHECK (length(customer_name) <= 200),
  customer_phone text CHECK (length(customer_phone) <= 30),
  service_id uuid NOT NULL REFERENCES services (id) ON DELETE RESTRICT,
  branch_id uuid REFERENCES branches (id) ON DELETE SET NULL,
  location_id uuid REFERENCES locations (id) ON DELETE SET NULL,
  slot_id uuid REFERENCES service_slots (id) ON DELETE SET NULL,
  combo_id uuid REFERENCES combos (id) ON DELETE SET NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  participants jsonb NOT NULL CHECK (jsonb_typeof(participants) = 'object'),
  participants_count integer NOT NULL CHECK (participants_count >= 1),
  extras jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(extras) = 'array'),
  coupon_code text CHECK (length(coupon_code) <= 40),
  coupon_id uuid REFERENCES coupons (id) ON DELETE SET NULL,
  discount_id uuid REFERENCES discounts (id) ON DELETE SET NULL,
  subtotal bigint NOT NULL CHECK (subtotal >= 0),
  discount_amount bigint NOT NULL DEFAULT 0 CHECK (discount_amount >= 0 AND discount_amount <= subtotal),
  fee_amount bigint NOT NULL DEFAULT 0 CHECK (fee_amount >= 0),
  total bigint NOT NULL CHECK (total >= 0),
  paid bigint NOT NULL DEFAULT 0 CHECK (paid >= 0),
  refunded bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0 AND refunded <= paid),
  balance bigint NOT NULL,
  currency text NOT NULL DEFAULT 'DZD' CHECK (currency IN ('DZD', 'EUR', 'USD')),
  status text NOT NULL CHECK (status IN ('requested', 'confirmed', 'declined', 'expired', 'checked_in', 'no_show', 'cancelled', 'completed')),
  status_changed_at timestamptz,
  status_reason text CHECK (length(status_reason) <= 1000),
  payment_status text NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('unpaid', 'deposit', 'paid', 'partially_refunded', 'refunded')),
  channel text NOT NULL DEFAULT 'back_office' CHECK (channel IN ('back_office', 'web', 'app', 'partner')),
  notes text CHECK (length(notes) <= 2000),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  hold_expires_at timestamptz,
  CHECK (total = subtotal - discount_amount + fee_amount)
);
-- List screens: by vendor and date, by status and date, by date; the id breaks ties.
CREATE INDEX bookings_vendor_starts_at_idx ON bookings (vendor_id, starts_at, id);
CREATE INDEX bookings_status_starts_at_idx ON bookings (status, starts_at, id);
CREATE INDEX bookings_starts_at_idx ON bookings (starts_at, id);
CREATE INDEX bookings_vendor_created_at_idx ON bookings (vendor_id, created_at);
CREATE INDEX bookings_created_at_idx ON bookings (created_at);
CREATE INDEX bookings_customer_id_idx ON bookings (customer_id, vendor_id);
CREATE INDEX bookings_service_id_idx ON bookings (service_id, starts_at);
CREATE INDEX bookings_slot_id_idx ON bookings (slot_id) WHERE slot_id IS NOT NULL;
CREATE INDEX bookings_hold_expires_at_idx ON bookings (hold_expires_at) WHERE status = 'requested';
CREATE INDEX bookings_customer_name_idx ON bookings (lower(customer_name) text_pattern_ops);
CREATE INDEX bookings_customer_phone_idx ON bookings (customer_phone text_pattern_ops);

CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE RESTRICT,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE RESTRICT,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL DEFAULT 'DZD' CHECK (currency IN ('DZD', 'EUR', 'USD')),
  method text NOT NULL CHECK (method IN ('cib', 'edahabia', 'cash', 'wallet', 'gift_card')),
  payer_name text CHECK (length(payer_name) <= 200),
  payer_phone text CHECK (length(payer_phone) <= 30),
  payer_email text CHECK (length(payer_email) <= 254),
  notes text CHECK (length(notes) <= 1000),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed', 'cancelled', 'expired', 'partially_refunded', 'refunded')),
  status_changed_at timestamptz,
  status_reason text CHECK (length(status_reason) <= 1000),
  gateway_reference text CHECK (length(gateway_reference) <= 100),
  checkout_url text CHECK (length(checkout_url) <= 1000),
  fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0),
  platform_commission bigint NOT NULL DEFAULT 0 CHECK (platform_commission >= 0),
  vendor_share bigint NOT NULL DEFAULT 0,
  refunded_amount bigint NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= amount),
  paid_at timestamptz,
  payout_status text NOT NULL DEFAULT 'pending' CHECK (payout_status IN ('pending', 'scheduled', 'paid_out')),
  payout_at timestamptz,
  reconciled boolean NOT NULL DEFAULT false,
  recorded_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX payments_booking_id_idx ON payments (booking_id);
CREATE INDEX payments_vendor_id_idx ON payments (vendor_id, created_at);
CREATE INDEX payments_status_idx ON payments (status, created_at);
CREATE INDEX payments_created_at_idx ON payments (created_at);
CREATE INDEX payments_customer_id_idx ON payments (customer_id);
CREATE UNIQUE INDEX payments_gateway_reference_key ON payments (gateway_reference) WHERE gateway_reference IS NOT NULL;

CREATE TABLE refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE RESTRICT,
  payment_id uuid REFERENCES payments (id) ON DELETE RESTRICT,
  amount bigint NOT NULL CHECK (amount > 0),
  kind text NOT NULL CHECK (kind IN ('full', 'partial')),
  currency text NOT NULL DEFAULT 'DZD' CHECK (currency IN ('DZD', 'EUR', 'USD')),
  destination text NOT NULL DEFAULT 'original_method' CHECK (destination IN ('original_method', 'wallet', 'gift_card')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
  notify_customer boolean NOT NULL DEFAULT true,
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'approved', 'rejected', 'processing', 'succeeded', 'failed')),
  status_changed_at timestamptz,
  status_reason text CHECK (length(status_reason) <= 1000),
  gateway_reference text CHECK (length(gateway_reference) <= 100),
  processed_at timestamptz,
  requested_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX refunds_booking_id_idx ON refunds (booking_id);
CREATE INDEX refunds_vendor_id_idx ON refunds (vendor_id, created_at);
CREATE INDEX refunds_status_idx ON refunds (status, created_at);

CREATE TABLE payment_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE RESTRICT,
  invitee_name text CHECK (length(invitee_name) <= 200),
  invitee_phone text CHECK (length(invitee_phone) <= 30),
  invitee_email text CHECK (length(invitee_email) <= 254),
  channel text NOT NULL DEFAULT 'sms' CHECK (channel IN ('sms', 'email')),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL DEFAULT 'DZD' CHECK (currency IN ('DZD', 'EUR', 'USD')),
  expires_at timestamptz NOT NULL,
  message text CHECK (length(message) <= 500),
  token text NOT NULL UNIQUE CHECK (length(token) BETWEEN 16 AND 64),
  status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'opened', 'paid', 'expired', 'cancelled')),
  status_changed_at timestamptz,
  status_reason text CHECK (length(status_reason) <= 1000),
  sent_count integer NOT NULL DEFAULT 1,
  last_sent_at timestamptz,
  opened_at timestamptz,
  payment_id uuid REFERENCES payments (id) ON DELETE SET NULL,
  CHECK (invitee_phone IS NOT NULL OR invitee_email IS NOT NULL)
);
CREATE INDEX payment_invitations_booking_id_idx ON payment_invitations (booking_id);
CREATE INDEX payment_invitations_vendor_id_idx ON payment_invitations (vendor_id, created_at);
CREATE INDEX payment_invitations_expires_at_idx ON payment_invitations (expires_at) WHERE status IN ('sent', 'opened');

CREATE TABLE payment_splits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  payment_id uuid NOT NULL UNIQUE REFERENCES payments (id) ON DELETE CASCADE,
  booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE RESTRICT,
  amount bigint NOT NULL CHECK (amount >= 0),
  currency text NOT NULL DEFAULT 'DZD' CHECK (currency IN ('DZD', 'EUR', 'USD')),
  commission_percent double precision NOT NULL CHECK (commission_percent BETWEEN 0 AND 100),
  platform_amount bigint NOT NULL CHECK (platform_amount >= 0),
  vendor_net bigint NOT NULL,
  payout_date date,
  shares jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(shares) = 'array'),
  notes text CHECK (length(notes) <= 1000)
);
CREATE INDEX payment_splits_vendor_id_idx ON payment_splits (vendor_id, created_at);
CREATE INDEX payment_splits_booking_id_idx ON payment_splits (booking_id);

CREATE TABLE loyalty_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  points integer NOT NULL CHECK (points <> 0),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  booking_id uuid REFERENCES bookings (id) ON DELETE SET NULL,
  expires_at date,
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX loyalty_entries_customer_id_idx ON loyalty_entries (customer_id, created_at);

CREATE TABLE wallet_transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('credit', 'debit')),
  source text NOT NULL CHECK (source IN ('refund', 'top_up', 'booking', 'adjustment')),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL DEFAULT 'DZD' CHECK (currency IN ('DZD', 'EUR', 'USD')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  booking_id uuid REFERENCES bookings (id) ON DELETE SET NULL,
  refund_id uuid REFERENCES refunds (id) ON DELETE SET NULL,
  payment_id uuid REFERENCES payments (id) ON DELETE SET NULL,
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX wallet_transactions_customer_id_idx ON wallet_transactions (customer_id, created_at);

CREATE TABLE reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE RESTRICT,
  booking_id uuid NOT NULL UNIQUE REFERENCES bookings (id) ON DELETE CASCADE,
  service_id uuid NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title text CHECK (length(title) <= 200),
  body text CHECK (length(body) <= 4000),
  language text NOT NULL DEFAULT 'fr' CHECK (language IN ('en', 'fr', 'ar')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  status_changed_at timestamptz,
  status_reason text CHECK (length(status_reason) <= 1000),
  vendor_reply text CHECK (length(vendor_reply) <= 2000),
  replied_at timestamptz
);
CREATE INDEX reviews_vendor_id_idx ON reviews (vendor_id, created_at);
CREATE INDEX reviews_service_id_idx ON reviews (service_id);
CREATE INDEX reviews_status_idx ON reviews (status, created_at);

CREATE TABLE topics (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  key text NOT NULL UNIQUE CHECK (key ~ '^[a-z0-9_.-]{2,60}$'),
  name_i18n jsonb NOT NULL CHECK (jsonb_typeof(name_i18n) = 'object'),
  description text CHECK (length(description) <= 500),
  subscribers_count integer NOT NULL DEFAULT 0
);

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  title_i18n jsonb NOT NULL CHECK (jsonb_typeof(title_i18n) = 'object'),
  body_i18n jsonb NOT NULL CHECK (jsonb_typeof(body_i18n) = 'object'),
  channel text NOT NULL CHECK (channel IN ('push', 'sms', 'email', 'in_app')),
  audience_type text NOT NULL CHECK (audience_type IN ('customer', 'segment', 'topic', 'all_customers', 'all_vendors')),
  audience_customer_id uuid REFERENCES customers (id) ON DELETE SET NULL,
  segment text CHECK (length(segment) <= 60),
  topic_id uuid REFERENCES topics (id) ON DELETE SET NULL,
  scheduled_at timestamptz,
  template_key text CHECK (length(template_key) <= 60),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'sent', 'failed')),
  status_changed_at timestamptz,
  status_reason text CHECK (length(status_reason) <= 1000),
  sent_at timestamptz,
  recipients_count integer NOT NULL DEFAULT 0,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX notifications_status_idx ON notifications (status, scheduled_at);
CREATE INDEX notifications_created_at_idx ON notifications (created_at);

CREATE TABLE conversations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid REFERENCES vendors (id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('customer', 'vendor')),
  customer_id uuid REFERENCES customers (id) ON DELETE SET NULL,
  subject text CHECK (length(subject) <= 200),
  booking_id uuid REFERENCES bookings (id) ON DELETE SET NULL,
  assignee_id uuid REFERENCES users (id) ON DELETE SET NULL,
  archived boolean NOT NULL DEFAULT false,
  unread_count integer NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
  last_message_at timestamptz,
  last_message_preview text CHECK (length(last_message_preview) <= 200)
);
CREATE INDEX conversations_vendor_id_idx ON conversations (vendor_id, last_message_at);
CREATE INDEX conversations_last_message_at_idx ON conversations (last_message_at);
CREATE INDEX conversations_customer_id_idx ON conversations (customer_id);

CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  vendor_id uuid REFERENCES vendors (id) ON DELETE RESTRICT,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
  attachments jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(attachments) = 'array'),
  author_type text NOT NULL CHECK (author_type IN ('staff', 'vendor', 'customer', 'system')),
  author_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  author_name text NOT NULL CHECK (length(author_name) <= 200),
  read_at timestamptz
);
CREATE INDEX messages_conversation_id_idx ON messages (conversation_id, created_at);

CREATE TABLE tickets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  vendor_id uuid REFERENCES vendors (id) ON DELETE RESTRICT,
  requester_type text NOT NULL CHECK (requester_type IN ('customer', 'vendor', 'staff')),
  requester_name text NOT NULL CHECK (length(requester_name) BETWEEN 1 AND 200),
  requester_email text CHECK (length(requester_email) <= 254),
  customer_id uuid REFERENCES customers (id) ON DELETE SET NULL,
  booking_id uuid REFERENCES bookings (id) ON DELETE SET NULL,
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  body text CHECK (length(body) <= 5000),
  priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  assignee_id uuid REFERENCES users (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'open', 'pending', 'solved', 'closed')),
  status_changed_at timestamptz,
  status_reason text CHECK (length(status_reason) <= 1000),
  chatbot_request_id uuid
);
CREATE INDEX tickets_vendor_id_idx ON tickets (vendor_id, created_at);
CREATE INDEX tickets_status_idx ON tickets (status, created_at);

CREATE TABLE chatbot_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  customer_id uuid REFERENCES customers (id) ON DELETE SET NULL,
  transcript jsonb NOT NULL CHECK (jsonb_typeof(transcript) = 'array'),
  intent text CHECK (length(intent) <= 60),
  confidence double precision CHECK (confidence BETWEEN 0 AND 1),
  booking_id uuid REFERENCES bookings (id) ON DELETE SET NULL,
  channel text NOT NULL DEFAULT 'web' CHECK (channel IN ('web', 'app', 'whatsapp')),
  resolution_note text CHECK (length(resolution_note) <= 1000),
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_review', 'resolved', 'escalated', 'dismissed')),
  status_changed_at timestamptz,
  status_reason text CHECK (length(status_reason) <= 1000),
  ticket_id uuid REFERENCES tickets (id) ON DELETE SET NULL
);
ALTER TABLE tickets ADD CONSTRAINT tickets_chatbot_request_id_fkey
  FOREIGN KEY (chatbot_request_id) REFERENCES chatbot_requests (id) ON DELETE SET NULL;
CREATE INDEX chatbot_requests_status_idx ON chatbot_requests (status, created_at);

CREATE TABLE help_articles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]{2,120}$'),
  title_i18n jsonb NOT NULL CHECK (jsonb_typeof(title_i18n) = 'object'),
  body_i18n jsonb NOT NULL CHECK (jsonb_typeof(body_i18n) = 'object'),
  audience text NOT NULL CHECK (audience IN ('staff', 'vendor', 'all')),
  tags jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(tags) = 'array'),
  published boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE banners (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  image_url text NOT NULL CHECK (length(image_url) <= 1000),
  link_url text CHECK (length(link_url) <= 1000),
  title_i18n jsonb CHECK (jsonb_typeof(title_i18n) = 'object'),
  locale text NOT NULL DEFAULT 'all' CHECK (locale IN ('all', 'en', 'fr', 'ar')),
  starts_at timestamptz,
  ends_at timestamptz,
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at)
);

-- One row per settings section; the value is validated by the API against its schema.
CREATE TABLE settings (
  section text PRIMARY KEY CHECK (section IN ('business', 'company', 'currency', 'fees', 'language', 'theme', 'loyalty')),
  value jsonb NOT NULL CHECK (jsonb_typeof(value) = 'object'),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL
);

-- Who changed what and when, with the record before and after. Never updated; no
-- foreign keys, so entries outlive what they describe.
CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT now(),
  actor_user_id uuid,
  actor_email text,
  acting_as_vendor_id uuid,
  action text NOT NULL CHECK (length(action) <= 60),
  entity text NOT NULL CHECK (length(entity) <= 60),
  entity_id text CHECK (length(entity_id) <= 60),
  vendor_id uuid,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, at);
CREATE INDEX audit_log_vendor_id_idx ON audit_log (vendor_id, at);
CREATE INDEX audit_log_actor_user_id_idx ON audit_log (actor_user_id, at);

-- Substring search (search=) on the big lists: trigram indexes where pg_trgm is
-- available (PostgreSQL), installed once per database in the public schema so that
-- every schema's indexes can use it. Without it (the embedded database) the same
-- queries run as scans, which is fine at the embedded database's sizes.
DO $$
DECLARE
  trgm_schema text;
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
  EXCEPTION WHEN OTHERS THEN
    NULL;
  END;
  SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX bookings_ref_trgm_idx ON bookings USING gin (ref %I.gin_trgm_ops)', trgm_schema);
    EXECUTE format('CREATE INDEX bookings_customer_name_trgm_idx ON bookings USING gin (customer_name %I.gin_trgm_ops)', trgm_schema);
    EXECUTE format('CREATE INDEX bookings_customer_phone_trgm_idx ON bookings USING gin (customer_phone %I.gin_trgm_ops)', trgm_schema);
    EXECUTE format('CREATE INDEX customers_name_trgm_idx ON customers USING gin (name %I.gin_trgm_ops)', trgm_schema);
    EXECUTE format('CREATE INDEX customers_phone_trgm_idx ON customers USING gin (phone %I.gin_trgm_ops)', trgm_schema);
    EXECUTE format('CREATE INDEX customers_email_trgm_idx ON customers USING gin (email %I.gin_trgm_ops)', trgm_schema);
    EXECUTE format('CREATE INDEX payments_gateway_reference_trgm_idx ON payments USING gin (gateway_reference %I.gin_trgm_ops)', trgm_schema);
  END IF;
END
$$;
