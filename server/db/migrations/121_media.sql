-- Media uploaded through the API: alt text in three languages (the single alt_text stays
-- for old clients and becomes the English text), whether the file is kept by the API's
-- storage (the image proxy serves it) rather than at an outside url, and at most one
-- cover per owner, which the database itself keeps true under concurrent writes.
ALTER TABLE media ADD COLUMN alt_i18n jsonb NOT NULL DEFAULT '{"en": "", "fr": "", "ar": ""}' CHECK (jsonb_typeof(alt_i18n) = 'object');
UPDATE media SET alt_i18n = jsonb_build_object('en', coalesce(alt_text, ''), 'fr', '', 'ar', '') WHERE alt_text IS NOT NULL;
ALTER TABLE media ADD COLUMN stored boolean NOT NULL DEFAULT false;
UPDATE media m SET is_cover = false
WHERE m.is_cover AND EXISTS (
  SELECT 1 FROM media o
  WHERE o.is_cover AND o.owner_type = m.owner_type AND o.owner_id = m.owner_id AND (o.sort_order, o.id) < (m.sort_order, m.id)
);
CREATE UNIQUE INDEX media_one_cover_idx ON media (owner_type, owner_id) WHERE is_cover;
