-- +goose Up
-- Advertisements (issue 15): an advert's image is a stored image (media),
-- not a free URL, so it is served like listing photos (/media/{id}, cached
-- for good) and the admin screens can only point it at an upload.
-- advertisement_image held a URL and was never written.
ALTER TABLE advertisements DROP COLUMN advertisement_image;
ALTER TABLE advertisements ADD COLUMN image_id TEXT REFERENCES media (id) ON DELETE SET NULL;
CREATE INDEX advertisements_image ON advertisements (image_id);

-- +goose Down
DROP INDEX advertisements_image;
ALTER TABLE advertisements DROP COLUMN image_id;
ALTER TABLE advertisements ADD COLUMN advertisement_image TEXT;
