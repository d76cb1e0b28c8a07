-- Amenities and interests are shown in an order staff choose (like categories), and an
-- adventure is priced either at a fixed amount or from the sum of its parts (the
-- services of its itinerary, computed when read). Adventures that already have a price
-- keep it as their fixed price.
ALTER TABLE amenities ADD COLUMN sort_order integer NOT NULL DEFAULT 0 CHECK (sort_order BETWEEN 0 AND 100000);
ALTER TABLE interests ADD COLUMN sort_order integer NOT NULL DEFAULT 0 CHECK (sort_order BETWEEN 0 AND 100000);
ALTER TABLE adventures ADD COLUMN price_mode text NOT NULL DEFAULT 'sum_of_parts' CHECK (price_mode IN ('fixed', 'sum_of_parts'));
UPDATE adventures SET price_mode = 'fixed' WHERE price IS NOT NULL;
