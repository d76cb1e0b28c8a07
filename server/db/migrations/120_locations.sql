-- Locations: how many services use each one, kept by the database itself (the locations
-- list shows and sorts by it in its one query, and no code path that writes services can
-- forget to keep it in step); and the map settings section for the location form.
ALTER TABLE locations ADD COLUMN services_count integer NOT NULL DEFAULT 0 CHECK (services_count >= 0);

UPDATE locations l SET services_count = s.n
FROM (SELECT location_id, count(*)::int AS n FROM services WHERE location_id IS NOT NULL GROUP BY location_id) s
WHERE s.location_id = l.id;

CREATE FUNCTION locations_count_services() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.location_id IS NOT NULL THEN
    UPDATE locations SET services_count = services_count - 1 WHERE id = OLD.location_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.location_id IS NOT NULL THEN
    UPDATE locations SET services_count = services_count + 1 WHERE id = NEW.location_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER services_location_count
AFTER INSERT OR DELETE ON services
FOR EACH ROW EXECUTE FUNCTION locations_count_services();

CREATE TRIGGER services_location_moved
AFTER UPDATE OF location_id ON services
FOR EACH ROW WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id)
EXECUTE FUNCTION locations_count_services();

-- The list sorts a vendor's locations by it.
CREATE INDEX locations_vendor_services_count_idx ON locations (vendor_id, services_count);

-- The map's tile server (URL template and attribution) is a settings section of its own.
ALTER TABLE settings DROP CONSTRAINT settings_section_check;
ALTER TABLE settings ADD CONSTRAINT settings_section_check
  CHECK (section IN ('business', 'company', 'currency', 'fees', 'language', 'theme', 'loyalty', 'map'));
