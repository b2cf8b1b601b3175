-- +goose Up
-- Personal API keys (issue 23, internal/platform/apikeys). Keep the twin in
-- step.
--
-- A key is pm_live_ and base62 of 32 random bytes, shown once; only its
-- HMAC-SHA256 keyed with the server secret is stored (key_hash). prefix is
-- the first characters after pm_live_, for telling keys apart on screen.
-- scopes is 'read' or 'read,write'. A revoked key keeps its row (revoked_at)
-- so that its later use is recognised; the account's deletion deletes them.
CREATE TABLE api_keys (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    scopes       TEXT NOT NULL CHECK (scopes IN ('read', 'read,write')),
    prefix       TEXT NOT NULL,
    key_hash     TEXT NOT NULL UNIQUE,
    expires_at   DATETIME,
    created_at   DATETIME NOT NULL,
    last_used_at DATETIME,
    last_used_ip TEXT NOT NULL DEFAULT '',
    revoked_at   DATETIME,
    revoked_by   BIGINT REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX api_keys_user ON api_keys (user_id);
CREATE INDEX api_keys_revoked_by ON api_keys (revoked_by);

-- The distinct addresses each key was used from, per UTC day: more than
-- apikeys.MaxAddressesPerDay in a day is a security event.
CREATE TABLE api_key_addresses (
    key_id BIGINT NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
    day    TEXT NOT NULL,
    ip     TEXT NOT NULL,
    PRIMARY KEY (key_id, day, ip)
);

-- +goose Down
DROP TABLE api_key_addresses;
DROP TABLE api_keys;
