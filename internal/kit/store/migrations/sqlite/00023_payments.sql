-- +goose Up
-- Payments by Razorpay and GST invoices (issue 22, internal/feature/payments).
-- Keep the twin in step.
--
-- An agent's optional GSTIN (upper case, check character verified by
-- internal/india), printed on their invoices.
ALTER TABLE users ADD COLUMN gstin TEXT;

-- One gateway order per purchase: a credit pack (credit_paise of credits)
-- or months of a plan. status moves created -> paid once, whichever of the
-- Checkout callback and the webhooks arrives first; that one transaction
-- grants the credits or the plan and issues the invoice. Payments and
-- invoices are tax records: they stay when the account is deleted (their
-- foreign keys to users do not cascade).
CREATE TABLE payments (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id            BIGINT NOT NULL REFERENCES users (id),
    order_id           TEXT NOT NULL UNIQUE,
    gateway_payment_id TEXT UNIQUE,
    kind               TEXT NOT NULL CHECK (kind IN ('pack', 'plan')),
    pack_id            BIGINT,
    plan               TEXT NOT NULL DEFAULT '',
    months             INTEGER NOT NULL DEFAULT 0,
    description        TEXT NOT NULL,
    amount_paise       BIGINT NOT NULL CHECK (amount_paise > 0),
    credit_paise       BIGINT NOT NULL DEFAULT 0,
    status             TEXT NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid')),
    paid_via           TEXT NOT NULL DEFAULT '',
    refunded_paise     BIGINT NOT NULL DEFAULT 0,
    created_at         DATETIME NOT NULL,
    paid_at            DATETIME
);
CREATE INDEX payments_user ON payments (user_id);

-- Each refund the gateway reports, once (refund_id is Razorpay's).
-- reversed_paise is what the refund took back from the credits.
CREATE TABLE payment_refunds (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    payment_id     BIGINT NOT NULL REFERENCES payments (id),
    refund_id      TEXT NOT NULL UNIQUE,
    amount_paise   BIGINT NOT NULL,
    reversed_paise BIGINT NOT NULL,
    created_at     DATETIME NOT NULL
);
CREATE INDEX payment_refunds_payment ON payment_refunds (payment_id);

-- The tax invoice of each paid payment. number is PM/<financial year>/<seq>
-- (PM/26-27/000123), seq consecutive within the financial year with no
-- gaps: invoice_counters holds each year's last seq, raised in the
-- transaction that issues the invoice. Buyer and supplier are copied as
-- they were when it was issued.
CREATE TABLE invoice_counters (
    fy   TEXT PRIMARY KEY,
    last BIGINT NOT NULL
);

CREATE TABLE invoices (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    payment_id       BIGINT NOT NULL UNIQUE REFERENCES payments (id),
    user_id          BIGINT NOT NULL REFERENCES users (id),
    number           TEXT NOT NULL UNIQUE,
    fy               TEXT NOT NULL,
    seq              BIGINT NOT NULL,
    issued_at        DATETIME NOT NULL,
    description      TEXT NOT NULL,
    sac              TEXT NOT NULL,
    buyer_name       TEXT NOT NULL,
    buyer_email      TEXT NOT NULL DEFAULT '',
    buyer_phone      TEXT NOT NULL DEFAULT '',
    buyer_state      TEXT NOT NULL,
    buyer_gstin      TEXT NOT NULL DEFAULT '',
    supplier_name    TEXT NOT NULL,
    supplier_address TEXT NOT NULL,
    supplier_state   TEXT NOT NULL,
    supplier_gstin   TEXT NOT NULL,
    taxable_paise    BIGINT NOT NULL,
    cgst_paise       BIGINT NOT NULL,
    sgst_paise       BIGINT NOT NULL,
    igst_paise       BIGINT NOT NULL,
    total_paise      BIGINT NOT NULL,
    UNIQUE (fy, seq)
);
CREATE INDEX invoices_user ON invoices (user_id);

-- +goose Down
DROP TABLE invoices;
DROP TABLE invoice_counters;
DROP TABLE payment_refunds;
DROP TABLE payments;
ALTER TABLE users DROP COLUMN gstin;
