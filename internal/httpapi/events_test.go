package httpapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"propmatch/internal/httpapi"
	"propmatch/internal/kit/events"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// sse is one Server-Sent Event as a test reads it.
type sse struct {
	typ  string
	data map[string]any
}

// stream is an open GET /api/events.
type stream struct {
	events chan sse
	cancel context.CancelFunc
}

// openStream opens g's event stream on a, and waits until it is connected.
func (a *apiTest) openStream(g agent) *stream {
	a.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	a.t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", a.srv.URL+"/api/events", nil)
	req.AddCookie(&http.Cookie{Name: httpapi.SessionCookie, Value: g.tok})
	resp, err := a.bare.Do(req)
	if err != nil {
		a.t.Fatalf("open stream: %v", err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		a.t.Fatalf("stream answered %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	s := &stream{events: make(chan sse, 100), cancel: cancel}
	connected := make(chan struct{})
	go func() {
		defer resp.Body.Close()
		defer close(s.events)
		sc := bufio.NewScanner(resp.Body)
		var ev sse
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == ": connected":
				close(connected)
			case strings.HasPrefix(line, "event: "):
				ev.typ = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &ev.data)
			case line == "" && ev.typ != "":
				s.events <- ev
				ev = sse{}
			}
		}
	}()
	select {
	case <-connected:
	case <-time.After(5 * time.Second):
		a.t.Fatal("stream did not connect")
	}
	return s
}

// next waits for the next event of type typ, skipping others.
func (s *stream) next(t *testing.T, typ string) map[string]any {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case ev, open := <-s.events:
			if !open {
				t.Fatalf("stream ended while waiting for %q", typ)
			}
			if ev.typ == typ {
				return ev.data
			}
		case <-deadline:
			t.Fatalf("no %q event within 5 s", typ)
		}
	}
}

// ended waits for the server to end the stream.
func (s *stream) ended(t *testing.T) {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case _, open := <-s.events:
			if !open {
				return
			}
		case <-deadline:
			t.Fatal("stream still open after 5 s")
		}
	}
}

func TestEventStream(t *testing.T) {
	eachEngine(t, apiOptions{heartbeat: 50 * time.Millisecond}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		sa, sb := a.openStream(A), a.openStream(B)

		t.Run("ConnectionRequestAndAnswer", func(t *testing.T) {
			id := a.sub(t).connect(A, B)
			if got := sb.next(t, "connection"); idOf(got) != id || got["status"] != "pending" {
				t.Errorf("B got %v", got)
			}
			wantStatus(t, a.sub(t).do("PUT", fmt.Sprintf("/api/connections/%d", id), map[string]any{"status": "accepted"}, as(B)), 200)
			sa.next(t, "connection") // A's own request
			if got := sa.next(t, "connection"); got["status"] != "accepted" {
				t.Errorf("A got %v", got)
			}
		})
		t.Run("MessageReachesBothSides", func(t *testing.T) {
			id := a.sub(t).send(A, B, "Hello Bina")
			if got := sb.next(t, "message"); idOf(got) != id || got["content"] != "Hello Bina" {
				t.Errorf("B got %v", got)
			}
			if got := sa.next(t, "message"); idOf(got) != id {
				t.Errorf("A got %v", got)
			}
		})
		t.Run("ReadReceipt", func(t *testing.T) {
			wantStatus(t, a.sub(t).do("PUT", fmt.Sprintf("/api/messages/mark-read/%d", A.id), nil, as(B)), 200)
			if got := sa.next(t, "read"); got["readerId"] != float64(B.id) || got["count"] != float64(1) {
				t.Errorf("A got %v", got)
			}
		})
		t.Run("DeletedMessage", func(t *testing.T) {
			id := a.sub(t).send(B, A, "Oops")
			wantStatus(t, a.sub(t).do("DELETE", fmt.Sprintf("/api/messages/%d", id), nil, as(B)), 200)
			if got := sa.next(t, "message-deleted"); idOf(got) != id {
				t.Errorf("A got %v", got)
			}
		})
		t.Run("NewMatches", func(t *testing.T) {
			a.sub(t).create(B, "/api/requirements", wanted())
			a.sub(t).create(A, "/api/properties", listing())
			if got := sb.next(t, "matches"); got["count"] != float64(1) {
				t.Errorf("B got %v", got)
			}
		})
		t.Run("LogoutEndsTheSessionsStreams", func(t *testing.T) {
			other := a.openStream(B) // the same session, a second tab
			wantStatus(t, a.sub(t).do("POST", "/api/logout", nil, as(B)), 200)
			sb.ended(t)
			other.ended(t)
		})
		t.Run("ExpiredSessionEndsAtTheNextHeartbeat", func(t *testing.T) {
			if _, err := a.db.Exec(`DELETE FROM sessions WHERE user_id = $1`, A.id); err != nil {
				t.Fatal(err)
			}
			sa.ended(t)
		})
		t.Run("NoStreamLeftOpen", func(t *testing.T) {
			waitFor(t, func() bool { return a.bus.(*events.Hub).Streams() == 0 })
		})
		t.Run("SignedOut", func(t *testing.T) {
			wantError(t, a.sub(t).do("GET", "/api/events", nil), 401)
		})
	})
}

func TestClosingTheBusEndsStreams(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		s := a.openStream(a.newAgent("anil", "9811111111"))
		a.bus.Close()
		s.ended(t)
	})
}

// TestEventsAcrossInstances runs two servers on one PostgreSQL database, each
// with its own LISTEN/NOTIFY bus: what happens on one reaches streams on the other.
func TestEventsAcrossInstances(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("needs PostgreSQL (TEST_DATABASE_URL)")
	}
	url := storetest.URL(t, store.Postgres)
	db1, db2 := openMigrated(t, url), openMigrated(t, url)
	channel := fmt.Sprintf("propmatch_test_%d", time.Now().UnixNano())
	bus := func(db *store.DB) events.Bus {
		b, err := events.NewPGBus(context.Background(), db.DB, url, channel, discardLog())
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	one := newAPITest(t, db1, apiOptions{bus: bus(db1)})
	two := newAPITest(t, db2, apiOptions{bus: bus(db2)})
	A := one.newAgent("anil", "9811111111")
	B := one.newAgent("bina", "9822222222")
	one.befriend(A, B)

	onTwo := two.openStream(B)
	id := one.send(A, B, "Sent through instance one")
	if got := onTwo.next(t, "message"); idOf(got) != id || got["content"] != "Sent through instance one" {
		t.Errorf("stream on instance two got %v", got)
	}
	t.Run("LogoutOnOneEndsStreamOnTwo", func(t *testing.T) {
		wantStatus(t, one.do("POST", "/api/logout", nil, as(B)), 200)
		onTwo.ended(t)
	})
}

func openMigrated(t *testing.T, url string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
}

// waitFor polls cond for up to 5 s.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("condition not met within 5 s")
}

func discardLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
