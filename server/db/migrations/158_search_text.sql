-- The largest searched tables keep their search fields folded once, when a row is written,
-- instead of folding every row's fields on every search (registry `searchFolded`): on the
-- embedded database a payments search folded four fields of 17,000 rows, 3 s a request.
-- A search still finds every word in one of the fields; the fields are joined by a space,
-- which folding keeps, so a word never spans two of them. The order of the fields is the
-- registry's `search` (tests/api/search.test.ts holds the two together).
ALTER TABLE payments ADD COLUMN search_text text GENERATED ALWAYS AS (search_fold(
  coalesce(booking_ref, '') || ' ' || coalesce(gateway_reference, '') || ' ' || coalesce(payer_name, '') || ' ' || coalesce(payer_phone, '')
)) STORED;
ALTER TABLE loyalty_entries ADD COLUMN search_text text GENERATED ALWAYS AS (search_fold(coalesce(reason, ''))) STORED;
ALTER TABLE reviews ADD COLUMN search_text text GENERATED ALWAYS AS (search_fold(
  coalesce(title, '') || ' ' || coalesce(body, '') || ' ' || coalesce(vendor_reply, '')
)) STORED;

-- Where pg_trgm is there (as migration 144 does), a search of three letters or more reads an index.
DO $$
DECLARE
  trgm_schema text;
BEGIN
  SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NULL THEN RETURN; END IF;
  EXECUTE format('CREATE INDEX IF NOT EXISTS payments_search_text_trgm_idx ON payments USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS loyalty_entries_search_text_trgm_idx ON loyalty_entries USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS reviews_search_text_trgm_idx ON reviews USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
END
$$;

-- The payments' indexes on the raw fields served the search before it folded (migration 153);
-- nothing reads them now, and every payment written paid for four of them.
DROP INDEX IF EXISTS payments_booking_ref_trgm_idx;
DROP INDEX IF EXISTS payments_gateway_reference_trgm_idx;
DROP INDEX IF EXISTS payments_payer_name_trgm_idx;
DROP INDEX IF EXISTS payments_payer_phone_trgm_idx;
