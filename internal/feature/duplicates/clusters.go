package duplicates

import (
	"context"
	"database/sql"
	"slices"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/access"
	"propmatch/internal/platform/audit"
)

// MaxClusters is the most clusters the admin's list shows (the newest
// first); MaxPairsRead bounds the pairs it reads to make them.
const (
	MaxClusters  = 100
	MaxPairsRead = 5000
)

// Member is one listing of a cluster.
type Member struct {
	PropertyID int64   `json:"propertyId"`
	AgentID    int64   `json:"agentId"`
	AgentName  string  `json:"agentName"`
	Title      string  `json:"title"`
	Locality   string  `json:"locality"`
	City       string  `json:"city"`
	Price      float64 `json:"price"`
	IsActive   bool    `json:"isActive"`
}

// Pair is two listings found to be likely duplicates.
type Pair struct {
	ID         int64     `json:"id"`
	PropertyA  int64     `json:"propertyA"`
	PropertyB  int64     `json:"propertyB"`
	Likelihood float64   `json:"likelihood"`
	Reasons    []string  `json:"reasons"`
	UpdatedAt  time.Time `json:"updatedAt"`
}

// Cluster is the listings joined by likely pairs: one property listed by
// several agents. Its ID is its lowest listing id.
type Cluster struct {
	ID         int64     `json:"id"`
	Likelihood float64   `json:"likelihood"` // the highest of its pairs
	Members    []Member  `json:"members"`
	Pairs      []Pair    `json:"pairs"`
	UpdatedAt  time.Time `json:"updatedAt"`
}

