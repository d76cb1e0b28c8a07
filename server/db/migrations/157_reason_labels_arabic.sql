-- Two starting reason labels said "customer" in Arabic with a word the rest of the product
-- does not use (الزبون); they now say العميل like every screen. Only labels still as they
-- were seeded change: a label staff have edited is theirs.
UPDATE reason_codes SET label_i18n = jsonb_set(label_i18n, '{ar}', '"بطلب من العميل"')
  WHERE kind = 'cancellation' AND code = 'customer_request' AND label_i18n->>'ar' = 'بطلب من الزبون';
UPDATE reason_codes SET label_i18n = jsonb_set(label_i18n, '{ar}', '"ألغى العميل الحجز"')
  WHERE kind = 'refund' AND code = 'customer_cancelled' AND label_i18n->>'ar' = 'ألغى الزبون الحجز';
