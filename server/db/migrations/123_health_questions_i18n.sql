-- An adrenaline profile's health questions are asked in the customer's language: each
-- question becomes a text in three languages. The questions written so far were in one
-- language; they become the English text, French and Arabic left to be filled in.
UPDATE services
SET adrenaline = jsonb_set(
  adrenaline,
  '{health_questions}',
  (SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(q) = 'string' THEN jsonb_build_object('en', q, 'fr', '', 'ar', '') ELSE q END ORDER BY n), '[]'::jsonb)
   FROM jsonb_array_elements(adrenaline -> 'health_questions') WITH ORDINALITY AS e (q, n))
)
WHERE jsonb_typeof(adrenaline -> 'health_questions') = 'array';
