-- Where a vendor's money goes changes with a reason, and the first payout to a changed
-- account waits for a second staff member. The vendor keeps when its payout method or
-- account last changed, who changed it and why (the audit keeps every change, the
-- account masked); a payout keeps who gave it the second approval, when, and which change
-- it approved (the vendor's payout_account_changed_at then, each change's own stamp).
ALTER TABLE vendors
  ADD COLUMN payout_account_changed_at timestamptz,
  ADD COLUMN payout_account_changed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN payout_account_change_reason text CHECK (length(payout_account_change_reason) <= 500);

ALTER TABLE payouts
  ADD COLUMN account_approved_at timestamptz,
  ADD COLUMN account_approved_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN approved_account_change_at timestamptz,
  ADD CONSTRAINT payouts_account_approval_whole
    CHECK ((account_approved_at IS NULL) = (approved_account_change_at IS NULL) AND (account_approved_by IS NULL OR account_approved_at IS NOT NULL));

-- The rule, in one place for the API and the trigger below: an unpaid payout waits for a
-- second approval while its vendor's last payout account change has no paid payout that
-- was approved for it (so the first payout to a changed account, whatever its currency),
-- unless it was itself approved for that change (a change after an approval asks again).
-- Changes are told apart by their stamp, never by comparing clocks.
CREATE FUNCTION payout_awaits_account_approval(p payouts) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT p.status IN ('draft', 'approved') AND EXISTS (
    SELECT 1 FROM vendors v
     WHERE v.id = p.vendor_id AND v.payout_account_changed_at IS NOT NULL
       AND p.approved_account_change_at IS DISTINCT FROM v.payout_account_changed_at
       AND NOT EXISTS (
         SELECT 1 FROM payouts q
          WHERE q.vendor_id = v.id AND q.status = 'paid' AND q.approved_account_change_at = v.payout_account_changed_at))
$$;

-- The API refuses first (409 with words); this keeps any other path from paying it.
CREATE FUNCTION payouts_refuse_unapproved_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF payout_awaits_account_approval(OLD) THEN
    RAISE EXCEPTION 'payout % goes to a changed payout account without a second approval', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER payouts_refuse_unapproved_account BEFORE UPDATE OF status ON payouts
  FOR EACH ROW WHEN (NEW.status = 'paid' AND OLD.status <> 'paid')
  EXECUTE FUNCTION payouts_refuse_unapproved_account();
