-- Support tickets promise a first answer: due a time after creation that depends on the
-- priority (urgent 1 h, high 4 h, normal 24 h, low 72 h), met by the first staff reply.
-- A trigger computes it, so every way a ticket is written (the API, an escalated chatbot
-- request) gets the same due time; a new priority before the first answer moves it, from
-- the ticket's creation. Bulk loads that run without triggers (the demo seed) set it with
-- ticket_first_response_due() themselves.
ALTER TABLE tickets ADD COLUMN first_response_due_at timestamptz;
ALTER TABLE tickets ADD COLUMN first_responded_at timestamptz;

CREATE FUNCTION ticket_first_response_due(priority text, created timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
  SELECT created + CASE priority WHEN 'urgent' THEN interval '1 hour' WHEN 'high' THEN interval '4 hours'
    WHEN 'low' THEN interval '72 hours' ELSE interval '24 hours' END
$$;

CREATE FUNCTION tickets_first_response_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR (NEW.priority IS DISTINCT FROM OLD.priority AND NEW.first_responded_at IS NULL) THEN
    NEW.first_response_due_at := ticket_first_response_due(NEW.priority, NEW.created_at);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tickets_first_response_due BEFORE INSERT OR UPDATE OF priority ON tickets
  FOR EACH ROW EXECUTE FUNCTION tickets_first_response_due();

UPDATE tickets SET first_response_due_at = ticket_first_response_due(priority, created_at);
-- Tickets past their first steps were answered, as far as anyone knows.
UPDATE tickets SET first_responded_at = coalesce(status_changed_at, created_at) WHERE status IN ('pending', 'solved', 'closed');
-- The "Overdue" view: unanswered tickets, the most late first.
CREATE INDEX tickets_first_response_due_idx ON tickets (first_response_due_at) WHERE first_responded_at IS NULL;

-- A ticket's reply thread: what staff, the vendor or the requester wrote, oldest first.
CREATE TABLE ticket_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  ticket_id uuid NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
  author_type text NOT NULL CHECK (author_type IN ('staff', 'vendor', 'requester')),
  author_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  author_name text NOT NULL CHECK (length(author_name) BETWEEN 1 AND 200),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000)
);
CREATE INDEX ticket_messages_ticket_idx ON ticket_messages (ticket_id, created_at);

-- The inbox's "unassigned" and "mine" filters, newest conversation first.
CREATE INDEX conversations_assignee_idx ON conversations (assignee_id, last_message_at);
