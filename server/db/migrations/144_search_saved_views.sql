-- Finding records from anywhere (GET /branch/api/search/): a booking by its ref, a
-- customer by part of the name or phone, a service by its title, each from a trigram index, so a search stays
-- fast at 1,000,000 bookings. Migration 100 made these where pg_trgm was available;
-- the embedded database now loads it too, so a database made before gets them here.
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
  -- Without it (a server where it may not be installed) searches run as scans, as before.
  IF trgm_schema IS NULL THEN RETURN; END IF;
  EXECUTE format('CREATE INDEX IF NOT EXISTS bookings_ref_trgm_idx ON bookings USING gin (ref %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS bookings_customer_name_trgm_idx ON bookings USING gin (customer_name %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS bookings_customer_phone_trgm_idx ON bookings USING gin (customer_phone %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS customers_name_trgm_idx ON customers USING gin (name %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS customers_phone_trgm_idx ON customers USING gin (phone %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS customers_email_trgm_idx ON customers USING gin (email %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS payments_gateway_reference_trgm_idx ON payments USING gin (gateway_reference %I.gin_trgm_ops)', trgm_schema);
  -- A service by its title in any language: the three titles as one text (server/routes/search.ts SERVICE_TITLES).
  EXECUTE format($sql$CREATE INDEX IF NOT EXISTS services_titles_trgm_idx ON services USING gin ((coalesce(title_i18n->>'en', '') || ' ' || coalesce(title_i18n->>'fr', '') || ' ' || coalesce(title_i18n->>'ar', '')) %I.gin_trgm_ops)$sql$, trgm_schema);
END
$$;

-- A booking by its ref or the ref's first characters, in ref order, from a btree range
-- (refs are stored in capitals; a trigram index reads every ref sharing a common prefix).
CREATE INDEX IF NOT EXISTS bookings_ref_pattern_idx ON bookings (ref text_pattern_ops);

-- Saved views: a list's filters, search, ordering and columns under a name, kept for
-- their owner or shared with all staff (only staff may share).
CREATE TABLE saved_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The owner's vendor when they are vendor staff: shared views are staff's only.
  vendor_id uuid REFERENCES vendors (id) ON DELETE CASCADE,
  list_key text NOT NULL CHECK (list_key ~ '^[A-Za-z][A-Za-z0-9_.-]{0,59}$'),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
  shared boolean NOT NULL DEFAULT false,
  state jsonb NOT NULL CHECK (jsonb_typeof(state) = 'object'),
  CHECK (NOT (shared AND vendor_id IS NOT NULL))
);
-- One name per list for each owner; the menu lists a user's views and the shared ones.
CREATE UNIQUE INDEX saved_views_owner_name_key ON saved_views (owner_id, list_key, lower(name));
CREATE INDEX saved_views_shared_idx ON saved_views (list_key) WHERE shared;
