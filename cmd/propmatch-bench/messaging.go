package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"propmatch/internal/feature/message"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/auth"
)

// Messaging benchmark sizes (issue 4).
const (
	benchMessages    = 10_000 // messages of the agent whose inbox is read
	benchCounterpart = 200    // agents that agent talks to, each with an open stream
	benchPassword    = "Bench-Password-2026"
)

// messaging measures an inbox of benchMessages messages (unread count and
// conversation list under load) and how long a message takes to reach the
// receiver's open event stream while benchCounterpart streams are open.
func (r *run) messaging(ctx context.Context, workers, sends int, d time.Duration) error {
	names, err := r.seedInbox(ctx)
	if err != nil {
		return err
	}
	var clients []*http.Client
	for range workers {
		c, err := r.login(names[0], benchPassword, 30*time.Second)
		if err != nil {
			return err
		}
		clients = append(clients, c)
	}
	r.report(r.hammer("GET /api/messages/unread-count", clients, d))
	r.report(r.hammer("GET /api/messages/conversations", clients, d))
	r.report(r.hammer("GET /api/dashboard/stats", clients, d))
	r.report(r.streamLatency(ctx, names[1:], sends))
	return nil
}

// seedInbox adds an agent with benchMessages messages spread over
// benchCounterpart connected agents (a fifth of those received unread), and
// connects each counterpart with the next. It returns the usernames, the
// inbox's owner first.
func (r *run) seedInbox(ctx context.Context) ([]string, error) {
	var names []string
	var ids []int64
	for i := 0; i <= benchCounterpart; i++ {
		name := fmt.Sprintf("inbox_%d", i)
		u, err := r.auth.CreateUser(ctx, auth.NewUser{Username: name, Password: benchPassword, FullName: "Inbox Agent " + strconv.Itoa(i),
			Phone: fmt.Sprintf("+9198%08d", 10_000_000+i), AgentType: "both", State: "Karnataka", City: "Bengaluru"})
		if err != nil {
			return nil, err
		}
		names, ids = append(names, name), append(ids, u.ID)
	}
	now := r.db.Time()
	var conns, msgs [][]any
	pair := func(a, b int64) (int64, int64) { return min(a, b), max(a, b) }
	for i, id := range ids[1:] {
		lo, hi := pair(ids[0], id)
		conns = append(conns, []any{ids[0], id, lo, hi, "Let us connect", "accepted", now, now})
		if next := ids[1+(i+1)%benchCounterpart]; next != id {
			lo, hi := pair(id, next)
			conns = append(conns, []any{id, next, lo, hi, "Let us connect", "accepted", now, now})
		}
	}
	for k := 0; k < benchMessages; k++ {
		other := ids[1+k%benchCounterpart]
		from, to := ids[0], other
		if k%2 == 1 {
			from, to = other, ids[0]
		}
		lo, hi := pair(from, to)
		read := to != ids[0] || k%5 != 1
		at := now.Add(time.Duration(k-benchMessages) * time.Minute)
		msgs = append(msgs, []any{from, to, lo, hi, fmt.Sprintf("Message %d about a 2 BHK in Whitefield", k), read, at})
	}
	if err := insertRows(ctx, r.db, "connections", "requester_id, receiver_id, user_low, user_high, message, status, created_at, updated_at", conns); err != nil {
		return nil, err
	}
	if err := insertRows(ctx, r.db, "messages", "sender_id, receiver_id, user_low, user_high, content, is_read, created_at", msgs); err != nil {
		return nil, err
	}
	if err := message.RebuildConversations(ctx, r.db); err != nil {
		return nil, err
	}
	return names, nil
}

// insertRows writes rows into table in multi-row INSERTs.
func insertRows(ctx context.Context, db *store.DB, table, cols string, rows [][]any) error {
	for len(rows) > 0 {
		n := min(500, len(rows))
		var args []any
		var values []string
		for _, row := range rows[:n] {
			values = append(values, "("+store.Placeholders(len(args)+1, len(row))+")")
			args = append(args, row...)
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO "+table+" ("+cols+") VALUES "+strings.Join(values, ", "), args...); err != nil {
			return fmt.Errorf("insert %s: %w", table, err)
		}
		rows = rows[n:]
	}
	return nil
}

// streamLatency opens an event stream for each of names, then sends sends
// messages, one at a time, each from one agent to the next, and times from
// the POST to the message's arrival on the receiver's stream.
func (r *run) streamLatency(ctx context.Context, names []string, sends int) (result, error) {
	res := result{name: fmt.Sprintf("message to stream (%d streams open)", len(names))}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var sent sync.Map // content -> send time
	arrived := make(chan time.Duration, sends)
	clients := make([]*http.Client, len(names))
	ids := make([]int64, len(names))
	for i, name := range names {
		c, err := r.login(name, benchPassword, 0)
		if err != nil {
			return res, err
		}
		if ids[i], err = me(c, r.base); err != nil {
			return res, err
		}
		clients[i] = c
		ready := make(chan error, 1)
		go r.listen(ctx, c, ids[i], ready, func(content string, at time.Time) {
			if t, ok := sent.LoadAndDelete(content); ok {
				arrived <- at.Sub(t.(time.Time))
			}
		})
		if err := <-ready; err != nil {
			return res, err
		}
	}
	start := time.Now()
	for k := 0; k < sends; k++ {
		from := k % len(clients)
		to := ids[(from+1)%len(ids)]
		content := fmt.Sprintf("stream bench %d", k)
		sent.Store(content, time.Now())
		resp, err := clients[from].Post(r.base+"/api/messages", "application/json",
			strings.NewReader(fmt.Sprintf(`{"receiverId":%d,"content":%q}`, to, content)))
		if err != nil {
			return res, err
		}
		if _, err := discard(resp); err != nil {
			return res, err
		}
		if resp.StatusCode != 201 {
			return res, fmt.Errorf("send answered %d", resp.StatusCode)
		}
		select {
		case d := <-arrived:
			res.lat = append(res.lat, d)
		case <-time.After(10 * time.Second):
			return res, fmt.Errorf("message %d never reached the stream", k)
		}
	}
	res.wall = time.Since(start)
	return res, nil
}

// listen reads c's event stream until ctx ends, calling got with the content
// and arrival time of each message to userID; ready receives nil once connected.
func (r *run) listen(ctx context.Context, c *http.Client, userID int64, ready chan<- error, got func(content string, at time.Time)) {
	req, _ := http.NewRequestWithContext(ctx, "GET", r.base+"/api/events", nil)
	resp, err := c.Do(req)
	if err != nil {
		ready <- err
		return
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != 200 {
		ready <- fmt.Errorf("stream answered %d", resp.StatusCode)
		return
	}
	sc := bufio.NewScanner(resp.Body)
	typ := ""
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == ": connected":
			ready <- nil
		case strings.HasPrefix(line, "event: "):
			typ = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: ") && typ == "message":
			at := time.Now()
			var m struct {
				Content    string `json:"content"`
				ReceiverID int64  `json:"receiverId"`
			}
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &m); err == nil && m.ReceiverID == userID {
				got(m.Content, at)
			}
		}
	}
}

// me returns the id of the user c is signed in as.
func me(c *http.Client, base string) (int64, error) {
	resp, err := c.Get(base + "/api/user")
	if err != nil {
		return 0, err
	}
	defer func() { _ = resp.Body.Close() }()
	var u struct {
		ID int64 `json:"id"`
	}
	return u.ID, json.NewDecoder(resp.Body).Decode(&u)
}
