-- +goose Up
-- Co-broking agreements on a match (issue 27, internal/feature/agreements).
-- Keep the twin in step.
--
-- Every proposal is a row: version 1, 2, 3… on its match. status moves
-- proposed -> accepted | rejected | superseded once, by a conditional
-- UPDATE. At most one proposal per match is open and at most one is
-- accepted: the two partial unique indexes hold that even if two writes
-- race. The agents are copied from the match at the first proposal, so an
-- agreement outlives its match (match_id becomes NULL).
--
-- On acceptance the row gets its public number (PMA-<year>-<10 random
-- characters>), the snapshot (canonical JSON of the terms, both agents
-- with their RERA numbers, the listing, the requirement and both
-- acceptance times) and its SHA-256. The deal's stage, the two close
-- confirmations and a dispute live on the accepted row.
CREATE TABLE agreements (
    id                    INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id              BIGINT REFERENCES matches (id) ON DELETE SET NULL,
    listing_agent_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    buyer_agent_id        BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    version               INTEGER NOT NULL,
    proposed_by           BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    listing_side_percent  INTEGER CHECK (listing_side_percent BETWEEN 0 AND 100),
    buyer_side_percent    INTEGER CHECK (buyer_side_percent BETWEEN 0 AND 100),
    fixed_amount_paise    BIGINT CHECK (fixed_amount_paise > 0),
    basis                 TEXT NOT NULL CHECK (basis IN ('brokerage', 'price')),
    note                  TEXT NOT NULL DEFAULT '',
    status                TEXT NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'accepted', 'rejected', 'superseded')),
    created_at            DATETIME NOT NULL,
    answered_at           DATETIME,
    answered_by           BIGINT REFERENCES users (id) ON DELETE SET NULL,
    number                TEXT UNIQUE,
    hash                  TEXT,
    snapshot              TEXT,
    stage                 TEXT CHECK (stage IN ('agreed', 'site_visit', 'offer', 'closed', 'fallen_through')),
    stage_at              DATETIME,
    listing_close_paise   BIGINT,
    buyer_close_paise     BIGINT,
    listing_close_at      DATETIME,
    buyer_close_at        DATETIME,
    final_price_paise     BIGINT,
    closed_at             DATETIME,
    dispute_status        TEXT NOT NULL DEFAULT 'none' CHECK (dispute_status IN ('none', 'open', 'resolved')),
    dispute_note          TEXT NOT NULL DEFAULT '',
    dispute_by            BIGINT REFERENCES users (id) ON DELETE SET NULL,
    dispute_at            DATETIME,
    dispute_resolution    TEXT NOT NULL DEFAULT '',
    dispute_resolved_at   DATETIME,
    CHECK ((fixed_amount_paise IS NULL) = (listing_side_percent IS NOT NULL AND buyer_side_percent IS NOT NULL)),
    CHECK (listing_side_percent IS NULL OR listing_side_percent + buyer_side_percent = 100),
    UNIQUE (match_id, version)
);
CREATE UNIQUE INDEX agreements_one_open ON agreements (match_id) WHERE status = 'proposed';
CREATE UNIQUE INDEX agreements_one_accepted ON agreements (match_id) WHERE status = 'accepted';
CREATE INDEX agreements_listing_agent ON agreements (listing_agent_id, status);
CREATE INDEX agreements_buyer_agent ON agreements (buyer_agent_id, status);
CREATE INDEX agreements_proposed_by ON agreements (proposed_by);
CREATE INDEX agreements_answered_by ON agreements (answered_by);
CREATE INDEX agreements_dispute_by ON agreements (dispute_by);
CREATE INDEX agreements_disputes ON agreements (dispute_status, dispute_at) WHERE dispute_status <> 'none';

-- +goose Down
DROP TABLE agreements;
