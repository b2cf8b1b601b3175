-- +goose Up
-- The whole PropMatch data model. Keep the PostgreSQL twin (same version number) in step.

CREATE TABLE users (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    username          TEXT NOT NULL,
    password_hash     TEXT NOT NULL,
    full_name         TEXT NOT NULL,
    email             TEXT,
    phone             TEXT NOT NULL,
    role              TEXT NOT NULL DEFAULT 'agent' CHECK (role IN ('agent', 'admin')),
    agent_type        TEXT NOT NULL DEFAULT 'both' CHECK (agent_type IN ('buyer', 'seller', 'both')),
    rera_number       TEXT,
    is_rera_verified  BOOLEAN NOT NULL DEFAULT 0,
    is_phone_verified BOOLEAN NOT NULL DEFAULT 0,
    state             TEXT NOT NULL DEFAULT '',
    city              TEXT NOT NULL DEFAULT '',
    profile_picture   TEXT,
    bio               TEXT,
    experience_years  INTEGER,
    specialization    TEXT,
    is_active         BOOLEAN NOT NULL DEFAULT 1,
    created_at        DATETIME NOT NULL,
    updated_at        DATETIME NOT NULL
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX users_phone_key ON users (phone);
CREATE INDEX users_city ON users (lower(city));

CREATE TABLE sessions (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash   TEXT NOT NULL UNIQUE,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    ip           TEXT NOT NULL DEFAULT '',
    user_agent   TEXT NOT NULL DEFAULT '',
    created_at   DATETIME NOT NULL,
    last_seen_at DATETIME NOT NULL,
    expires_at   DATETIME NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE otp_verifications (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    phone       TEXT NOT NULL,
    otp_hash    TEXT NOT NULL,
    ip          TEXT NOT NULL DEFAULT '',
    expires_at  DATETIME NOT NULL,
    verified    BOOLEAN NOT NULL DEFAULT 0,
    verified_at DATETIME,
    attempts    INTEGER NOT NULL DEFAULT 0,
    created_at  DATETIME NOT NULL
);
CREATE INDEX otp_phone_created ON otp_verifications (phone, created_at);
CREATE INDEX otp_ip_created ON otp_verifications (ip, created_at);

CREATE TABLE password_reset_codes (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    email      TEXT NOT NULL,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash  TEXT NOT NULL,
    expires_at DATETIME NOT NULL,
    verified   BOOLEAN NOT NULL DEFAULT 0,
    attempts   INTEGER NOT NULL DEFAULT 0,
    used_at    DATETIME,
    created_at DATETIME NOT NULL
);
CREATE INDEX reset_email_created ON password_reset_codes (lower(email), created_at);

CREATE TABLE security_events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    type       TEXT NOT NULL CHECK (type IN ('suspicious_request', 'auth_failure', 'rate_limit_hit')),
    ip         TEXT NOT NULL DEFAULT '',
    url        TEXT NOT NULL DEFAULT '',
    subject    TEXT NOT NULL DEFAULT '',
    detail     TEXT NOT NULL DEFAULT '',
    created_at DATETIME NOT NULL
);
CREATE INDEX security_events_created ON security_events (created_at);
CREATE INDEX security_events_type_subject ON security_events (type, subject, created_at);
CREATE INDEX security_events_type_ip ON security_events (type, ip, created_at);

CREATE TABLE media (
    id           TEXT PRIMARY KEY,
    owner_id     BIGINT REFERENCES users (id) ON DELETE SET NULL,
    content_type TEXT NOT NULL,
    width        INTEGER NOT NULL,
    height       INTEGER NOT NULL,
    size_bytes   INTEGER NOT NULL,
    sha256       TEXT NOT NULL,
    data         BLOB NOT NULL,
    created_at   DATETIME NOT NULL
);
CREATE INDEX media_owner ON media (owner_id);

CREATE TABLE properties (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    agent_id          BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title             TEXT NOT NULL,
    description       TEXT NOT NULL DEFAULT '',
    property_type     TEXT NOT NULL CHECK (property_type IN ('apartment', 'villa', 'plot', 'commercial', 'agricultural')),
    listing_purpose   TEXT NOT NULL CHECK (listing_purpose IN ('for_sale', 'for_rent', 'for_lease')),
    price             REAL NOT NULL DEFAULT 0,
    state             TEXT NOT NULL DEFAULT '',
    city              TEXT NOT NULL DEFAULT '',
    city_key          TEXT NOT NULL DEFAULT '',
    locality          TEXT NOT NULL DEFAULT '',
    pincode           TEXT NOT NULL DEFAULT '',
    address           TEXT NOT NULL DEFAULT '',
    bedrooms          INTEGER,
    bathrooms         INTEGER,
    sqft              INTEGER,
    built_up_area     INTEGER,
    plot_area         INTEGER,
    floor             TEXT,
    total_floors      INTEGER,
    facing            TEXT,
    furnishing        TEXT,
    acres             REAL,
    has_legal_docs    BOOLEAN NOT NULL DEFAULT 0,
    rera_approved     BOOLEAN NOT NULL DEFAULT 0,
    balcony           TEXT,
    maintenance       TEXT,
    parking           TEXT,
    garden            TEXT,
    villa_size        INTEGER,
    furnished         TEXT,
    zone              TEXT,
    frontage          TEXT,
    road_access       TEXT,
    commercial_type   TEXT,
    total_cabins      INTEGER,
    washrooms         INTEGER,
    central_ac        BOOLEAN NOT NULL DEFAULT 0,
    power_backup      TEXT,
    lease_term        TEXT,
    soil_type         TEXT,
    crop_history      TEXT,
    fencing           TEXT,
    irrigation_system TEXT,
    amenities         TEXT NOT NULL DEFAULT '[]',
    images            TEXT NOT NULL DEFAULT '[]',
    -- Title, locality, city and type, lower-cased by the application (Unicode-aware), for marketplace search.
    search_text       TEXT NOT NULL DEFAULT '',
    is_active         BOOLEAN NOT NULL DEFAULT 1,
    is_real_data      BOOLEAN NOT NULL DEFAULT 1,
    created_at        DATETIME NOT NULL,
    updated_at        DATETIME NOT NULL
);
CREATE INDEX properties_agent ON properties (agent_id, id);
CREATE INDEX properties_candidates ON properties (listing_purpose, property_type, city_key, price) WHERE is_active = TRUE;
CREATE INDEX properties_marketplace ON properties (id) WHERE is_active = TRUE;

CREATE TABLE requirements (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    agent_id             BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    client_name          TEXT NOT NULL,
    client_phone         TEXT NOT NULL,
    client_email         TEXT,
    property_types       TEXT NOT NULL DEFAULT '[]',
    listing_purpose      TEXT NOT NULL DEFAULT 'forSale' CHECK (listing_purpose IN ('forSale', 'forRent', 'forLease')),
    min_price            REAL,
    max_price            REAL,
    preferred_state      TEXT NOT NULL DEFAULT '',
    preferred_cities     TEXT NOT NULL DEFAULT '[]',
    preferred_localities TEXT NOT NULL DEFAULT '[]',
    min_bedrooms         INTEGER,
    max_bedrooms         INTEGER,
    min_area             REAL,
    max_area             REAL,
    timeline             TEXT NOT NULL DEFAULT 'flexible',
    special_requirements TEXT,
    notes                TEXT,
    -- Client name, cities, localities and types, lower-cased by the application, for marketplace search.
    search_text          TEXT NOT NULL DEFAULT '',
    is_active            BOOLEAN NOT NULL DEFAULT 1,
    is_real_data         BOOLEAN NOT NULL DEFAULT 1,
    -- The match engine's bound: how many `new` matches the requirement keeps,
    -- and the lowest of them by (score, property id), which a newcomer must beat.
    new_matches          INTEGER NOT NULL DEFAULT 0,
    floor_score          INTEGER,
    floor_property_id    INTEGER,
    created_at           DATETIME NOT NULL,
    updated_at           DATETIME NOT NULL
);
CREATE INDEX requirements_agent ON requirements (agent_id, id);
CREATE INDEX requirements_marketplace ON requirements (id) WHERE is_active = TRUE;

-- One row per (type, city) an active requirement wants, with its widened
-- price band, so a new property finds its candidates through one index.
CREATE TABLE requirement_targets (
    requirement_id  BIGINT NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
    listing_purpose TEXT NOT NULL,
    property_type   TEXT NOT NULL,
    city_key        TEXT NOT NULL,
    price_low       REAL,
    price_high      REAL,
    PRIMARY KEY (requirement_id, property_type, city_key)
);
CREATE INDEX requirement_targets_candidates ON requirement_targets (listing_purpose, property_type, city_key);

CREATE TABLE matches (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    property_id      BIGINT NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    requirement_id   BIGINT NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
    seller_agent_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    buyer_agent_id   BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    match_score      INTEGER NOT NULL,
    breakdown        TEXT NOT NULL DEFAULT '{}',
    status           TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'viewed', 'contacted', 'interested', 'not_interested', 'closed')),
    notes            TEXT NOT NULL DEFAULT '',
    viewed_by_buyer  BOOLEAN NOT NULL DEFAULT 0,
    viewed_by_seller BOOLEAN NOT NULL DEFAULT 0,
    created_at       DATETIME NOT NULL,
    updated_at       DATETIME NOT NULL,
    UNIQUE (property_id, requirement_id)
);
CREATE INDEX matches_buyer ON matches (buyer_agent_id, id);
CREATE INDEX matches_seller ON matches (seller_agent_id, id);
CREATE INDEX matches_requirement_rank ON matches (requirement_id, status, match_score, property_id);

