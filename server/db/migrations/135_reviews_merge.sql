-- Merging duplicate customers: the merged record is kept (its history and audit trail
-- stay readable) and remembers the customer it went into; lists leave it out.
ALTER TABLE customers ADD COLUMN merged_into_id uuid REFERENCES customers (id) ON DELETE RESTRICT;
ALTER TABLE customers ADD CONSTRAINT customers_merged_into_check CHECK (merged_into_id <> id);
CREATE INDEX customers_merged_into_id_idx ON customers (merged_into_id) WHERE merged_into_id IS NOT NULL;

-- The moderation queue (pending first, oldest first) and the ratings per service read
-- approved reviews by service.
CREATE INDEX reviews_service_status_rating_idx ON reviews (service_id, status, rating);
