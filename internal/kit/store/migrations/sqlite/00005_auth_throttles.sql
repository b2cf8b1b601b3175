-- +goose Up
-- Sign-in throttles: one row per (account, source address) pair, one per
-- account and one per source address. Every attempt is counted as a failure
-- before the password is checked (a success takes it back), and failures
-- beyond the free ones delay the next attempt; see internal/security.
CREATE TABLE login_throttles (
    name            TEXT PRIMARY KEY,
    failures        INTEGER NOT NULL DEFAULT 0,
    next_at         DATETIME NOT NULL,
    last_failure_at DATETIME NOT NULL,
    known           BOOLEAN NOT NULL DEFAULT 0,
    notified_at     DATETIME,
    updated_at      DATETIME NOT NULL
);
CREATE INDEX login_throttles_updated ON login_throttles (updated_at);

-- Fixed-window request counters: send-otp and register lookups per source
-- address, reset emails per address. One row per key and window.
CREATE TABLE rate_counters (
    name       TEXT PRIMARY KEY,
    hits       INTEGER NOT NULL,
    expires_at DATETIME NOT NULL
);
CREATE INDEX rate_counters_expires ON rate_counters (expires_at);

-- +goose Down
DROP TABLE rate_counters;
DROP TABLE login_throttles;
