package events

import (
	"context"
	"log/slog"
)

// MatchAnnouncer tells the agents who gained matches in a committed write:
// each gets a Matches event whose data is {"count": n}, their number of new
// matches. It is the match engine's announcer (matching.Announcer). The
// write has committed, so a failure to publish is logged, not returned.
type MatchAnnouncer struct {
	Bus Bus
	Log *slog.Logger
}

// matchCount is the data of a Matches event.
type matchCount struct {
	Count int `json:"count"`
}

// MatchesGained publishes one Matches event per distinct count, to the
// agents of perAgent who gained that many. It outlives ctx's cancellation.
func (a MatchAnnouncer) MatchesGained(ctx context.Context, perAgent map[int64]int) {
	byCount := map[int][]int64{}
	for agent, n := range perAgent {
		byCount[n] = append(byCount[n], agent)
	}
	for n, agents := range byCount {
		if err := a.Bus.Publish(context.WithoutCancel(ctx), agents, New(Matches, matchCount{Count: n})); err != nil && a.Log != nil {
			a.Log.Warn("publish event", "type", Matches, "err", err)
		}
	}
}
