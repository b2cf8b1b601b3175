package httpapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/events"
	"propmatch/internal/platform/auth"
)

// eventsPath is the event stream's route.
const eventsPath = "/api/events"

// defaultMaxStreams is how many event streams one user may hold open on
// one instance when Deps.MaxStreamsPerUser is zero: a browser needs one per
// tab.
const defaultMaxStreams = 10

// streamSlots counts each user's open event streams on this instance. On
// PostgreSQL with several instances, each instance counts its own.
type streamSlots struct {
	mu   sync.Mutex
	max  int
	open map[int64]int
}

func newStreamSlots(most int) *streamSlots {
	return &streamSlots{max: most, open: map[int64]int{}}
}

// take reserves a stream for user, or reports false when user holds max.
func (l *streamSlots) take(user int64) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[user] >= l.max {
		return false
	}
	l.open[user]++
	return true
}

// give returns a stream reserved by take.
func (l *streamSlots) give(user int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[user]--; l.open[user] <= 0 {
		delete(l.open, user)
	}
}

// defaultHeartbeat is how often an idle event stream sends a comment line,
// and checks that its session is still alive.
const defaultHeartbeat = 25 * time.Second

// heartbeat is Deps.Heartbeat, or its default when it is not positive.
func (s *server) heartbeat() time.Duration {
	if s.Heartbeat <= 0 {
		return defaultHeartbeat
	}
	return s.Heartbeat
}

// events streams the signed-in user's events as Server-Sent Events until
// the client leaves, the session ends or the server shuts down.
func (s *server) events(w http.ResponseWriter, r *http.Request, u auth.User) {
	if s.Events == nil {
		s.fail(w, r, apperr.New(apperr.NotFound, "Live events are off on this server"))
		return
	}
	if !s.streams.take(u.ID) {
		s.fail(w, r, apperr.Throttled(30*time.Second, "Your account already has %d live-update connections open, the most it may have. Close some PropMatch tabs or windows, then reload this one.", s.streams.max))
		return
	}
	defer s.streams.give(u.ID)
	s.Metrics.StreamOpened()
	defer s.Metrics.StreamClosed()
	token := sessionToken(r)
	sub := s.Events.Subscribe(u.ID, events.SessionKey(token))
	defer sub.Close()
	rc := http.NewResponseController(w)
	if s.openStream(w, r, rc) {
		s.stream(w, r, rc, sub, token)
	}
}

// openStream sends the headers of an event stream, lifting the server's
// read and write timeouts, which a stream outlives. It reports whether the
// client is still there.
func (s *server) openStream(w http.ResponseWriter, r *http.Request, rc *http.ResponseController) bool {
	if err := errors.Join(rc.SetReadDeadline(time.Time{}), rc.SetWriteDeadline(time.Time{})); err != nil {
		// The stream still works until the server's timeouts end it, and the client reconnects.
		s.Log.WarnContext(r.Context(), "event stream: cannot lift the server's timeouts", "err", err)
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	_, err := fmt.Fprint(w, "retry: 3000\n: connected\n\n")
	return err == nil && rc.Flush() == nil
}

// stream writes each event of sub, and a ping at every heartbeat while the
// session of token lives, until the client or the subscription goes.
func (s *server) stream(w http.ResponseWriter, r *http.Request, rc *http.ResponseController, sub *events.Subscription, token string) {
	ticker := time.NewTicker(s.heartbeat())
	defer ticker.Stop()
	for {
		var err error
		select {
		case <-r.Context().Done():
			return
		case ev, open := <-sub.C:
			if !open {
				return
			}
			_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.Type, dataOrNull(ev.Data))
		case <-ticker.C:
			if !s.sessionAlive(r, token) {
				return
			}
			_, err = fmt.Fprint(w, ": ping\n\n")
		}
		if err != nil || rc.Flush() != nil {
			return
		}
	}
}

// sessionAlive reports whether a stream's session may go on: false once the
// session has ended. A session that cannot be checked (the database is
// down) goes on, and is checked again at the next heartbeat.
func (s *server) sessionAlive(r *http.Request, token string) bool {
	_, err := s.authenticate(r.Context(), token)
	if err != nil && apperr.CodeOf(err) != apperr.Unauthorized {
		s.Log.WarnContext(r.Context(), "event stream: session check failed", "err", err)
		return true
	}
	return err == nil
}

func dataOrNull(b []byte) []byte {
	if len(b) == 0 {
		return []byte("null")
	}
	return b
}

// endStreams closes the event streams of the session with token.
func (s *server) endStreams(r *http.Request, token string) {
	u, ok := currentUser(r)
	if s.Events == nil || !ok || token == "" {
		return
	}
	if err := s.Events.EndSession(context.WithoutCancel(r.Context()), u.ID, events.SessionKey(token)); err != nil {
		s.Log.Warn("end event streams", "err", err)
	}
}

// eventRoutes are the live events of the signed-in user.
func (s *server) eventRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/events", s.sessionOnly(s.events))
}
