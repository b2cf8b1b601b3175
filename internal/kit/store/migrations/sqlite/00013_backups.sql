-- +goose Up
-- Backups taken by the server (issue 14, internal/backups): one row per
-- run, scheduled or manual, written when the run is queued. A scheduled
-- run's slot (its scheduled time, e.g. "2026-11-24T02:00Z") is unique, so
-- several instances sharing the database queue each slot once. The file
-- name is the server's own (never a request's); the summary is the
-- manifest's per-table row counts as JSON.
--
-- The first schema's backups table, which no code ever wrote, is replaced.
DROP TABLE backups;
CREATE TABLE backups (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    job_id      BIGINT,
    slot        TEXT UNIQUE,
    kind        TEXT NOT NULL CHECK (kind IN ('scheduled', 'manual')),
    state       TEXT NOT NULL DEFAULT 'queued'
                CHECK (state IN ('queued', 'running', 'success', 'failed')),
    file_name   TEXT NOT NULL DEFAULT '',
    size_bytes  BIGINT NOT NULL DEFAULT 0,
    duration_ms BIGINT NOT NULL DEFAULT 0,
    row_count   BIGINT NOT NULL DEFAULT 0,
    tables      TEXT NOT NULL DEFAULT '{}',
    error       TEXT NOT NULL DEFAULT '',
    created_by  BIGINT REFERENCES users (id) ON DELETE SET NULL,
    queued_at   DATETIME NOT NULL,
    started_at  DATETIME,
    finished_at DATETIME
);
CREATE INDEX backups_state ON backups (state, id);
CREATE INDEX backups_created_by ON backups (created_by);

-- +goose Down
DROP TABLE backups;
CREATE TABLE backups (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT NOT NULL DEFAULT 'manual' CHECK (kind IN ('manual', 'scheduled')),
    status      TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'success', 'failed')),
    file_name   TEXT NOT NULL DEFAULT '',
    size_bytes  BIGINT NOT NULL DEFAULT 0,
    error       TEXT NOT NULL DEFAULT '',
    started_by  BIGINT REFERENCES users (id) ON DELETE SET NULL,
    started_at  DATETIME NOT NULL,
    finished_at DATETIME
);
CREATE INDEX backups_started ON backups (started_at);
CREATE INDEX backups_started_by ON backups (started_by);
