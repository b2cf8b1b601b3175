-- +goose Up
-- Each agent's saved settings (issue 12), owned by internal/settings: the
-- notifications they get per kind (new matches, messages, property updates)
-- and on which channels beyond in-app, their privacy switches and their app
-- preferences. No row means every default. Keep the twin in step.
CREATE TABLE user_settings (
    user_id           BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    matches_on        BOOLEAN NOT NULL DEFAULT 1,
    matches_email     BOOLEAN NOT NULL DEFAULT 1,
    matches_whatsapp  BOOLEAN NOT NULL DEFAULT 0,
    messages_on       BOOLEAN NOT NULL DEFAULT 1,
    messages_email    BOOLEAN NOT NULL DEFAULT 1,
    messages_whatsapp BOOLEAN NOT NULL DEFAULT 0,
    updates_on        BOOLEAN NOT NULL DEFAULT 1,
    updates_email     BOOLEAN NOT NULL DEFAULT 1,
    updates_whatsapp  BOOLEAN NOT NULL DEFAULT 0,
    profile_visible   BOOLEAN NOT NULL DEFAULT 1,
    contact_visible   BOOLEAN NOT NULL DEFAULT 1,
    theme             TEXT NOT NULL DEFAULT 'light' CHECK (theme IN ('light', 'dark', 'system')),
    auto_sync         BOOLEAN NOT NULL DEFAULT 1,
    updated_at        DATETIME NOT NULL
);

-- +goose Down
DROP TABLE user_settings;
