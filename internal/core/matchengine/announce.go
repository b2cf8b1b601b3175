package matchengine

import "context"

// Gained counts, per agent, the new matches a write stored: each new match
// counts once for its seller's agent and once for its buyer's.
type Gained map[int64]int

// add counts a new match between a seller's and a buyer's agent. A nil
// Gained counts nothing.
func (g Gained) add(sellerAgentID, buyerAgentID int64) {
	if g == nil {
		return
	}
	g[sellerAgentID]++
	g[buyerAgentID]++
}

// merge adds the counts of other to g (nil g adds nothing).
func (g Gained) merge(other Gained) {
	if g == nil {
		return
	}
	for agent, n := range other {
		g[agent] += n
	}
}

// Announcer tells agents about the new matches they gained; perAgent is a
// Gained. The engine calls it through Announce, after the write that stored
// the matches has committed.
type Announcer interface {
	MatchesGained(ctx context.Context, perAgent map[int64]int)
}

// Announce tells the agents in gained about their new matches through the
// engine's Announcer; without one, or with nothing gained, nobody is told.
// Call it only once the transaction that stored the matches has committed.
func (e *Engine) Announce(ctx context.Context, gained Gained) {
	if e.opt.Announcer != nil && len(gained) > 0 {
		e.opt.Announcer.MatchesGained(ctx, gained)
	}
}
