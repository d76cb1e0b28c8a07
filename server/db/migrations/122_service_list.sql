-- Services list: "price from" and the wilaya are columns of the service, kept by the
-- database itself. The list filters, orders and exports them in its one query (no join
-- and no per-row lookup), an index serves them, and no code path that writes price rules,
-- services or locations can forget to keep them in step.

-- The lowest amount among the service's active price rules; null while it has none.
ALTER TABLE services ADD COLUMN price_from bigint CHECK (price_from >= 0);
-- The wilaya of the service's location; null without a location.
ALTER TABLE services ADD COLUMN wilaya_code text;

UPDATE services s SET price_from = p.amount
FROM (SELECT service_id, min(amount) AS amount FROM price_rules WHERE active GROUP BY service_id) p
WHERE p.service_id = s.id;

UPDATE services s SET wilaya_code = l.wilaya_code FROM locations l WHERE l.id = s.location_id;

CREATE FUNCTION services_price_from() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE services SET price_from = (SELECT min(amount) FROM price_rules WHERE service_id = OLD.service_id AND active)
    WHERE id = OLD.service_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.service_id IS DISTINCT FROM OLD.service_id) THEN
    UPDATE services SET price_from = (SELECT min(amount) FROM price_rules WHERE service_id = NEW.service_id AND active)
    WHERE id = NEW.service_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER price_rules_price_from
AFTER INSERT OR DELETE OR UPDATE OF service_id, amount, active ON price_rules
FOR EACH ROW EXECUTE FUNCTION services_price_from();

CREATE FUNCTION services_wilaya() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.wilaya_code := (SELECT wilaya_code FROM locations WHERE id = NEW.location_id);
  RETURN NEW;
END $$;

CREATE TRIGGER services_location_wilaya
BEFORE INSERT OR UPDATE OF location_id ON services
FOR EACH ROW EXECUTE FUNCTION services_wilaya();

CREATE FUNCTION locations_wilaya_to_services() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE services SET wilaya_code = NEW.wilaya_code WHERE location_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER locations_wilaya_moved
AFTER UPDATE OF wilaya_code ON locations
FOR EACH ROW WHEN (OLD.wilaya_code IS DISTINCT FROM NEW.wilaya_code)
EXECUTE FUNCTION locations_wilaya_to_services();

-- The list filters a vendor's services by wilaya and orders them by price.
CREATE INDEX services_vendor_wilaya_idx ON services (vendor_id, wilaya_code);
CREATE INDEX services_vendor_price_from_idx ON services (vendor_id, price_from);

-- At most as many participants in one booking as the service holds (the API checks it from
-- now on); services made with the old default maximum of 20 are brought within capacity.
UPDATE services SET max_participants = capacity WHERE max_participants > capacity AND min_participants <= capacity;
