-- +goose Up
-- Signed webhooks (issue 23, internal/platform/webhooks). Keep the twin in step.
--
-- An agent's endpoints (at most 5): the address, the events it takes (a JSON
-- list of names), its signing secret sealed with a key derived from the
-- server secret (it must be recoverable to sign; it is shown once), and
-- whether it is on. Repeated failures turn it off with a reason.
CREATE TABLE webhook_endpoints (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id              BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    url                  TEXT NOT NULL,
    events               TEXT NOT NULL DEFAULT '[]',
    secret               TEXT NOT NULL,
    enabled              BOOLEAN NOT NULL DEFAULT TRUE,
    disabled_reason      TEXT NOT NULL DEFAULT '',
    consecutive_failures INTEGER NOT NULL DEFAULT 0,
    created_at           DATETIME NOT NULL,
    updated_at           DATETIME NOT NULL
);
CREATE INDEX webhook_endpoints_user ON webhook_endpoints (user_id, id);

-- One row per attempt at delivering one message (msg_id is the same on
-- every attempt of a message, as Standard Webhooks asks): pending until its
-- job runs, then succeeded or failed with the answer's status and latency.
CREATE TABLE webhook_deliveries (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    endpoint_id BIGINT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event       TEXT NOT NULL,
    msg_id      TEXT NOT NULL,
    payload     TEXT NOT NULL,
    attempt     INTEGER NOT NULL DEFAULT 1,
    state       TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'succeeded', 'failed', 'skipped')),
    status_code INTEGER,
    latency_ms  INTEGER,
    error       TEXT NOT NULL DEFAULT '',
    created_at  DATETIME NOT NULL,
    delivered_at DATETIME
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id);

-- +goose Down
DROP TABLE webhook_deliveries;
DROP TABLE webhook_endpoints;
