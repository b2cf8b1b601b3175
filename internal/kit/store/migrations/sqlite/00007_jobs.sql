-- +goose Up
-- The background job queue (issue 11, internal/jobs). A job is written in
-- the transaction of the change that needs it, so none is lost. Jobs of one
-- key (the object they concern, e.g. "property:42") run one at a time, in id
-- order. A claimed job holds a lease (locked_by, locked_until); a job whose
-- worker died is taken again once its lease runs out. Done jobs are kept a
-- while for the per-minute figures, failed jobs until an admin looks.
CREATE TABLE jobs (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    kind         TEXT NOT NULL,
    key          TEXT NOT NULL,
    payload      TEXT NOT NULL DEFAULT '{}',
    state        TEXT NOT NULL DEFAULT 'pending'
                 CHECK (state IN ('pending', 'running', 'done', 'failed')),
    attempts     INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    run_at       DATETIME NOT NULL,
    last_error   TEXT NOT NULL DEFAULT '',
    locked_by    TEXT NOT NULL DEFAULT '',
    locked_until DATETIME,
    created_at   DATETIME NOT NULL,
    updated_at   DATETIME NOT NULL
);
-- Jobs still to do, by key (order and coalescing) and by id (claiming).
CREATE INDEX jobs_open_key ON jobs (key, id) WHERE state IN ('pending', 'running');
CREATE INDEX jobs_open ON jobs (id) WHERE state IN ('pending', 'running');
CREATE INDEX jobs_finished ON jobs (state, updated_at) WHERE state IN ('done', 'failed');

-- +goose Down
DROP TABLE jobs;
