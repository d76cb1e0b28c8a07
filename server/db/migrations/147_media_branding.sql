-- The marketplace's logo goes through the media pipeline like any image: its media are
-- owned by 'branding' (one fixed owner id, staff only), and the theme settings name one.
ALTER TABLE media DROP CONSTRAINT media_owner_type_check;
ALTER TABLE media ADD CONSTRAINT media_owner_type_check
  CHECK (owner_type IN ('service', 'location', 'banner', 'adventure', 'vendor', 'combo', 'conversation', 'branding'));
