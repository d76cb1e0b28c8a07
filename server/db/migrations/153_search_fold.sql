-- Search as an operator types: `search_fold(text)` is the text a search compares, on both
-- sides (server/routes/listing.ts searchWords): small letters, Latin accents taken off
-- (é -> e, ç -> c), Arabic short vowels and tatweel taken off, alef forms, alef maqsura
-- teh marbuta and hamza seats written one way (أ إ آ ٱ -> ا, ى ئ -> ي, ة -> ه, ؤ -> و), Arabic-Indic digits as
-- 0-9, and punctuation and dashes as one space. Plain SQL, so it runs the same on the
-- embedded database and on a PostgreSQL server without any extension (unaccent is not
-- immutable, knows no Arabic and is not there everywhere). The SPA folds screen names the
-- same way (src/domain/searchText.ts); tests/api/search.test.ts holds the two together.
CREATE FUNCTION search_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fold$
  SELECT btrim(regexp_replace(
    lower(replace(replace(replace(replace(replace(translate(input,
      'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşșťţțùúûüūůűýÿźżžÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮİŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞȘŤŢȚÙÚÛÜŪŮŰÝŸŹŻŽأإآٱىةؤئ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ًٌٍَُِّْٰـ',
      'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrsssstttuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrsssstttuuuuuuuyyzzzاااايهوي01234567890123456789'),
      'ß', 'ss'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae')),
    '[\s!-/:-@\[-`{-~‐-―‘’‚“”„«»·…،؛؟]+', ' ', 'g'))
$fold$;

-- The lists searched most, at 1,000,000 bookings: each folded text from a trigram index
-- where pg_trgm is there (as migration 144 does), else searches run as scans.
DO $$
DECLARE
  trgm_schema text;
BEGIN
  SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NULL THEN RETURN; END IF;
  EXECUTE format('CREATE INDEX IF NOT EXISTS bookings_ref_fold_trgm_idx ON bookings USING gin (search_fold(ref) %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS bookings_customer_name_fold_trgm_idx ON bookings USING gin (search_fold(customer_name) %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS bookings_customer_phone_fold_trgm_idx ON bookings USING gin (search_fold(customer_phone) %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS customers_name_fold_trgm_idx ON customers USING gin (search_fold(name) %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS customers_phone_fold_trgm_idx ON customers USING gin (search_fold(phone) %I.gin_trgm_ops)', trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS customers_email_fold_trgm_idx ON customers USING gin (search_fold(email) %I.gin_trgm_ops)', trgm_schema);
END
$$;
