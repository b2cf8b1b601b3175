-- +goose Up
-- Analytics (issue 13) reads each side of an agent's matches made in the
-- window: grouped by listing (or requirement), status and viewed flag, and
-- per day. These indexes hold every column those reads need, after the
-- agent and the creation time, so each is one range scan of the window's
-- matches with no table lookups, however old the agent's history is; see
-- docs/performance.md, "Analytics".
CREATE INDEX matches_seller_analytics ON matches (seller_agent_id, created_at, property_id, seller_status, viewed_by_seller);
CREATE INDEX matches_buyer_analytics ON matches (buyer_agent_id, created_at, requirement_id, buyer_status, viewed_by_buyer);

-- +goose Down
DROP INDEX matches_buyer_analytics;
DROP INDEX matches_seller_analytics;
