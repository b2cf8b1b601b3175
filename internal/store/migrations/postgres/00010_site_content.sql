-- +goose Up
-- The landing page's editable content (issue 15): one row per part (offers,
-- plans, testimonials, demo_video, contact, training_topics), each a JSON
-- document internal/site reads and validates. One row per part lets two
-- admins save different parts without undoing each other. The rows below
-- are the defaults a fresh database starts with (the spec's offers, plans
-- and topics): no testimonials and no contact details, which only a real
-- customer and the business itself can supply. Demo mode adds believable
-- ones. Keep the PostgreSQL twin (same version number) in step.
CREATE TABLE site_content (
    name       TEXT PRIMARY KEY,
    body       TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by BIGINT REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX site_content_updated_by ON site_content (updated_by);

INSERT INTO site_content (name, body, updated_at) VALUES
    ('offers', '[{"value":"500","label":"Free leads"},{"value":"₹50","label":"Per lead"},{"value":"₹0","label":"Setup fees"},{"value":"₹25,000","label":"Free credits"},{"value":"₹50,000","label":"Training, free"}]', now()),
    ('plans', '[{"name":"Starter","price":"₹0","period":"first month","description":"Everything you need to start matching with other agents.","features":["₹25,000 free credits","10 property listings","10 client requirements","Basic matching","Agent networking","Email support","Free training"],"popular":false},{"name":"Professional","price":"₹500","period":"per month","description":"For busy agents who want more matches and more insight.","features":["50 property listings","50 client requirements","Advanced AI matching","Priority support","Analytics dashboard","Custom reports","API access","Free training"],"popular":true},{"name":"Enterprise","price":"Custom","period":"","description":"For agencies and developers with large teams.","features":["White-label platform","Dedicated account manager","Custom integrations","Advanced analytics","24/7 phone support","Premium training and certification"],"popular":false}]', now()),
    ('testimonials', '[]', now()),
    ('demo_video', '{"title":"PropMatch in 2 minutes","description":"See how an agent lists a property, records a client requirement and gets matched with the right agent on the other side.","videoUrl":"","duration":"2 minutes"}', now()),
    ('contact', '{"phone":"","email":""}', now()),
    ('training_topics', '["Property valuation basics","RERA rules for agents","Home loans and financing","Negotiation and closing","Digital marketing for listings","Legal documents and title checks","Client relationship management","Getting the most from matching"]', now());

-- +goose Down
DROP TABLE site_content;
