-- +goose Up
-- Issue 26, bulk import: an agent's spreadsheet of listings or
-- requirements. The uploaded file is kept in the row (file) until the job
-- has run, so the job reads exactly what the preview read; errors are the
-- rows that were not saved, with the value as written. Keep the twin in step.
CREATE TABLE imports (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL CHECK (kind IN ('listings', 'requirements')),
    file_name    TEXT NOT NULL DEFAULT '',
    format       TEXT NOT NULL CHECK (format IN ('csv', 'xlsx')),
    file         BLOB,
    status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'cancelled', 'failed')),
    total        INTEGER NOT NULL DEFAULT 0,
    done         INTEGER NOT NULL DEFAULT 0,
    failed       INTEGER NOT NULL DEFAULT 0,
    created      INTEGER NOT NULL DEFAULT 0,
    updated      INTEGER NOT NULL DEFAULT 0,
    mapping      TEXT NOT NULL DEFAULT '{}',
    created_at   DATETIME NOT NULL,
    started_at   DATETIME,
    finished_at  DATETIME
);
CREATE INDEX imports_user ON imports (user_id, id);

CREATE TABLE import_errors (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    import_id  BIGINT NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
    row_number INTEGER NOT NULL,
    col        TEXT NOT NULL DEFAULT '',
    value      TEXT NOT NULL DEFAULT '',
    message    TEXT NOT NULL,
    cells      TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX import_errors_import ON import_errors (import_id, row_number);

CREATE TABLE import_mappings (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('listings', 'requirements')),
    mapping    TEXT NOT NULL,
    updated_at DATETIME NOT NULL,
    PRIMARY KEY (user_id, kind)
);

-- The agent's own reference ("Your reference"): re-importing a sheet
-- updates the row with the same reference instead of adding another.
ALTER TABLE properties ADD COLUMN external_ref TEXT;
CREATE UNIQUE INDEX properties_external_ref ON properties (agent_id, external_ref) WHERE external_ref IS NOT NULL;
ALTER TABLE requirements ADD COLUMN external_ref TEXT;
CREATE UNIQUE INDEX requirements_external_ref ON requirements (agent_id, external_ref) WHERE external_ref IS NOT NULL;

-- +goose Down
DROP INDEX requirements_external_ref;
ALTER TABLE requirements DROP COLUMN external_ref;
DROP INDEX properties_external_ref;
ALTER TABLE properties DROP COLUMN external_ref;
DROP TABLE import_mappings;
DROP TABLE import_errors;
DROP TABLE imports;
