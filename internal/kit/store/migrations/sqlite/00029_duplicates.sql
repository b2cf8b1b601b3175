-- +goose Up
-- Issue 26: duplicate listings across agents (internal/feature/duplicates).
-- Keep the PostgreSQL twin (same version number) in step.

-- The perceptual hash (pHash, 64 bits, stored as a signed integer) of an
-- image, computed when its card copy is made; NULL for images stored
-- before, which get one lazily when their listing is next saved.
ALTER TABLE media ADD COLUMN phash BIGINT;

-- A pair of other agents' listings that look like the same physical
-- property: property_a < property_b, the likelihood (0..1) and its
-- reasons (a JSON list) from the last check, and the status: likely, or
-- not_duplicate once an admin split them for good.
CREATE TABLE duplicate_pairs (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    property_a  BIGINT NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    property_b  BIGINT NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    likelihood  REAL NOT NULL,
    reasons     TEXT NOT NULL DEFAULT '[]',
    status      TEXT NOT NULL DEFAULT 'likely' CHECK (status IN ('likely', 'not_duplicate')),
    split_by    BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at  DATETIME NOT NULL,
    updated_at  DATETIME NOT NULL,
    CHECK (property_a < property_b)
);
CREATE UNIQUE INDEX duplicate_pairs_key ON duplicate_pairs (property_a, property_b);
CREATE INDEX duplicate_pairs_b ON duplicate_pairs (property_b, property_a);
CREATE INDEX duplicate_pairs_status ON duplicate_pairs (status, id);
CREATE INDEX duplicate_pairs_split_by ON duplicate_pairs (split_by);

-- The candidate query: other agents' active listings in the same city, of
-- the same type and purpose, with the same bedrooms, in a price band.
CREATE INDEX properties_duplicate_candidates ON properties (city_key, property_type, listing_purpose, bedrooms, price) WHERE is_active = TRUE;

-- +goose Down
DROP INDEX properties_duplicate_candidates;
DROP TABLE duplicate_pairs;
ALTER TABLE media DROP COLUMN phash;
