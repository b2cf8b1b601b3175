-- +goose Up
-- The admin audit log (issue 12): one row per admin action, written by
-- internal/audit in the same transaction as the action. before_json and
-- after_json never carry a password hash, code or token. actor_id is NULL
-- for the command line (actor_label says "cli"). Keep the twin in step.
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    actor_id    BIGINT REFERENCES users (id) ON DELETE SET NULL,
    actor_label TEXT NOT NULL DEFAULT '',
    action      TEXT NOT NULL,
    target_type TEXT NOT NULL,
    target_id   BIGINT,
    before_json TEXT,
    after_json  TEXT,
    ip          TEXT NOT NULL DEFAULT '',
    created_at  DATETIME NOT NULL
);
CREATE INDEX audit_log_actor ON audit_log (actor_id);
CREATE INDEX audit_log_target ON audit_log (target_type, target_id);

-- +goose Down
DROP TABLE audit_log;
