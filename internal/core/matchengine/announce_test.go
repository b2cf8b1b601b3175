package matchengine

import (
	"context"
	"testing"
)

// announcer records what it is told.
type announcer struct{ told []map[int64]int }

func (a *announcer) MatchesGained(_ context.Context, perAgent map[int64]int) {
	a.told = append(a.told, perAgent)
}

func TestAnnounceTellsTheAgentsWhoGainedMatches(t *testing.T) {
	a := &announcer{}
	e := New(nil, Options{})
	e.Announce(context.Background(), Gained{7: 1})
	e.opt.Announcer = a
	e.Announce(context.Background(), nil)
	e.Announce(context.Background(), Gained{})
	e.Announce(context.Background(), Gained{7: 2, 8: 1})
	if len(a.told) != 1 || a.told[0][7] != 2 || a.told[0][8] != 1 {
		t.Errorf("told %v, want one announcement of {7: 2, 8: 1}", a.told)
	}
}
