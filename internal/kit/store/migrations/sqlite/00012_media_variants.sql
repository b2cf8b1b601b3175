-- +goose Up
-- Smaller copies of a stored image, made at upload (docs/decisions.md,
-- "Listing photos and advertisements"): 'card' is what listing cards show.
CREATE TABLE media_variants (
    media_id     TEXT NOT NULL REFERENCES media (id) ON DELETE CASCADE,
    variant      TEXT NOT NULL,
    content_type TEXT NOT NULL,
    data         BLOB NOT NULL,
    PRIMARY KEY (media_id, variant)
);

-- +goose Down
DROP TABLE media_variants;
