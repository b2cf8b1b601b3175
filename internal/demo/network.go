package demo

import (
	"database/sql"
	"fmt"
	"sort"
	"strings"
	"time"

	"propmatch/internal/feature/message"
)

// DefaultConnections is how many connections an agent has on average.
const DefaultConnections = 4

var (
	connectionsTable = newTable("connections", "requester_id", "receiver_id", "user_low", "user_high", "message", "status",
		"created_at", "updated_at")
	messagesTable = newTable("messages", "sender_id", "receiver_id", "user_low", "user_high", "content", "is_read", "created_at")
)

// introductions and chat are the texts of demo requests and conversations;
// {name} is the other agent's first name, {city} the sender's city.
var (
	introductions = []string{
		"Hi {name}, I work in {city} real estate and would like to connect to share leads and listings.",
		"Hello {name}, I often have buyers looking in your area. Shall we connect for referrals?",
		"Namaste {name}, I'm an agent based in {city}. Happy to collaborate on joint deals and market insights.",
	}
	chat = []string{
		"Hi {name}, do you have any 2 or 3 BHK resale flats under 1.2 crore right now?",
		"Yes, two options. One is ready to move in, the other needs some interior work. Shall I share details?",
		"Please do. My client prefers east facing and a covered parking.",
		"Sent the brochure on WhatsApp. Site visit possible this Saturday morning.",
		"Saturday 11 am works. I'll confirm with the client and get back.",
		"Any flexibility on the price? The client's budget is firm.",
		"The owner may come down by 3 to 4 lakh for a quick closure.",
		"Thanks {name}, my client liked the property. Let's discuss the token amount.",
		"Do you see rental demand in your area for a furnished 2 BHK?",
		"I have a commercial space coming up for lease, about 1,800 sq.ft. Interested?",
		"Can you share the RERA details of the project?",
		"Noted. Will update you after the site visit.",
	}
)

type demoConnection struct {
	from, to         int64
	status, message  string
	created, updated time.Time
	talk             bool
	// unreadBy, when set, receives the conversation's last message unread.
	unreadBy int64
}

type demoMessage struct {
	from, to int64
	content  string
	read     bool
	at       time.Time
}

// makeNetwork adds connections between agents, mostly within a city, and
// conversations on some of the accepted ones; with a showcase, the two demo
// logins are connected, have talked, and each has a request waiting.
func (g *gen) makeNetwork() error {
	per := g.opt.Connections
	if per == 0 {
		per = DefaultConnections
	}
	if per < 0 || len(g.agents) < 2 {
		return nil
	}
	live, err := g.livePairs()
	if err != nil {
		return err
	}
	firstNames, err := g.firstNames()
	if err != nil {
		return err
	}
	byCity := map[int][]int{}
	for i, a := range g.agents {
		byCity[a.city] = append(byCity[a.city], i)
	}
	var conns []demoConnection
	add := func(c demoConnection) bool {
		low, high := min(c.from, c.to), max(c.from, c.to)
		key := [2]int64{low, high}
		if c.from == c.to || live[key] {
			return false
		}
		if c.status == "pending" || c.status == "accepted" {
			live[key] = true
		}
		conns = append(conns, c)
		return true
	}
	if s := g.opt.Showcase; s != nil {
		g.showcaseNetwork(s, firstNames, add)
	}
	want := len(g.agents) * per / 2
	for tries := 0; len(conns) < want && tries < 4*want; tries++ {
		i := g.r.IntN(len(g.agents))
		j := g.r.IntN(len(g.agents))
		if local := byCity[g.agents[i].city]; len(local) > 1 && g.r.Float64() < 0.7 {
			j = pick(g.r, local)
		}
		created := g.stamp(len(conns), want, 180*24*time.Hour)
		status := []string{"accepted", "pending", "rejected", "cancelled"}[weighted(g.r, 65, 20, 10, 5)]
		updated := created
		if status != "pending" {
			updated = minTime(created.Add(time.Duration(1+g.r.IntN(72))*time.Hour), g.now)
		}
		from, to := g.agents[i].id, g.agents[j].id
		add(demoConnection{from: from, to: to, status: status, created: created, updated: updated,
			message: fill(pick(g.r, introductions), firstNames[to], g.cityOf(i)), talk: status == "accepted" && g.r.Float64() < 0.5})
	}
	var msgs []demoMessage
	for _, c := range conns {
		if c.talk {
			msgs = append(msgs, g.conversation(c, firstNames)...)
		}
	}
	return g.writeNetwork(conns, msgs)
}