CREATE TABLE connections (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    requester_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    receiver_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    user_low     BIGINT NOT NULL,
    user_high    BIGINT NOT NULL,
    message      TEXT NOT NULL DEFAULT '',
    status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected', 'cancelled')),
    created_at   DATETIME NOT NULL,
    updated_at   DATETIME NOT NULL,
    CHECK (requester_id <> receiver_id)
);
-- At most one live (pending or accepted) connection per pair of agents.
CREATE UNIQUE INDEX connections_live_pair ON connections (user_low, user_high) WHERE status IN ('pending', 'accepted');
CREATE INDEX connections_requester ON connections (requester_id, updated_at);
CREATE INDEX connections_receiver ON connections (receiver_id, status, updated_at);

CREATE TABLE messages (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    sender_id   BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    receiver_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    user_low    BIGINT NOT NULL,
    user_high   BIGINT NOT NULL,
    content     TEXT NOT NULL,
    match_id    BIGINT REFERENCES matches (id) ON DELETE SET NULL,
    is_read     BOOLEAN NOT NULL DEFAULT 0,
    created_at  DATETIME NOT NULL
);
CREATE INDEX messages_conversation ON messages (user_low, user_high, id);
CREATE INDEX messages_sender ON messages (sender_id, id);
CREATE INDEX messages_receiver ON messages (receiver_id, id);
CREATE INDEX messages_unread ON messages (receiver_id, sender_id) WHERE is_read = FALSE;

