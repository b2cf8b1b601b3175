-- +goose Up
-- Each side of a match keeps its own lead status and notes (issue 9, F15):
-- status and notes become the buyer agent's side, and the seller agent's
-- side gets its own. Existing matches had one status and one note that both
-- agents saw and either could change, so both sides start from them: nobody
-- learns anything they could not already read, and nobody loses what they
-- wrote. From here on each side changes only its own.
ALTER TABLE matches RENAME COLUMN status TO buyer_status;
ALTER TABLE matches RENAME COLUMN notes TO buyer_notes;
ALTER TABLE matches ADD COLUMN seller_status TEXT NOT NULL DEFAULT 'new'
    CHECK (seller_status IN ('new', 'viewed', 'contacted', 'interested', 'not_interested', 'closed'));
ALTER TABLE matches ADD COLUMN seller_notes TEXT NOT NULL DEFAULT '';
UPDATE matches SET seller_status = buyer_status, seller_notes = buyer_notes;

-- A match holds one of its requirement's slots while both sides are new; the
-- engine's rank index covers both.
DROP INDEX matches_requirement_rank;
CREATE INDEX matches_requirement_rank ON matches (requirement_id, buyer_status, seller_status, match_score, property_id);

-- Client privacy (issue 9, F19): the buyer agent may share the client's full
-- name with the seller agent of a match. A list finds the few requirements
-- shared with its viewer once, by seller.
ALTER TABLE matches ADD COLUMN client_name_shared BOOLEAN NOT NULL DEFAULT 0;
CREATE INDEX matches_client_name_shared ON matches (seller_agent_id, requirement_id) WHERE client_name_shared = TRUE;

-- +goose Down
DROP INDEX matches_client_name_shared;
ALTER TABLE matches DROP COLUMN client_name_shared;
DROP INDEX matches_requirement_rank;
ALTER TABLE matches DROP COLUMN seller_notes;
ALTER TABLE matches DROP COLUMN seller_status;
ALTER TABLE matches RENAME COLUMN buyer_notes TO notes;
ALTER TABLE matches RENAME COLUMN buyer_status TO status;
CREATE INDEX matches_requirement_rank ON matches (requirement_id, status, match_score, property_id);