// showcaseNetwork connects the two demo logins (with a conversation) and
// leaves each a pending request from a generated agent.
func (g *gen) showcaseNetwork(s *Showcase, names map[int64]string, add func(demoConnection) bool) {
	day := 24 * time.Hour
	add(demoConnection{from: s.Buyer, to: s.Seller, status: "accepted", created: g.now.Add(-20 * day), updated: g.now.Add(-19 * day),
		message: fill("Hi {name}, I have buyers relocating to Bengaluru. Let's connect for referrals and joint site visits.", names[s.Seller], ""),
		talk:    true, unreadBy: s.Seller})
	for k, to := range []int64{s.Seller, s.Buyer} {
		from := g.agents[k%len(g.agents)].id
		add(demoConnection{from: from, to: to, status: "pending", created: g.now.Add(-time.Duration(k+2) * time.Hour),
			updated: g.now.Add(-time.Duration(k+2) * time.Hour),
			message: "Hello, I'm an agent in " + g.cityOf(k%len(g.agents)) + ". I'd like to connect to share leads and listings."})
	}
}

// conversation returns 2 to 8 messages on an accepted connection, after it
// was accepted; all but the newest one or two are read.
func (g *gen) conversation(c demoConnection, names map[int64]string) []demoMessage {
	n := 2 + g.r.IntN(7)
	at := c.updated
	span := g.now.Sub(at)
	out := make([]demoMessage, 0, n)
	from, to := c.from, c.to
	for k := 0; k < n; k++ {
		at = at.Add(time.Duration(g.r.Int64N(int64(max(span/time.Duration(n+1), time.Minute)))))
		if at.After(g.now) {
			at = g.now
		}
		out = append(out, demoMessage{from: from, to: to, at: at.Truncate(time.Second),
			content: fill(chat[(k+int(c.from))%len(chat)], names[to], "")})
		if g.r.Float64() < 0.8 {
			from, to = to, from
		}
	}
	unread := g.r.IntN(3)
	for k := range out {
		out[k].read = k < len(out)-unread
	}
	if c.unreadBy != 0 {
		last := &out[len(out)-1]
		last.to, last.from, last.read = c.unreadBy, c.from+c.to-c.unreadBy, false
	}
	return out
}

func (g *gen) cityOf(agentIndex int) string { return cities().cities[g.agents[agentIndex].city].Name }

// livePairs returns the pairs that already have a pending or accepted connection.
func (g *gen) livePairs() (map[[2]int64]bool, error) {
	rows, err := g.db.QueryContext(g.ctx, `SELECT user_low, user_high FROM connections WHERE status IN ('pending', 'accepted')`)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	out := map[[2]int64]bool{}
	for rows.Next() {
		var k [2]int64
		if err := rows.Scan(&k[0], &k[1]); err != nil {
			return nil, err
		}
		out[k] = true
	}
	return out, rows.Err()
}

// firstNames returns every user's first name by id.
func (g *gen) firstNames() (map[int64]string, error) {
	rows, err := g.db.QueryContext(g.ctx, `SELECT id, full_name FROM users`)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, err
		}
		out[id], _, _ = strings.Cut(name, " ")
	}
	return out, rows.Err()
}

// writeNetwork stores connections and messages oldest first, so that ids
// follow time as they do in use.
func (g *gen) writeNetwork(conns []demoConnection, msgs []demoMessage) error {
	sort.SliceStable(conns, func(i, j int) bool { return conns[i].created.Before(conns[j].created) })
	sort.SliceStable(msgs, func(i, j int) bool { return msgs[i].at.Before(msgs[j].at) })
	var rows [][]any
	for _, c := range conns {
		rows = append(rows, []any{c.from, c.to, min(c.from, c.to), max(c.from, c.to), c.message, c.status, c.created, c.updated})
	}
	if err := g.insertRows(connectionsTable, rows); err != nil {
		return fmt.Errorf("demo connections: %w", err)
	}
	rows = rows[:0]
	for _, m := range msgs {
		rows = append(rows, []any{m.from, m.to, min(m.from, m.to), max(m.from, m.to), m.content, m.read, m.at})
	}
	if err := g.insertRows(messagesTable, rows); err != nil {
		return fmt.Errorf("demo messages: %w", err)
	}
	if err := message.RebuildConversations(g.ctx, g.db); err != nil {
		return fmt.Errorf("demo conversations: %w", err)
	}
	g.res.Connections, g.res.Messages = int64(len(conns)), int64(len(msgs))
	return nil
}

// insertRows writes rows into t in multi-row INSERTs, in one transaction.
func (g *gen) insertRows(t *table, rows [][]any) error {
	return g.db.WithTx(g.ctx, func(tx *sql.Tx) error {
		for len(rows) > 0 {
			n := min(t.per, len(rows))
			args := make([]any, 0, n*len(t.cols))
			for _, r := range rows[:n] {
				args = append(args, r...)
			}
			if _, err := tx.ExecContext(g.ctx, t.insertSQL(n, g.db.Engine), args...); err != nil {
				return err
			}
			rows = rows[n:]
		}
		return nil
	})
}

// fill puts name and city into a template.
func fill(template, name, city string) string {
	return strings.NewReplacer("{name}", name, "{city}", city).Replace(template)
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
