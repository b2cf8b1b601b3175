package events_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"propmatch/internal/kit/events"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// receive waits for one event on s.
func receive(t *testing.T, s *events.Subscription) events.Event {
	t.Helper()
	select {
	case ev, ok := <-s.C:
		if !ok {
			t.Fatal("subscription closed")
		}
		return ev
	case <-time.After(5 * time.Second):
		t.Fatal("no event within 5 s")
	}
	return events.Event{}
}

// closed reports whether s ends within 5 s.
func closed(t *testing.T, s *events.Subscription) {
	t.Helper()
	for deadline := time.After(5 * time.Second); ; {
		select {
		case _, ok := <-s.C:
			if !ok {
				return
			}
		case <-deadline:
			t.Fatal("subscription still open")
		}
	}
}

// empty reports that s has nothing waiting.
func empty(t *testing.T, s *events.Subscription) {
	t.Helper()
	select {
	case ev := <-s.C:
		t.Fatalf("unexpected event %v", ev)
	default:
	}
}

// busTests runs the Bus contract on buses made by newBus; each call of
// newBus is one instance, sharing with the others.
func busTests(t *testing.T, newBus func(t *testing.T) events.Bus) {
	t.Run("DeliversToEachNamedUsersStreams", func(t *testing.T) {
		pub, sub := newBus(t), newBus(t)
		a1, a2, b, c := sub.Subscribe(1, "s1"), sub.Subscribe(1, "s2"), sub.Subscribe(2, "s3"), sub.Subscribe(3, "s4")
		if err := pub.Publish(context.Background(), []int64{1, 2}, events.New(events.Message, map[string]int{"id": 7})); err != nil {
			t.Fatal(err)
		}
		for _, s := range []*events.Subscription{a1, a2, b} {
			if ev := receive(t, s); ev.Type != events.Message || string(ev.Data) != `{"id":7}` {
				t.Errorf("got %v %s", ev.Type, ev.Data)
			}
		}
		time.Sleep(50 * time.Millisecond)
		empty(t, c)
	})
	t.Run("EndSessionClosesOnlyThatSession", func(t *testing.T) {
		pub, sub := newBus(t), newBus(t)
		mine, other := sub.Subscribe(1, "mine"), sub.Subscribe(1, "other")
		pub.EndSession(context.Background(), 1, "mine")
		closed(t, mine)
		pub.Publish(context.Background(), []int64{1}, events.New(events.Read, nil))
		receive(t, other)
		pub.EndSession(context.Background(), 1, "")
		closed(t, other)
	})
	t.Run("CloseEndsEverything", func(t *testing.T) {
		b := newBus(t)
		s := b.Subscribe(1, "x")
		b.Close()
		closed(t, s)
		closed(t, b.Subscribe(2, "y"))
	})
}

func TestHub(t *testing.T) {
	hub := events.NewHub()
	t.Cleanup(func() { hub.Close() })
	busTests(t, func(t *testing.T) events.Bus { return hub })

	t.Run("SlowStreamIsDroppedNotWaitedFor", func(t *testing.T) {
		h := events.NewHub()
		defer h.Close()
		slow, fast := h.Subscribe(1, "slow"), h.Subscribe(2, "fast")
		for i := range 100 {
			h.Publish(context.Background(), []int64{1}, events.New(events.Message, i))
		}
		h.Publish(context.Background(), []int64{2}, events.New(events.Message, "hi"))
		receive(t, fast)
		closed(t, slow)
		if n := h.Streams(); n != 1 {
			t.Errorf("streams = %d, want 1", n)
		}
	})
	t.Run("ResyncReachesEveryStreamAndKeepsItOpen", func(t *testing.T) {
		h := events.NewHub()
		defer h.Close()
		a, b := h.Subscribe(1, "a"), h.Subscribe(2, "b")
		h.Resync()
		for _, s := range []*events.Subscription{a, b} {
			if ev := receive(t, s); ev.Type != events.Resync {
				t.Errorf("got %q, want %q", ev.Type, events.Resync)
			}
		}
		if n := h.Streams(); n != 2 {
			t.Errorf("streams = %d, want 2", n)
		}
	})
	t.Run("CloseIsIdempotent", func(t *testing.T) {
		h := events.NewHub()
		s := h.Subscribe(1, "")
		s.Close()
		s.Close()
		h.Close()
		h.Close()
	})
	t.Run("SessionKeyHidesTheToken", func(t *testing.T) {
		k := events.SessionKey("secret-token")
		if k == "" || strings.Contains(k, "secret") || k != events.SessionKey("secret-token") || k == events.SessionKey("other") {
			t.Errorf("SessionKey = %q", k)
		}
	})
}

func TestPGBus(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("needs PostgreSQL (TEST_DATABASE_URL)")
	}
	url := storetest.URL(t, store.Postgres)
	db, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	// Each subtest's two buses (publisher, subscriber) share a channel.
	prefix, n := fmt.Sprintf("pm_bus_%d", time.Now().UnixNano()), 0
	newBus := func(t *testing.T) events.Bus {
		n++
		b, err := events.NewPGBus(context.Background(), db.DB, url, fmt.Sprintf("%s_%d", prefix, (n+1)/2), log)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		return b
	}
	busTests(t, func(t *testing.T) events.Bus { return newBus(t) })

	t.Run("OversizedEventTravelsWithoutData", func(t *testing.T) {
		channel := fmt.Sprintf("pm_big_%d", time.Now().UnixNano())
		b, err := events.NewPGBus(context.Background(), db.DB, url, channel, log)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		s := b.Subscribe(1, "")
		if err := b.Publish(context.Background(), []int64{1}, events.New(events.Message, strings.Repeat("<", 5000))); err != nil {
			t.Fatal(err)
		}
		if ev := receive(t, s); ev.Type != events.Message || (len(ev.Data) != 0 && string(ev.Data) != "null") {
			t.Errorf("got %v with %d bytes of data", ev.Type, len(ev.Data))
		}
	})
	t.Run("ReconnectTellsStreamsToResync", func(t *testing.T) {
		channel := fmt.Sprintf("pm_resync_%d", time.Now().UnixNano())
		b, err := events.NewPGBus(context.Background(), db.DB, url, channel, log)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		s1, s2 := b.Subscribe(1, "a"), b.Subscribe(2, "b")
		// End the listener's connection the way a database restart or a
		// network drop would.
		var killed bool
		err = db.QueryRow(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
			WHERE query = $1 AND pid <> pg_backend_pid()`, `LISTEN "`+channel+`"`).Scan(&killed)
		if err != nil || !killed {
			t.Fatalf("terminate the listener: %v, %v", killed, err)
		}
		for _, s := range []*events.Subscription{s1, s2} {
			if ev := receive(t, s); ev.Type != events.Resync {
				t.Errorf("got %q, want %q", ev.Type, events.Resync)
			}
		}
		// The streams stayed open, and events flow again.
		if err := b.Publish(context.Background(), []int64{1}, events.New(events.Message, 1)); err != nil {
			t.Fatal(err)
		}
		if ev := receive(t, s1); ev.Type != events.Message {
			t.Errorf("after the reconnect got %q, want a message", ev.Type)
		}
	})
	t.Run("UnreachableDatabase", func(t *testing.T) {
		if _, err := events.NewPGBus(context.Background(), db.DB, "postgres://postgres@127.0.0.1:1/x?connect_timeout=2", "c", log); err == nil {
			t.Error("NewPGBus connected to nothing")
		}
	})
}
