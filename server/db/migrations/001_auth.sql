-- Accounts and sessions: vendors (minimal; the vendors area extends it), users, refresh
-- tokens, and the login attempts the rate limiter counts. Everything a session needs
-- lives here, so several API instances can share one PostgreSQL.

CREATE TABLE vendors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  trade_name text NOT NULL CHECK (length(trade_name) BETWEEN 1 AND 200),
  legal_name text CHECK (length(legal_name) <= 200),
  status text NOT NULL DEFAULT 'active',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Kept as typed; unique and looked up case-insensitively through users_email_key.
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  phone text CHECK (length(phone) <= 32),
  password_hash text NOT NULL,
  admin boolean NOT NULL DEFAULT false,
  vendor_id uuid REFERENCES vendors (id) ON DELETE RESTRICT,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  -- Vendor staff always belong to a vendor; staff (admin) may not.
  CONSTRAINT users_vendor_staff_have_vendor CHECK (admin OR vendor_id IS NOT NULL)
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_vendor_id_idx ON users (vendor_id);

-- Refresh tokens are stored only as the SHA-256 of the token. Each use spends the token
-- and issues its successor in the same family; using a spent token revokes the family.
CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  replaced_by uuid REFERENCES refresh_tokens (id) ON DELETE SET NULL
);
CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens (user_id);
CREATE INDEX refresh_tokens_expires_at_idx ON refresh_tokens (expires_at);

-- Login attempts that count against the rate limit: one row per attempt per scope
-- (the account's lower-cased email, and the client address). An attempt's rows are
-- written before its password is checked and removed again when it is refused by the
-- limiter or succeeds, so what remains are failures (and attempts in flight).
CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  scope text NOT NULL CHECK (scope IN ('account', 'address')),
  key text NOT NULL CHECK (length(key) <= 254),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_scope_key_idx ON login_attempts (scope, key, created_at);
CREATE INDEX login_attempts_created_at_idx ON login_attempts (created_at);
