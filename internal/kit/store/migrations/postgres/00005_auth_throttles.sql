-- +goose Up
-- Sign-in throttles: one row per (account, source address) pair, one per
-- account and one per source address. Every attempt is counted as a failure
-- before the password is checked (a success takes it back), and failures
-- beyond the free ones delay the next attempt; see internal/security.
CREATE TABLE login_throttles (
    name            TEXT PRIMARY KEY,
    failures        INTEGER NOT NULL DEFAULT 0,
    next_at         TIMESTAMPTZ NOT NULL,
    last_failure_at TIMESTAMPTZ NOT NULL,
    known           BOOLEAN NOT NULL DEFAULT FALSE,
    notified_at     TIMESTAMPTZ,
    updated_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX login_throttles_updated ON login_throttles (updated_at);

-- Fixed-window request counters: send-otp and register lookups per source
-- address, reset emails per address. One row per key and window.
CREATE TABLE rate_counters (
    name       TEXT PRIMARY KEY,
    hits       INTEGER NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX rate_counters_expires ON rate_counters (expires_at);

-- +goose Down
DROP TABLE rate_counters;
DROP TABLE login_throttles;
