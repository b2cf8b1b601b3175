-- +goose Up
-- The job claim (internal/jobs, issue 21) reads its candidates in order from
-- these partial indexes, and stops at the first runnable one: due pending
-- jobs by (run_at, id), jobs whose lease lapsed by (locked_until, id). Its
-- plan is then the same however stale the statistics are: before them, a
-- backlog on a never-analyzed table made PostgreSQL sort every open job on
-- each claim (about 5 jobs a minute at 15,000). jobs_due also gives the
-- oldest due job for the queue's figures.
CREATE INDEX jobs_due ON jobs (run_at, id) WHERE state = 'pending';
CREATE INDEX jobs_leased ON jobs (locked_until, id) WHERE state = 'running';

-- +goose Down
DROP INDEX jobs_leased;
DROP INDEX jobs_due;
