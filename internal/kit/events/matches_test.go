package events_test

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"propmatch/internal/kit/events"
)

func TestMatchAnnouncerTellsEachAgentTheirCount(t *testing.T) {
	hub := events.NewHub()
	defer hub.Close()
	seller, buyer, other := hub.Subscribe(1, ""), hub.Subscribe(2, ""), hub.Subscribe(3, "")
	a := events.MatchAnnouncer{Bus: hub, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	a.MatchesGained(context.Background(), map[int64]int{1: 2, 2: 1})
	for _, tc := range []struct {
		name string
		sub  *events.Subscription
		want string
	}{{"Seller", seller, `{"count":2}`}, {"Buyer", buyer, `{"count":1}`}} {
		if ev := receive(t, tc.sub); ev.Type != events.Matches || string(ev.Data) != tc.want {
			t.Errorf("%s got %s %s, want matches %s", tc.name, ev.Type, ev.Data, tc.want)
		}
		empty(t, tc.sub)
	}
	empty(t, other)
}

func TestMatchAnnouncerOutlivesTheRequest(t *testing.T) {
	hub := events.NewHub()
	defer hub.Close()
	s := hub.Subscribe(1, "")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	events.MatchAnnouncer{Bus: hub}.MatchesGained(ctx, map[int64]int{1: 1})
	if ev := receive(t, s); ev.Type != events.Matches {
		t.Errorf("got %v", ev)
	}
}
