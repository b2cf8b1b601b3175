-- +goose Up
-- Set-based matching (issue 24): a listing's matching job scores its
-- candidate requirements inside the database, so the locality rule needs
-- each requirement's wanted localities in the form the rule compares them
-- in (Go's lower case, runs of spaces as one; see
-- internal/core/matchengine/score.go). The engine writes them as a JSON
-- list with the requirement's targets; NULL means not written yet: the
-- requirements stored before this migration are keyed by the first
-- listing job that meets them (the partial index finds them). Keep the
-- twin in step.
ALTER TABLE requirements ADD COLUMN locality_keys TEXT;
CREATE INDEX requirements_unkeyed ON requirements (id) WHERE locality_keys IS NULL;

-- A listing's job settles its candidates in ranges of requirement ids, so
-- the candidates index leads with what a listing fixes (purpose, type,
-- city), then the requirement id: each chunk is one range of it, in order,
-- and the band is read from the index itself.
DROP INDEX requirement_targets_candidates;
CREATE INDEX requirement_targets_candidates ON requirement_targets (listing_purpose, property_type, city_key, requirement_id, price_low, price_high);

-- +goose Down
DROP INDEX requirement_targets_candidates;
CREATE INDEX requirement_targets_candidates ON requirement_targets (listing_purpose, property_type, city_key);
DROP INDEX requirements_unkeyed;
ALTER TABLE requirements DROP COLUMN locality_keys;
