-- A gateway event finds the payment link of its payment: the link points at the payment
-- of its latest checkout (payment_id is set when the payer starts paying).
CREATE INDEX payment_invitations_payment_id_idx ON payment_invitations (payment_id) WHERE payment_id IS NOT NULL;
