-- +goose Up
-- RERA verification (issue 27, internal/platform/rera). Keep the twin in step.
--
-- Each registration an agent submits: the number, the state authority, the
-- last day it is valid (valid_until, 'YYYY-MM-DD', India's calendar) and the
-- certificate (a checked PDF, or an image re-encoded through media's checks),
-- kept here, private: served only to the agent and to admins. status moves
-- pending -> approved | rejected (by an admin, once), approved -> lapsed (the
-- lapse job, the day after valid_until) or superseded (a newer submission
-- with another number or state, or a newer approval); a newer submission
-- supersedes a pending one. users.is_rera_verified is TRUE exactly while the
-- agent has an approved, unexpired registration: this package is its only
-- writer. reviewed_by is not a foreign key: the audit log names the admin,
-- and deleting an admin's account must not delete what they reviewed.
CREATE TABLE rera_registrations (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id          BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    number           TEXT NOT NULL,
    state            TEXT NOT NULL,
    valid_until      TEXT NOT NULL CHECK (length(valid_until) = 10),
    certificate      BLOB NOT NULL,
    certificate_type TEXT NOT NULL CHECK (certificate_type IN ('application/pdf', 'image/png', 'image/jpeg')),
    status           TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'lapsed', 'superseded')),
    reason           TEXT NOT NULL DEFAULT '',
    submitted_at     DATETIME NOT NULL,
    reviewed_at      DATETIME,
    reviewed_by      BIGINT,
    reminded_30_at   DATETIME,
    reminded_7_at    DATETIME,
    lapsed_at        DATETIME
);
-- The admins' queue (status, oldest first) and each agent's history.
CREATE INDEX rera_registrations_queue ON rera_registrations (status, submitted_at, id);
CREATE INDEX rera_registrations_user ON rera_registrations (user_id, id);
-- The approved registrations by expiry: the badge counts and the lapse.
CREATE INDEX rera_registrations_expiry ON rera_registrations (valid_until) WHERE status = 'approved';
-- At most one registration of an agent waiting for review, and one approved.
CREATE UNIQUE INDEX rera_registrations_one_pending ON rera_registrations (user_id) WHERE status = 'pending';
CREATE UNIQUE INDEX rera_registrations_one_approved ON rera_registrations (user_id) WHERE status = 'approved';

-- The flag meant "an admin said so"; it now means an approved, unexpired
-- registration, and there are none yet.
UPDATE users SET is_rera_verified = FALSE WHERE is_rera_verified = TRUE;

-- +goose Down
DROP TABLE rera_registrations;
