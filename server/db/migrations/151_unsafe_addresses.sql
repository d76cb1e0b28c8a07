-- Addresses stored before every write was held to the web-url rule (server/input.ts):
-- an optional one that is not https, a path on this server, or http on this machine is
-- cleared, so no `javascript:` or `data:` address stays served (the public settings
-- route shows the logo before sign-in).
CREATE FUNCTION pg_temp.safe_address(address text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT address ~* '^(https://[^/\\]|/[^/\\]|http://(localhost|127\.0\.0\.1|\[::1\])([:/]|$))'
$$;

UPDATE settings SET value = jsonb_set(value, '{logo_url}', 'null'::jsonb), version = version + 1, updated_at = now()
 WHERE section = 'theme' AND jsonb_typeof(value->'logo_url') = 'string' AND NOT pg_temp.safe_address(value->>'logo_url');
UPDATE settings SET value = jsonb_set(value, '{website}', 'null'::jsonb), version = version + 1, updated_at = now()
 WHERE section = 'company' AND jsonb_typeof(value->'website') = 'string' AND NOT pg_temp.safe_address(value->>'website');
UPDATE vendors SET website = NULL WHERE website IS NOT NULL AND NOT pg_temp.safe_address(website);
UPDATE banners SET link_url = NULL WHERE link_url IS NOT NULL AND NOT pg_temp.safe_address(link_url);
