-- A forgotten password is reset through the same kind of link as an invitation: a row of
-- user_invitations whose purpose says which. A reset link is short-lived, never activates
-- an account, and staff's view of a user's invitation ignores it.
ALTER TABLE user_invitations ADD COLUMN purpose text NOT NULL DEFAULT 'invite' CHECK (purpose IN ('invite', 'reset'));
