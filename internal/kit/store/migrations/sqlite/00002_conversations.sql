-- +goose Up
-- One row per (user, counterpart): the conversation list reads a page of
-- these instead of grouping every message of the user. The message service
-- keeps it in step with messages in the same transaction.
CREATE TABLE conversations (
    user_id         BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    other_id        BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_message_id BIGINT NOT NULL,
    unread          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, other_id)
);
CREATE INDEX conversations_recent ON conversations (user_id, last_message_id);

INSERT INTO conversations (user_id, other_id, last_message_id, unread)
SELECT user_id, other_id, MAX(id), SUM(unread) FROM (
    SELECT sender_id AS user_id, receiver_id AS other_id, id, 0 AS unread FROM messages
    UNION ALL
    SELECT receiver_id, sender_id, id, CASE WHEN is_read THEN 0 ELSE 1 END FROM messages) x
GROUP BY user_id, other_id;

-- +goose Down
DROP TABLE conversations;
