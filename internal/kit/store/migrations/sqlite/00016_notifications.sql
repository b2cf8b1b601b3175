-- +goose Up
-- Email verification and notifications (issue 12). Keep the twin in step.
-- A user's email is verified once they open the link sent to it; a new or
-- changed email is unverified. Accounts that existed before verification
-- did (and the demo data, seeded verified) count as verified: they were
-- never asked, and their notifications must not stop silently.
ALTER TABLE users ADD COLUMN email_verified_at DATETIME;
UPDATE users SET email_verified_at = created_at WHERE email IS NOT NULL;

-- One verification link: only the SHA-256 of its random token is kept. It
-- verifies email (the address it was sent to) until expires_at, once.
CREATE TABLE email_verifications (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email       TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    expires_at  DATETIME NOT NULL,
    used_at     DATETIME,
    created_at  DATETIME NOT NULL
);
CREATE INDEX email_verifications_user ON email_verifications (user_id);

-- What an agent is still to be told by email or WhatsApp, per kind
-- (matches, messages, updates): gathered into one digest per kind. item is
-- match (ref_id counts nothing; count says how many were gained), message
-- (ref_id = the message) or connection_request / connection_answer (ref_id
-- = the connection). emailed marks the items the digest's email already
-- carried, so a retry for WhatsApp does not email them again.
CREATE TABLE notify_items (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('matches', 'messages', 'updates')),
    item        TEXT NOT NULL,
    ref_id      BIGINT NOT NULL DEFAULT 0,
    count       INTEGER NOT NULL DEFAULT 1,
    emailed     BOOLEAN NOT NULL DEFAULT 0,
    created_at  DATETIME NOT NULL
);
CREATE INDEX notify_items_user_kind ON notify_items (user_id, kind, id);

-- When each agent's last digest of a kind went out: the next waits the
-- digest interval after it.
CREATE TABLE notify_digests (
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL,
    last_sent_at DATETIME NOT NULL,
    PRIMARY KEY (user_id, kind)
);

-- +goose Down
DROP TABLE notify_digests;
DROP TABLE notify_items;
DROP TABLE email_verifications;
ALTER TABLE users DROP COLUMN email_verified_at;
