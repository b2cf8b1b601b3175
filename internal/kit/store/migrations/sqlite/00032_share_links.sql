-- +goose Up
-- Listings shared with a client (issue 27, internal/feature/sharelinks).
-- Keep the twin in step.
--
-- One link an agent sends a client: only the SHA-256 of its random token
-- (256 bits, base64url in the address) is kept, so the address is shown
-- once, when the link is made. A link answers until expires_at, or until
-- revoked_at; views counts the page's openings by anyone but its agent.
CREATE TABLE share_links (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL UNIQUE,
    note        TEXT NOT NULL DEFAULT '',
    expires_at  DATETIME NOT NULL,
    revoked_at  DATETIME,
    views       BIGINT NOT NULL DEFAULT 0,
    last_viewed_at DATETIME,
    created_at  DATETIME NOT NULL
);
CREATE INDEX share_links_user ON share_links (user_id, id);

-- The listings of a link, in the order the agent chose them.
CREATE TABLE share_link_items (
    link_id     BIGINT NOT NULL REFERENCES share_links (id) ON DELETE CASCADE,
    property_id BIGINT NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    PRIMARY KEY (link_id, property_id)
);
CREATE INDEX share_link_items_property ON share_link_items (property_id);

-- A client's "I'm interested" on one listing of a link: once per link,
-- listing and client (client_key is a keyed hash of the client's address,
-- never the address), so a second tap neither counts nor notifies again.
CREATE TABLE share_link_interest (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    link_id     BIGINT NOT NULL REFERENCES share_links (id) ON DELETE CASCADE,
    property_id BIGINT NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    client_key  TEXT NOT NULL,
    created_at  DATETIME NOT NULL,
    UNIQUE (link_id, property_id, client_key)
);
CREATE INDEX share_link_interest_property ON share_link_interest (property_id);

-- +goose Down
DROP TABLE share_link_interest;
DROP TABLE share_link_items;
DROP TABLE share_links;
