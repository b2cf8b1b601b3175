-- +goose Up
-- Agents' own data and off-site backups (issue 14).
--
-- An agent who deletes their account keeps their users row, scrubbed of
-- every personal field, so the messages they sent stay with their
-- receivers under "Deleted agent"; deleted_at marks it (internal/account).
--
-- A backup's off-site copy (internal/backups, PROPMATCH_BACKUP_S3_*):
-- offsite_state is '' when off-site copies are off, then pending, copied or
-- failed; offsite_error is the last upload's error.
ALTER TABLE users ADD COLUMN deleted_at TIMESTAMPTZ;
ALTER TABLE backups ADD COLUMN offsite_state TEXT NOT NULL DEFAULT '';
ALTER TABLE backups ADD COLUMN offsite_error TEXT NOT NULL DEFAULT '';
ALTER TABLE backups ADD COLUMN offsite_at TIMESTAMPTZ;

-- +goose Down
ALTER TABLE backups DROP COLUMN offsite_at;
ALTER TABLE backups DROP COLUMN offsite_error;
ALTER TABLE backups DROP COLUMN offsite_state;
ALTER TABLE users DROP COLUMN deleted_at;