CREATE TABLE courses (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    title             TEXT NOT NULL,
    description       TEXT NOT NULL DEFAULT '',
    instructor        TEXT NOT NULL DEFAULT '',
    duration          TEXT NOT NULL DEFAULT '',
    level             TEXT NOT NULL DEFAULT 'Beginner' CHECK (level IN ('Beginner', 'Intermediate', 'Advanced')),
    price             TEXT NOT NULL DEFAULT 'Free',
    category          TEXT NOT NULL DEFAULT 'Course',
    video_url         TEXT,
    thumbnail_url     TEXT,
    status            TEXT NOT NULL DEFAULT 'available',
    display_order     INTEGER NOT NULL DEFAULT 0,
    tab               TEXT NOT NULL DEFAULT 'courses',
    modules           INTEGER,
    rating            REAL,
    created_at        DATETIME NOT NULL,
    updated_at        DATETIME NOT NULL
);
CREATE INDEX courses_order ON courses (display_order, id);

CREATE TABLE enrollments (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    course_id  BIGINT NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    progress   INTEGER NOT NULL DEFAULT 0,
    created_at DATETIME NOT NULL,
    PRIMARY KEY (user_id, course_id)
);
CREATE INDEX enrollments_course ON enrollments (course_id);

CREATE TABLE advertisements (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    title               TEXT NOT NULL DEFAULT '',
    description         TEXT NOT NULL DEFAULT '',
    highlight           TEXT NOT NULL DEFAULT '',
    icon_name           TEXT NOT NULL DEFAULT 'Star',
    gradient            TEXT NOT NULL DEFAULT '',
    button_text         TEXT NOT NULL DEFAULT 'Contact Now',
    badge               TEXT NOT NULL DEFAULT 'Featured',
    offer               TEXT NOT NULL DEFAULT 'Premium Service',
    color               TEXT NOT NULL DEFAULT '',
    display_order       INTEGER NOT NULL DEFAULT 0,
    contact_info        TEXT NOT NULL DEFAULT 'Contact for details',
    website_url         TEXT,
    target_cities       TEXT NOT NULL DEFAULT '[]',
    target_states       TEXT NOT NULL DEFAULT '[]',
    advertisement_image TEXT,
    is_active           BOOLEAN NOT NULL DEFAULT 1,
    created_at          DATETIME NOT NULL,
    updated_at          DATETIME NOT NULL
);
CREATE INDEX advertisements_order ON advertisements (display_order, id) WHERE is_active = TRUE;

