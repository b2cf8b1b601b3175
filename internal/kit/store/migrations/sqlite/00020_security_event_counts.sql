-- +goose Up
-- Issue 21 (S2): repeats of one event are counted, not stored again. A row
-- is one source address, type and minute: minute_at is that minute (UTC,
-- seconds zero), created_at its first event, last_at its latest, count how
-- many. The recorder adds to a row with INSERT ... ON CONFLICT (ip, type,
-- minute_at). Existing rows are collapsed the same way (minute_at is then
-- the first event's time, unique per minute). SQLite cannot add a unique
-- key to rows that break it, so the table is rebuilt. Keep the twin in step.
CREATE TABLE security_events_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    type       TEXT NOT NULL CHECK (type IN ('suspicious_request', 'auth_failure', 'rate_limit_hit', 'otp_failure',
        'reset_code_failure', 'deactivated_sign_in', 'cross_site_refused', 'admin_route_by_agent')),
    ip         TEXT NOT NULL DEFAULT '',
    url        TEXT NOT NULL DEFAULT '',
    subject    TEXT NOT NULL DEFAULT '',
    detail     TEXT NOT NULL DEFAULT '',
    created_at DATETIME NOT NULL,
    last_at    DATETIME NOT NULL,
    minute_at  DATETIME NOT NULL,
    count      INTEGER NOT NULL DEFAULT 1 CHECK (count > 0)
);
-- Each minute keeps its first event's URL, subject and detail.
INSERT INTO security_events_new (type, ip, url, subject, detail, created_at, last_at, minute_at, count)
    SELECT type, ip, url, subject, detail, created_at, last_at, created_at, n FROM (
        SELECT type, ip, url, subject, detail, created_at,
            MAX(created_at) OVER w AS last_at, COUNT(*) OVER w AS n,
            ROW_NUMBER() OVER (PARTITION BY ip, type, strftime('%Y-%m-%d %H:%M', created_at) ORDER BY created_at, id) AS k
        FROM security_events
        WINDOW w AS (PARTITION BY ip, type, strftime('%Y-%m-%d %H:%M', created_at))
    ) WHERE k = 1;
DROP TABLE security_events;
ALTER TABLE security_events_new RENAME TO security_events;
CREATE UNIQUE INDEX security_events_source_minute ON security_events (ip, type, minute_at);
CREATE INDEX security_events_created ON security_events (created_at);
CREATE INDEX security_events_type_created ON security_events (type, created_at);

-- +goose Down
CREATE TABLE security_events_old (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    type       TEXT NOT NULL CHECK (type IN ('suspicious_request', 'auth_failure', 'rate_limit_hit', 'otp_failure',
        'reset_code_failure', 'deactivated_sign_in', 'cross_site_refused', 'admin_route_by_agent')),
    ip         TEXT NOT NULL DEFAULT '',
    url        TEXT NOT NULL DEFAULT '',
    subject    TEXT NOT NULL DEFAULT '',
    detail     TEXT NOT NULL DEFAULT '',
    created_at DATETIME NOT NULL
);
INSERT INTO security_events_old (id, type, ip, url, subject, detail, created_at)
    SELECT id, type, ip, url, subject, detail, created_at FROM security_events;
DROP TABLE security_events;
ALTER TABLE security_events_old RENAME TO security_events;
CREATE INDEX security_events_created ON security_events (created_at);
CREATE INDEX security_events_type_subject ON security_events (type, subject, created_at);
CREATE INDEX security_events_type_ip ON security_events (type, ip, created_at);
CREATE INDEX security_events_ip ON security_events (ip, created_at);
