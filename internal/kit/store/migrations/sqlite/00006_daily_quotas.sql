-- +goose Up
-- Daily quotas (issue 9, F16): one row per agent and counted action. The row
-- holds the day (India's calendar date) it counts and how many were used
-- that day; the first use on a new day starts the count again, so old days
-- need no sweeping. Reserving is one INSERT ... ON CONFLICT DO UPDATE ...
-- WHERE used < limit RETURNING, atomic on both engines and across instances.
CREATE TABLE daily_quotas (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name    TEXT NOT NULL,
    day     TEXT NOT NULL,
    used    INTEGER NOT NULL CHECK (used >= 0),
    PRIMARY KEY (user_id, name)
);

-- +goose Down
DROP TABLE daily_quotas;
