-- +goose Up
-- The landing page's editable content (issue 15): one row per part (offers,
-- plans, testimonials, demo_video, contact, training_topics), each a JSON
-- document internal/site reads and validates. One row per part lets two
-- admins save different parts without undoing each other. A part with no
-- row reads as its default (internal/site/defaults.json), so a fresh
-- database holds no rows here and a backup restores into it. Keep the PostgreSQL twin (same version number) in step.
CREATE TABLE site_content (
    name       TEXT PRIMARY KEY,
    body       TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by BIGINT REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX site_content_updated_by ON site_content (updated_by);


-- +goose Down
DROP TABLE site_content;
