-- Saved replies: texts staff insert into a reply to a customer. Each vendor keeps its own
-- (vendor_id); the platform's staff keep theirs with no vendor. Nobody sees another's.
CREATE TABLE saved_replies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  vendor_id uuid REFERENCES vendors (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_replies_vendor_idx ON saved_replies (vendor_id, lower(title));
