// Package events carries live notices to signed-in users: new messages,
// read receipts, connection requests and their answers, new matches. A Bus
// publishes an event to users; each open stream subscribes for one user.
// Hub serves one instance; PGBus relays through PostgreSQL LISTEN/NOTIFY so
// that several instances sharing one database reach each other's streams.
package events

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sync"
)

// Event types.
const (
	Message        = "message"
	MessageDeleted = "message-deleted"
	Read           = "read"
	Connection     = "connection"
	Matches        = "matches"
	// Resync tells a stream that events may have been missed (the
	// PostgreSQL listener reconnected): the browser refetches what it shows.
	Resync = "resync"
	// SessionEnded is internal: it closes the streams of one session (or of
	// every session of the user when the session key is empty). Streams never
	// see it.
	SessionEnded = "session-ended"
)

// Event is one notice: its type and its JSON data.
type Event struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

// New returns an event of type typ whose data is v encoded as JSON.
func New(typ string, v any) Event {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte("null")
	}
	return Event{Type: typ, Data: b}
}

// Bus delivers events to the streams of the users they name.
type Bus interface {
	// Publish sends ev to every open stream of each of users. It returns an
	// error only when the event could not be handed on (PGBus's NOTIFY).
	Publish(ctx context.Context, users []int64, ev Event) error
	// EndSession closes userID's streams opened with sessionKey, or all of
	// userID's streams when sessionKey is empty.
	EndSession(ctx context.Context, userID int64, sessionKey string) error
	// Subscribe opens a stream for userID under sessionKey.
	Subscribe(userID int64, sessionKey string) *Subscription
	// Close ends every stream; later Subscribes return closed subscriptions.
	Close() error
}

// SessionKey names a session's streams without revealing its token.
func SessionKey(token string) string {
	if token == "" {
		return ""
	}
	h := sha256.Sum256([]byte("propmatch-stream\x00" + token))
	return hex.EncodeToString(h[:12])
}

// Subscription is one open stream. C is closed when the stream must end:
// its session ended, the bus closed, or the reader fell too far behind.
type Subscription struct {
	C          <-chan Event
	c          chan Event
	userID     int64
	sessionKey string
	hub        *Hub
	once       sync.Once
}

// Close ends the subscription; it is safe to call more than once.
func (s *Subscription) Close() {
	if s.hub != nil {
		s.hub.remove(s)
	}
}

// buffer is how many events a slow stream may fall behind before it is
// closed; the browser then reconnects and reloads what it shows.
const buffer = 64

// Hub is the in-process Bus, and the local fan-out of PGBus.
type Hub struct {
	mu     sync.Mutex
	subs   map[int64]map[*Subscription]struct{}
	closed bool
}

// NewHub returns an empty Hub.
func NewHub() *Hub { return &Hub{subs: map[int64]map[*Subscription]struct{}{}} }

// Subscribe implements Bus.
func (h *Hub) Subscribe(userID int64, sessionKey string) *Subscription {
	c := make(chan Event, buffer)
	s := &Subscription{C: c, c: c, userID: userID, sessionKey: sessionKey, hub: h}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		s.end()
		return s
	}
	if h.subs[userID] == nil {
		h.subs[userID] = map[*Subscription]struct{}{}
	}
	h.subs[userID][s] = struct{}{}
	return s
}

func (s *Subscription) end() { s.once.Do(func() { close(s.c) }) }

func (h *Hub) remove(s *Subscription) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.removeLocked(s)
}

func (h *Hub) removeLocked(s *Subscription) {
	if set := h.subs[s.userID]; set != nil {
		delete(set, s)
		if len(set) == 0 {
			delete(h.subs, s.userID)
		}
	}
	s.end()
}

// Publish implements Bus.
func (h *Hub) Publish(_ context.Context, users []int64, ev Event) error {
	h.deliver(users, ev, "")
	return nil
}

// EndSession implements Bus.
func (h *Hub) EndSession(_ context.Context, userID int64, sessionKey string) error {
	h.deliver([]int64{userID}, Event{Type: SessionEnded}, sessionKey)
	return nil
}

// deliver hands ev to the local streams of users. A SessionEnded event
// closes the streams of sessionKey (all of them when it is empty).
func (h *Hub) deliver(users []int64, ev Event, sessionKey string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, u := range users {
		for s := range h.subs[u] {
			if ev.Type == SessionEnded {
				if sessionKey == "" || s.sessionKey == sessionKey {
					h.removeLocked(s)
				}
				continue
			}
			select {
			case s.c <- ev:
			default: // too far behind: end the stream rather than block everyone
				h.removeLocked(s)
			}
		}
	}
}

// Resync sends a Resync event to every local stream. A stream too far
// behind to take it is ended, which makes its browser reload as well.
func (h *Hub) Resync() {
	h.mu.Lock()
	defer h.mu.Unlock()
	ev := Event{Type: Resync}
	for _, set := range h.subs {
		for s := range set {
			select {
			case s.c <- ev:
			default:
				h.removeLocked(s)
			}
		}
	}
}

// Streams returns how many streams are open.
func (h *Hub) Streams() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, set := range h.subs {
		n += len(set)
	}
	return n
}

// Close implements Bus.
func (h *Hub) Close() error {
	h.mu.Lock()
	h.closed = true
	h.mu.Unlock()
	h.dropAll()
	return nil
}

// dropAll ends every open stream but leaves the hub open.
func (h *Hub) dropAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, set := range h.subs {
		for s := range set {
			s.end()
		}
	}
	h.subs = map[int64]map[*Subscription]struct{}{}
}
