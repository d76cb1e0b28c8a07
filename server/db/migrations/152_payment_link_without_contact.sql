-- A payment link may be created for a payer with no phone or email: the operator copies
-- it and shares it; the link records that it was not sent (sent_count 0).
ALTER TABLE payment_invitations DROP CONSTRAINT IF EXISTS payment_invitations_check;
ALTER TABLE payment_invitations ALTER COLUMN sent_count SET DEFAULT 0;
