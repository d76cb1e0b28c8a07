-- The login limiter counts failed logins only: a correct password is never recorded, so
-- an owner signing in from many tabs at once is never refused for it. One row per failed
-- login, counted per account and address, per account, and per address (see
-- server/auth/rateLimit.ts). Replaces login_attempts, which also held attempts in flight.
DROP TABLE login_attempts;
CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  account text NOT NULL CHECK (length(account) <= 254),
  address text NOT NULL CHECK (length(address) <= 254),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_account_idx ON login_failures (account, created_at);
CREATE INDEX login_failures_address_idx ON login_failures (address, created_at);
CREATE INDEX login_failures_created_at_idx ON login_failures (created_at);
