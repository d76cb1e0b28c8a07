-- Availability and the slot manifest.
-- A booking's roster: the people behind its counts per customer type (name, age, weight,
-- waiver), filled in by the operator so the manifest can flag who fails the service's
-- adrenaline profile before check-in. Empty until someone fills it in.
ALTER TABLE bookings ADD COLUMN roster jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(roster) = 'array');

-- A disrupted departure (weather, breakdown): when it was called off and why. The slot is
-- closed at the same time; a retry of the disruption sees these and changes nothing more.
ALTER TABLE service_slots
  ADD COLUMN disrupted_at timestamptz,
  ADD COLUMN disruption_reason_code text CHECK (length(disruption_reason_code) <= 40),
  ADD COLUMN disruption_reason text CHECK (length(disruption_reason) <= 1000);
