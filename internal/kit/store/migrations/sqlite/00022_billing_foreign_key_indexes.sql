-- +goose Up
-- Issue 22: every foreign key has an index (a deleted plan or agent finds its
-- rows without reading the table). Keep the twin in step.
CREATE INDEX billing_accounts_plan ON billing_accounts (plan_id);
CREATE INDEX billing_plan_changes_plan ON billing_plan_changes (plan_id);
CREATE INDEX billing_unlocks_other_agent ON billing_unlocks (agent_id);

-- +goose Down
DROP INDEX billing_unlocks_other_agent;
DROP INDEX billing_plan_changes_plan;
DROP INDEX billing_accounts_plan;
