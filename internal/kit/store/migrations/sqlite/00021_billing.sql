-- +goose Up
-- Issue 22 (billing-core): plans, credit packs, each agent's billing account
-- (balance, plan), the append-only credit ledger, match unlocks and plan
-- history. Money is integer paise. The balance never goes below zero (the
-- CHECKs hold it even against a bug); ledger rows are never updated or
-- deleted by the application. match_id and payment_id carry no foreign key:
-- a ledger row outlives the match it paid for. The default plans and packs
-- are not seeded here (restore loads only into an empty database): billing
-- adds them the first time it needs them (feature/billing/seed.go). Keep
-- the twin in step.
CREATE TABLE billing_plans (
    id                TEXT PRIMARY KEY CHECK (id IN ('starter', 'professional', 'enterprise')),
    name              TEXT NOT NULL,
    price_paise       BIGINT NOT NULL CHECK (price_paise >= 0),
    price_text        TEXT NOT NULL,
    period_text       TEXT NOT NULL,
    description       TEXT NOT NULL,
    highlights        TEXT NOT NULL DEFAULT '[]',
    listing_limit     INTEGER NOT NULL CHECK (listing_limit >= 0),
    requirement_limit INTEGER NOT NULL CHECK (requirement_limit >= 0),
    api_access        BOOLEAN NOT NULL,
    custom_reports    BOOLEAN NOT NULL,
    lead_price_paise  BIGINT NOT NULL CHECK (lead_price_paise > 0),
    popular           BOOLEAN NOT NULL,
    buyable           BOOLEAN NOT NULL,
    display_order     INTEGER NOT NULL,
    updated_at        DATETIME NOT NULL
);

CREATE TABLE billing_packs (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    name          TEXT NOT NULL,
    amount_paise  BIGINT NOT NULL CHECK (amount_paise > 0),
    active        BOOLEAN NOT NULL DEFAULT 1,
    display_order INTEGER NOT NULL,
    created_at    DATETIME NOT NULL,
    updated_at    DATETIME NOT NULL
);

-- One row per agent, opened the first time billing meets them (with the
-- Starter grant for an agent). plan_ends_at NULL: the plan does not end
-- (Starter). listing_limit/requirement_limit: an admin's custom limits
-- (Enterprise), NULL for the plan's. grant_expires_at: when what is left of
-- the free grant expires (the expiry job clears it once it has run).
CREATE TABLE billing_accounts (
    user_id           BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    balance_paise     BIGINT NOT NULL DEFAULT 0 CHECK (balance_paise >= 0),
    plan_id           TEXT NOT NULL DEFAULT 'starter' REFERENCES billing_plans (id),
    plan_ends_at      DATETIME,
    listing_limit     INTEGER CHECK (listing_limit >= 0),
    requirement_limit INTEGER CHECK (requirement_limit >= 0),
    grant_expires_at  DATETIME,
    created_at        DATETIME NOT NULL,
    updated_at        DATETIME NOT NULL
);
CREATE INDEX billing_accounts_grant_expiry ON billing_accounts (grant_expires_at) WHERE grant_expires_at IS NOT NULL;

CREATE TABLE billing_ledger (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id             BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind                TEXT NOT NULL CHECK (kind IN ('grant', 'purchase', 'lead', 'refund', 'adjustment', 'expiry')),
    amount_paise        BIGINT NOT NULL CHECK (amount_paise <> 0),
    balance_after_paise BIGINT NOT NULL CHECK (balance_after_paise >= 0),
    match_id            BIGINT,
    payment_id          BIGINT,
    note                TEXT NOT NULL DEFAULT '',
    created_at          DATETIME NOT NULL
);
CREATE INDEX billing_ledger_user ON billing_ledger (user_id, id);
CREATE INDEX billing_ledger_user_kind ON billing_ledger (user_id, kind, created_at);

-- An agent's unlock of a match: once per agent and match, for good.
-- agent_id is the match's other agent, whose contact it reveals.
CREATE TABLE billing_unlocks (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    match_id   BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    agent_id   BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    charged    BOOLEAN NOT NULL,
    created_at DATETIME NOT NULL,
    UNIQUE (user_id, match_id)
);
CREATE INDEX billing_unlocks_match ON billing_unlocks (match_id);
CREATE INDEX billing_unlocks_agent ON billing_unlocks (user_id, agent_id);

-- Every plan change: bought, or set by an admin.
CREATE TABLE billing_plan_changes (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plan_id    TEXT NOT NULL REFERENCES billing_plans (id),
    months     INTEGER NOT NULL,
    ends_at    DATETIME,
    payment_id BIGINT,
    created_at DATETIME NOT NULL
);
CREATE INDEX billing_plan_changes_user ON billing_plan_changes (user_id, id);

-- +goose Down
DROP TABLE billing_plan_changes;
DROP TABLE billing_unlocks;
DROP TABLE billing_ledger;
DROP TABLE billing_accounts;
DROP TABLE billing_packs;
DROP TABLE billing_plans;
