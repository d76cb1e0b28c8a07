-- Acting as a vendor ends the moment the access it borrows ends: the vendor is suspended
-- or rejected (it leaves 'active'), or the staff member is deactivated or loses staff
-- rights. Done in the writing transaction, so every instance sees it at its next request
-- (requests also check the vendor and the user themselves, server/routes/actor.ts).
CREATE FUNCTION end_act_as_of_vendor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE act_as_sessions SET ended_at = now() WHERE vendor_id = NEW.id AND ended_at IS NULL;
  RETURN NEW;
END $$;
CREATE TRIGGER vendors_end_act_as AFTER UPDATE OF status ON vendors
  FOR EACH ROW WHEN (OLD.status = 'active' AND NEW.status <> 'active') EXECUTE FUNCTION end_act_as_of_vendor();

CREATE FUNCTION end_act_as_of_staff() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE act_as_sessions SET ended_at = now() WHERE staff_user_id = NEW.id AND ended_at IS NULL;
  RETURN NEW;
END $$;
CREATE TRIGGER users_end_act_as AFTER UPDATE OF active, admin ON users
  FOR EACH ROW WHEN (NOT NEW.active OR NOT NEW.admin) EXECUTE FUNCTION end_act_as_of_staff();

-- An ended act-as session is announced to its staff member on the realtime channel (as
-- server/realtime/events.ts publishes), so an open event stream acting as the vendor
-- ends at once instead of at its next heartbeat.
CREATE FUNCTION announce_act_as_end() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_id bigint;
BEGIN
  INSERT INTO realtime_events (type, collection, record_id, action, audience_user_id)
  VALUES ('record', 'act-as-sessions', NEW.id::text, 'ended', NEW.staff_user_id) RETURNING id INTO event_id;
  PERFORM pg_notify('realtime_' || current_schema(), event_id::text);
  RETURN NEW;
END $$;
CREATE TRIGGER act_as_sessions_announce_end AFTER UPDATE OF ended_at ON act_as_sessions
  FOR EACH ROW WHEN (OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL) EXECUTE FUNCTION announce_act_as_end();