-- Outgoing email and WhatsApp messages. In development mode they are only
-- captured here (the development outbox); nothing is sent.
CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    channel    TEXT NOT NULL CHECK (channel IN ('email', 'whatsapp')),
    recipient  TEXT NOT NULL,
    subject    TEXT NOT NULL DEFAULT '',
    body       TEXT NOT NULL,
    status     TEXT NOT NULL DEFAULT 'captured' CHECK (status IN ('captured', 'pending', 'sent', 'failed')),
    attempts   INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT '',
    created_at DATETIME NOT NULL,
    sent_at    DATETIME
);
CREATE INDEX outbox_status ON outbox (status, id);

CREATE TABLE backups (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT NOT NULL DEFAULT 'manual' CHECK (kind IN ('manual', 'scheduled')),
    status      TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'success', 'failed')),
    file_name   TEXT NOT NULL DEFAULT '',
    size_bytes  BIGINT NOT NULL DEFAULT 0,
    error       TEXT NOT NULL DEFAULT '',
    started_by  BIGINT REFERENCES users (id) ON DELETE SET NULL,
    started_at  DATETIME NOT NULL,
    finished_at DATETIME
);
CREATE INDEX backups_started ON backups (started_at);

-- +goose Down
DROP TABLE backups;
DROP TABLE outbox;
DROP TABLE advertisements;
DROP TABLE enrollments;
DROP TABLE courses;
DROP TABLE messages;
DROP TABLE connections;
DROP TABLE matches;
DROP TABLE requirement_targets;
DROP TABLE requirements;
DROP TABLE properties;
DROP TABLE media;
DROP TABLE security_events;
DROP TABLE password_reset_codes;
DROP TABLE otp_verifications;
DROP TABLE sessions;
DROP TABLE users;
