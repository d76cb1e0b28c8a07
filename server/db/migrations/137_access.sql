-- Vendor staff invitations: an invited user is created inactive and sets a password
-- through a one-time link. Only the link token's SHA-256 is kept (a leaked table gives
-- no working link); a link is good once, until it expires, and a newer one voids it.
CREATE TABLE user_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  voided_at timestamptz
);
CREATE INDEX user_invitations_user_id_idx ON user_invitations (user_id, created_at);

-- Staff acting as a vendor: a session with a reason, bound to the staff member's login
-- session (logging out ends it), that every request sending X-Act-As-Vendor must name.
CREATE TABLE act_as_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  login_session_id uuid NOT NULL,
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  started_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX act_as_sessions_login_idx ON act_as_sessions (login_session_id) WHERE ended_at IS NULL;

-- Every write made while acting names the reason staff gave, beside who (actor_user_id)
-- and as which vendor (acting_as_vendor_id).
ALTER TABLE audit_log ADD COLUMN acting_reason text;
