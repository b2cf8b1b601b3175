package events

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// DefaultChannel is the PostgreSQL NOTIFY channel PropMatch instances share.
const DefaultChannel = "propmatch_events"

// maxPayload keeps a NOTIFY under PostgreSQL's 8000-byte limit. A larger
// event travels without its data; streams still learn what changed.
const maxPayload = 7900

// wire is an event as it crosses instances.
type wire struct {
	Users   []int64 `json:"u"`
	Session string  `json:"s,omitempty"`
	Event
}

// PGBus is a Bus for several instances sharing one PostgreSQL database:
// Publish sends a NOTIFY, and every instance LISTENs and hands what arrives
// to its own streams.
type PGBus struct {
	*Hub
	db      *sql.DB
	url     string
	channel string
	log     *slog.Logger
	cancel  context.CancelFunc
	done    chan struct{}
}

// NewPGBus connects a listener to the PostgreSQL database at url and starts
// relaying channel's notifications to local streams; db sends them. It
// returns an error when the listener cannot connect.
func NewPGBus(ctx context.Context, db *sql.DB, url, channel string, log *slog.Logger) (*PGBus, error) {
	b := &PGBus{Hub: NewHub(), db: db, url: url, channel: channel, log: log, done: make(chan struct{})}
	conn, err := b.listen(ctx)
	if err != nil {
		return nil, err
	}
	ctx, b.cancel = context.WithCancel(context.WithoutCancel(ctx))
	go b.run(ctx, conn)
	return b, nil
}

func (b *PGBus) listen(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.Connect(ctx, b.url)
	if err != nil {
		return nil, fmt.Errorf("events listener: %w", err)
	}
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{b.channel}.Sanitize()); err != nil {
		_ = conn.Close(ctx) // the LISTEN error says what went wrong
		return nil, fmt.Errorf("events listener: %w", err)
	}
	return conn, nil
}

// run relays notifications until ctx ends, reconnecting after failures.
// Events sent while the listener was away are lost, so after a reconnect
// every local stream is told to resync: browsers refetch what they show,
// and their streams stay open.
func (b *PGBus) run(ctx context.Context, conn *pgx.Conn) {
	defer close(b.done)
	var wait time.Duration // the first attempt after a drop is immediate
	for {
		for conn == nil {
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
			var err error
			if conn, err = b.listen(ctx); err != nil {
				b.log.Warn("events listener: reconnect failed", "err", err)
				wait = min(max(2*wait, time.Second), 30*time.Second)
				continue
			}
			wait = 0
			b.log.Info("events listener: reconnected; streams told to resync", "streams", b.Hub.Streams())
			b.Hub.Resync()
		}
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			// The connection is lost or ctx has ended: close it even so,
			// and a second error adds nothing to the first.
			_ = conn.Close(context.WithoutCancel(ctx))
			conn = nil
			if ctx.Err() != nil {
				return
			}
			b.log.Warn("events listener: connection lost", "err", err)
			continue
		}
		var w wire
		if err := json.Unmarshal([]byte(n.Payload), &w); err != nil {
			b.log.Warn("events listener: bad payload", "err", err)
			continue
		}
		b.Hub.deliver(w.Users, w.Event, w.Session)
	}
}

// Publish implements Bus with a NOTIFY.
func (b *PGBus) Publish(ctx context.Context, users []int64, ev Event) error {
	if len(users) == 0 {
		return nil
	}
	return b.notify(ctx, wire{Users: users, Event: ev})
}

// EndSession implements Bus with a NOTIFY.
func (b *PGBus) EndSession(ctx context.Context, userID int64, sessionKey string) error {
	return b.notify(ctx, wire{Users: []int64{userID}, Session: sessionKey, Event: Event{Type: SessionEnded}})
}

func (b *PGBus) notify(ctx context.Context, w wire) error {
	payload, err := json.Marshal(w)
	if err != nil {
		return err
	}
	if len(payload) > maxPayload {
		w.Data = nil
		if payload, err = json.Marshal(w); err != nil {
			return err
		}
	}
	if _, err := b.db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, b.channel, string(payload)); err != nil {
		return fmt.Errorf("notify: %w", err)
	}
	return nil
}

// Close stops the listener and ends every local stream.
func (b *PGBus) Close() error {
	b.cancel()
	<-b.done
	return b.Hub.Close()
}
