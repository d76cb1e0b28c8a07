-- Images attached to a conversation's replies go through the media pipeline: their owner
-- is the conversation, so its vendor (and only staff besides) may see and attach them.
ALTER TABLE media DROP CONSTRAINT media_owner_type_check;
ALTER TABLE media ADD CONSTRAINT media_owner_type_check
  CHECK (owner_type IN ('service', 'location', 'banner', 'adventure', 'vendor', 'combo', 'conversation'));
