-- +goose Up
-- The security dashboard (issue 14): more event types, and the IP block
-- list every instance reads. SQLite cannot change a CHECK constraint, so
-- security_events is rebuilt with the longer list. Keep the twin in step.
CREATE TABLE security_events_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    type       TEXT NOT NULL CHECK (type IN ('suspicious_request', 'auth_failure', 'rate_limit_hit', 'otp_failure',
        'reset_code_failure', 'deactivated_sign_in', 'cross_site_refused', 'admin_route_by_agent')),
    ip         TEXT NOT NULL DEFAULT '',
    url        TEXT NOT NULL DEFAULT '',
    subject    TEXT NOT NULL DEFAULT '',
    detail     TEXT NOT NULL DEFAULT '',
    created_at DATETIME NOT NULL
);
INSERT INTO security_events_new (id, type, ip, url, subject, detail, created_at)
    SELECT id, type, ip, url, subject, detail, created_at FROM security_events;
DROP TABLE security_events;
ALTER TABLE security_events_new RENAME TO security_events;
CREATE INDEX security_events_created ON security_events (created_at);
CREATE INDEX security_events_type_subject ON security_events (type, subject, created_at);
CREATE INDEX security_events_type_ip ON security_events (type, ip, created_at);
CREATE INDEX security_events_ip ON security_events (ip, created_at);

-- One row per block an admin made; active while lifted_at is NULL and
-- expires_at is ahead. cidr is canonical (203.0.113.0/24, 198.51.100.7/32).
CREATE TABLE ip_blocks (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    cidr       TEXT NOT NULL,
    reason     TEXT NOT NULL DEFAULT '',
    created_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at DATETIME NOT NULL,
    expires_at DATETIME NOT NULL,
    lifted_at  DATETIME,
    lifted_by  BIGINT REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX ip_blocks_expires ON ip_blocks (expires_at);
CREATE INDEX ip_blocks_created_by ON ip_blocks (created_by);
CREATE INDEX ip_blocks_lifted_by ON ip_blocks (lifted_by);
CREATE INDEX audit_log_created ON audit_log (created_at);

-- +goose Down
DROP INDEX audit_log_created;
DROP TABLE ip_blocks;
DELETE FROM security_events WHERE type NOT IN ('suspicious_request', 'auth_failure', 'rate_limit_hit');
CREATE TABLE security_events_old (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    type       TEXT NOT NULL CHECK (type IN ('suspicious_request', 'auth_failure', 'rate_limit_hit')),
    ip         TEXT NOT NULL DEFAULT '',
    url        TEXT NOT NULL DEFAULT '',
    subject    TEXT NOT NULL DEFAULT '',
    detail     TEXT NOT NULL DEFAULT '',
    created_at DATETIME NOT NULL
);
INSERT INTO security_events_old SELECT id, type, ip, url, subject, detail, created_at FROM security_events;
DROP TABLE security_events;
ALTER TABLE security_events_old RENAME TO security_events;
CREATE INDEX security_events_created ON security_events (created_at);
CREATE INDEX security_events_type_subject ON security_events (type, subject, created_at);
CREATE INDEX security_events_type_ip ON security_events (type, ip, created_at);
