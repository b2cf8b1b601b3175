-- +goose Up
-- Every foreign key column gets an index, so that deleting the parent row
-- finds its children by lookup instead of reading the child table. The one
-- that mattered: deleting a match sets the match_id of its messages to NULL,
-- and a listing that pushed a thousand matches out of their requirements'
-- best 100 read the whole messages table a thousand times. The others are
-- read when an administrator deletes a user.
CREATE INDEX messages_match ON messages (match_id);
CREATE INDEX reset_codes_user ON password_reset_codes (user_id);
CREATE INDEX backups_started_by ON backups (started_by);
CREATE INDEX conversations_other ON conversations (other_id);

-- +goose Down
DROP INDEX conversations_other;
DROP INDEX backups_started_by;
DROP INDEX reset_codes_user;
DROP INDEX messages_match;
