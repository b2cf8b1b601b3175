package matching

import (
	"context"
	"sync"
)

// News counts, per agent, the new matches a write stored, so that the agents
// can be told once the write commits.
type News struct {
	mu     sync.Mutex
	counts map[int64]int
}

type newsKey struct{}

// WithNews returns a context under which the engine counts the matches it
// stores into the returned News.
func WithNews(ctx context.Context) (context.Context, *News) {
	n := &News{counts: map[int64]int{}}
	return context.WithValue(ctx, newsKey{}, n), n
}

func (n *News) add(sellerAgentID, buyerAgentID int64) {
	if n == nil {
		return
	}
	n.mu.Lock()
	n.counts[sellerAgentID]++
	n.counts[buyerAgentID]++
	n.mu.Unlock()
}

// Counts returns the new matches stored per agent.
func (n *News) Counts() map[int64]int {
	n.mu.Lock()
	defer n.mu.Unlock()
	out := make(map[int64]int, len(n.counts))
	for k, v := range n.counts {
		out[k] = v
	}
	return out
}

func newsFrom(ctx context.Context) *News {
	n, _ := ctx.Value(newsKey{}).(*News)
	return n
}
