-- +goose Up
-- The matches list's orders (issue 25): best score first, and by the
-- caller's status in the dropdown's order (new first), each then newest
-- first, read one page at a time from one side's agent. These indexes give
-- each order as one ordered range scan of that agent's matches, as
-- (buyer_agent_id, id) and (seller_agent_id, id) give the newest-first list.
-- The stage expression is the one internal/feature/matches builds
-- (stageSQL) and must stay equal to it, or the planner cannot use the index.
CREATE INDEX matches_buyer_score ON matches (buyer_agent_id, match_score, id);
CREATE INDEX matches_seller_score ON matches (seller_agent_id, match_score, id);
CREATE INDEX matches_buyer_stage ON matches (buyer_agent_id, (CASE buyer_status WHEN 'new' THEN 6 WHEN 'viewed' THEN 5 WHEN 'contacted' THEN 4 WHEN 'interested' THEN 3 WHEN 'not_interested' THEN 2 WHEN 'closed' THEN 1 ELSE 0 END), id);
CREATE INDEX matches_seller_stage ON matches (seller_agent_id, (CASE seller_status WHEN 'new' THEN 6 WHEN 'viewed' THEN 5 WHEN 'contacted' THEN 4 WHEN 'interested' THEN 3 WHEN 'not_interested' THEN 2 WHEN 'closed' THEN 1 ELSE 0 END), id);

-- +goose Down
DROP INDEX matches_seller_stage;
DROP INDEX matches_buyer_stage;
DROP INDEX matches_seller_score;
DROP INDEX matches_buyer_score;