// likelyPairs reads likely pairs, newest first: all of them, or those of
// the listings in ids.
func likelyPairs(ctx context.Context, q store.Querier, limit int) ([]Pair, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, property_a, property_b, likelihood, reasons, updated_at FROM duplicate_pairs
		WHERE status = 'likely' ORDER BY updated_at DESC, id DESC LIMIT $1`, limit)
	if err != nil {
		return nil, apperr.Wrap(err, "read duplicate pairs")
	}
	return collectPairs(rows)
}

func collectPairs(rows *sql.Rows) ([]Pair, error) {
	list, err := store.Collect(rows, func(rows *sql.Rows, p *Pair) error {
		var reasons string
		if err := rows.Scan(&p.ID, &p.PropertyA, &p.PropertyB, &p.Likelihood, &reasons, store.ScanTime(&p.UpdatedAt)); err != nil {
			return err
		}
		p.Reasons = store.StringList(reasons)
		return nil
	})
	return list, apperr.Wrap(err, "read duplicate pairs")
}

// group joins pairs into clusters (connected listings), newest first.
func group(pairs []Pair) []Cluster {
	parent := map[int64]int64{}
	var find func(int64) int64
	find = func(x int64) int64 {
		p, ok := parent[x]
		if !ok || p == x {
			parent[x] = x
			return x
		}
		r := find(p)
		parent[x] = r
		return r
	}
	for _, p := range pairs {
		a, b := find(p.PropertyA), find(p.PropertyB)
		if a != b {
			parent[max(a, b)] = min(a, b)
		}
	}
	byRoot := map[int64]*Cluster{}
	var order []int64
	for _, p := range pairs {
		r := find(p.PropertyA)
		c, ok := byRoot[r]
		if !ok {
			c = &Cluster{}
			byRoot[r] = c
			order = append(order, r)
		}
		c.Pairs = append(c.Pairs, p)
		c.Likelihood = max(c.Likelihood, p.Likelihood)
		if p.UpdatedAt.After(c.UpdatedAt) {
			c.UpdatedAt = p.UpdatedAt
		}
	}
	out := make([]Cluster, 0, len(order))
	for _, r := range order {
		c := byRoot[r]
		ids := map[int64]bool{}
		for _, p := range c.Pairs {
			ids[p.PropertyA], ids[p.PropertyB] = true, true
		}
		c.ID = r
		for id := range ids {
			c.ID = min(c.ID, id)
			c.Members = append(c.Members, Member{PropertyID: id})
		}
		slices.SortFunc(c.Members, func(a, b Member) int { return int(a.PropertyID - b.PropertyID) })
		out = append(out, *c)
	}
	return out
}

// fillMembers reads each member's listing and agent.
func fillMembers(ctx context.Context, q store.Querier, clusters []Cluster) error {
	var args []any
	for _, c := range clusters {
		for _, m := range c.Members {
			args = append(args, m.PropertyID)
		}
	}
	if len(args) == 0 {
		return nil
	}
	rows, err := q.QueryContext(ctx, `SELECT p.id, p.agent_id, u.full_name, p.title, p.locality, p.city, p.price, p.is_active
		FROM properties p JOIN users u ON u.id = p.agent_id WHERE p.id IN (`+store.Placeholders(1, len(args))+`)`, args...)
	if err != nil {
		return apperr.Wrap(err, "read cluster listings")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, m *Member) error {
		return rows.Scan(&m.PropertyID, &m.AgentID, &m.AgentName, &m.Title, &m.Locality, &m.City, &m.Price, &m.IsActive)
	})
	if err != nil {
		return apperr.Wrap(err, "read cluster listings")
	}
	byID := make(map[int64]Member, len(list))
	for _, m := range list {
		byID[m.PropertyID] = m
	}
	for i := range clusters {
		for j, m := range clusters[i].Members {
			if full, ok := byID[m.PropertyID]; ok {
				clusters[i].Members[j] = full
			}
		}
	}
	return nil
}

// Clusters returns the clusters of likely duplicates, the most recently
// found first, at most MaxClusters (made from the newest MaxPairsRead
// likely pairs).
func (s *Service) Clusters(ctx context.Context) ([]Cluster, error) {
	pairs, err := likelyPairs(ctx, s.db, MaxPairsRead)
	if err != nil {
		return nil, err
	}
	clusters := group(pairs)
	if len(clusters) > MaxClusters {
		clusters = clusters[:MaxClusters]
	}
	return clusters, fillMembers(ctx, s.db, clusters)
}

// Split marks every likely pair of the cluster holding listing id as not
// a duplicate, for good: later checks keep them apart. Admins only (the
// caller's guard); recorded in the audit log. It returns NotFound when the
// listing is in no cluster.
func (s *Service) Split(ctx context.Context, admin access.Actor, id int64) (Cluster, error) {
	var out Cluster
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		pairs, err := clusterOf(ctx, tx, id)
		if err != nil {
			return err
		}
		if len(pairs) == 0 {
			return apperr.New(apperr.NotFound, "That listing is in no duplicate cluster")
		}
		clusters := group(pairs)
		if err := fillMembers(ctx, tx, clusters); err != nil {
			return err
		}
		out = clusters[0]
		now := s.db.Time()
		for _, p := range pairs {
			if _, err := tx.ExecContext(ctx, `UPDATE duplicate_pairs SET status = 'not_duplicate', split_by = $1, updated_at = $2 WHERE id = $3`,
				admin.ID, now, p.ID); err != nil {
				return apperr.Wrap(err, "split duplicate pair")
			}
		}
		return audit.Record(ctx, tx, now, audit.Entry{ActorID: admin.ID, Action: "duplicates.split", TargetType: "property", TargetID: out.ID,
			Before: out, After: map[string]any{"status": StatusNotDuplicate, "pairs": len(pairs)}})
	})
	return out, err
}

// clusterOf reads the likely pairs joined, however indirectly, to listing id.
func clusterOf(ctx context.Context, tx *sql.Tx, id int64) ([]Pair, error) {
	seen := map[int64]bool{id: true}
	queue := []int64{id}
	pairSeen := map[int64]bool{}
	var out []Pair
	for len(queue) > 0 && len(out) < MaxPairsRead {
		at := queue[0]
		queue = queue[1:]
		rows, err := tx.QueryContext(ctx, `SELECT id, property_a, property_b, likelihood, reasons, updated_at FROM duplicate_pairs
			WHERE status = 'likely' AND (property_a = $1 OR property_b = $1)`, at)
		if err != nil {
			return nil, apperr.Wrap(err, "read duplicate cluster")
		}
		pairs, err := collectPairs(rows)
		if err != nil {
			return nil, err
		}
		for _, p := range pairs {
			if pairSeen[p.ID] {
				continue
			}
			pairSeen[p.ID] = true
			out = append(out, p)
			for _, x := range []int64{p.PropertyA, p.PropertyB} {
				if !seen[x] {
					seen[x] = true
					queue = append(queue, x)
				}
			}
		}
	}
	return out, nil
}
