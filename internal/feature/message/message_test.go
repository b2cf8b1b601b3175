package message_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/message"
	"propmatch/internal/feature/property"
	"propmatch/internal/feature/requirement"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/network"
)

var ctx = context.Background()

// world is a database with the services messaging needs around it.
type world struct {
	db     *store.DB
	engine *matchengine.Engine
	queue  *jobs.Queue
	props  *property.Service
	reqs   *requirement.Service
	conns  *network.Service
	msgs   *message.Service
}

func newWorld(t *testing.T, db *store.DB) *world {
	engine := matchengine.New(db, matchengine.Options{})
	queue := jobs.NewQueue(db, jobs.Config{})
	queue.Add(engine.Jobs()...)
	return &world{db: db, engine: engine, queue: queue, props: property.NewService(db, engine),
		reqs: requirement.NewService(db, engine), conns: network.NewService(db, nil), msgs: message.NewService(db, engine, nil)}
}

func (w *world) agents(t *testing.T, names ...string) []int64 {
	t.Helper()
	ids := make([]int64, len(names))
	for i, n := range names {
		ids[i] = storetest.AddUser(t, w.db, n, fmt.Sprintf("+9198000%05d", i+1))
	}
	return ids
}

func decode[T any](t *testing.T, body string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// match makes seller list a flat that buyer's new requirement wants, runs
// the matching and returns the match's id.
func (w *world) match(t *testing.T, seller, buyer int64) int64 {
	t.Helper()
	p, err := w.props.Create(ctx, seller, decode[property.Input](t, `{"title": "2BHK", "propertyType": "apartment",
		"price": 7500000, "state": "Telangana", "city": "Hyderabad"}`))
	if err != nil {
		t.Fatal(err)
	}
	r, err := w.reqs.Create(ctx, buyer, decode[requirement.Input](t, `{"clientName": "Ramesh", "clientPhone": "9876543210",
		"propertyTypes": "apartment", "minPrice": 7000000, "maxPrice": 8000000, "preferredState": "Telangana", "preferredCities": "Hyderabad"}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.queue.RunPending(ctx); err != nil {
		t.Fatal(err)
	}
	var id int64
	if err := w.db.QueryRow(`SELECT id FROM matches WHERE property_id = $1 AND requirement_id = $2`, p.ID, r.ID).Scan(&id); err != nil {
		t.Fatalf("no match between listing %d and requirement %d: %v", p.ID, r.ID, err)
	}
	return id
}

// connect makes a and b connected.
func (w *world) connect(t *testing.T, a, b int64) {
	t.Helper()
	c, err := w.conns.Create(ctx, a, network.Request{RecipientID: input.Int{Value: b, Set: true}, Message: "hello"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.conns.Answer(ctx, b, c.ID, network.Accepted); err != nil {
		t.Fatal(err)
	}
}

func to(id int64, text string) message.Input {
	return message.Input{ReceiverID: input.Int{Value: id, Set: true}, Content: &text}
}

func (w *world) send(t *testing.T, from, toID int64, text string) message.Message {
	t.Helper()
	m, err := w.msgs.Send(ctx, from, to(toID, text))
	if err != nil {
		t.Fatalf("send %d→%d: %v", from, toID, err)
	}
	return m
}

func wantCode(t *testing.T, what string, err error, code apperr.Code) {
	t.Helper()
	if apperr.CodeOf(err) != code {
		t.Fatalf("%s: %v (code %q), want %q", what, err, apperr.CodeOf(err), code)
	}
}

func paths(err error) []string {
	var e *apperr.Error
	if !errors.As(err, &e) {
		return nil
	}
	var out []string
	for _, f := range e.Fields {
		out = append(out, f.Path)
	}
	return out
}

func TestSendRefusesBadInputWithFieldErrors(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		ids := w.agents(t, "asha", "ravi")
		w.connect(t, ids[0], ids[1])
		str := func(s string) *string { return &s }
		for _, tc := range []struct {
			name string
			in   message.Input
			want []string
		}{
			{"no receiver", message.Input{Content: str("hi")}, []string{"receiverId"}},
			{"to oneself", to(ids[0], "hi"), []string{"receiverId"}},
			{"no text", message.Input{ReceiverID: input.Int{Value: ids[1], Set: true}}, []string{"content"}},
			{"blank text", to(ids[1], " \t\n "), []string{"content"}},
			{"text over the limit", to(ids[1], strings.Repeat("ह", message.MaxContent+1)), []string{"content"}},
			{"match id not positive", message.Input{ReceiverID: input.Int{Value: ids[1], Set: true}, Content: str("hi"),
				MatchID: input.Int{Value: 0, Set: true}}, []string{"matchId"}},
			{"everything wrong", message.Input{MatchID: input.Int{Value: -1, Set: true}}, []string{"receiverId", "content", "matchId"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := w.msgs.Send(ctx, ids[0], tc.in)
				wantCode(t, "Send", err, apperr.Invalid)
				if got := paths(err); !slices.Equal(got, tc.want) {
					t.Fatalf("field paths %v, want %v", got, tc.want)
				}
			})
		}
		// The other names are read too, the text is trimmed, and the limit is in characters.
		long := strings.Repeat("ह", message.MaxContent)
		m, err := w.msgs.Send(ctx, ids[0], message.Input{RecipientID: input.Int{Value: ids[1], Set: true}, Message: str("  " + long + "  ")})
		if err != nil || m.ReceiverID != ids[1] || m.Content != long || m.Message != long || m.IsRead {
			t.Fatalf("send by recipientId and message at the limit: %+v, %v", m, err)
		}
	})
}

func TestSendNeedsAConnectionOrASharedMatch(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		ids := w.agents(t, "asha", "ravi", "kiran", "meena")
		asha, ravi, kiran, meena := ids[0], ids[1], ids[2], ids[3]

		_, err := w.msgs.Send(ctx, asha, to(ravi, "hi"))
		wantCode(t, "message a stranger", err, apperr.Forbidden)
		_, err = w.msgs.Send(ctx, asha, to(ravi+100, "hi"))
		wantCode(t, "message an unknown agent", err, apperr.NotFound)

		// A pending request is not enough.
		c, err := w.conns.Create(ctx, asha, network.Request{RecipientID: input.Int{Value: ravi, Set: true}, Message: "hello"})
		if err != nil {
			t.Fatal(err)
		}
		_, err = w.msgs.Send(ctx, asha, to(ravi, "hi"))
		wantCode(t, "message with a pending request", err, apperr.Forbidden)
		if _, err := w.conns.Answer(ctx, ravi, c.ID, network.Accepted); err != nil {
			t.Fatal(err)
		}
		w.send(t, asha, ravi, "connected now")
		w.send(t, ravi, asha, "and back")

		// A shared match lets both agents of it message, either way, without a connection.
		w.match(t, kiran, meena)
		w.send(t, meena, kiran, "about your flat")
		w.send(t, kiran, meena, "it is free")
		_, err = w.msgs.Send(ctx, asha, to(kiran, "hi"))
		wantCode(t, "message an agent of another's match", err, apperr.Forbidden)

		// An inactive agent can no longer be messaged, even when connected.
		if _, err := db.Exec(`UPDATE users SET is_active = FALSE WHERE id = $1`, ravi); err != nil {
			t.Fatal(err)
		}
		_, err = w.msgs.Send(ctx, asha, to(ravi, "still there?"))
		wantCode(t, "message an inactive connection", err, apperr.NotFound)
	})
}

func TestSendAboutAMatchMovesOnlyTheSendersSideToContacted(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		ids := w.agents(t, "seller", "buyer", "other")
		seller, buyer, other := ids[0], ids[1], ids[2]
		id := w.match(t, seller, buyer)
		w.connect(t, seller, other)
		about := func(toID int64) message.Input {
			in := to(toID, "about the flat")
			in.MatchID = input.Int{Value: id, Set: true}
			return in
		}
		_, err := w.msgs.Send(ctx, seller, about(other))
		if got := paths(err); apperr.CodeOf(err) != apperr.Invalid || !slices.Equal(got, []string{"receiverId"}) {
			t.Fatalf("match id with a receiver not of that match: %v, want a field error at receiverId", err)
		}
		_, err = w.msgs.Send(ctx, other, about(seller))
		wantCode(t, "an agent not of the match sends about it", err, apperr.NotFound)
		in := to(buyer, "about the flat")
		in.MatchID = input.Int{Value: id + 100, Set: true}
		_, err = w.msgs.Send(ctx, seller, in)
		wantCode(t, "an unknown match", err, apperr.NotFound)

		status := func() (string, string) {
			var s, b string
			if err := db.QueryRow(`SELECT seller_status, buyer_status FROM matches WHERE id = $1`, id).Scan(&s, &b); err != nil {
				t.Fatal(err)
			}
			return s, b
		}
		if s, b := status(); s != "new" || b != "new" {
			t.Fatalf("refused sends changed the match: seller %s, buyer %s", s, b)
		}
		m, err := w.msgs.Send(ctx, seller, about(buyer))
		if err != nil || m.MatchID == nil || *m.MatchID != id {
			t.Fatalf("send about the match: %+v, %v", m, err)
		}
		if s, b := status(); s != "contacted" || b != "new" {
			t.Fatalf("after the seller wrote: seller %s, buyer %s; want contacted, new", s, b)
		}
		if _, err := w.msgs.Send(ctx, buyer, about(seller)); err != nil {
			t.Fatal(err)
		}
		if s, b := status(); s != "contacted" || b != "contacted" {
			t.Fatalf("after the buyer wrote: seller %s, buyer %s; want contacted, contacted", s, b)
		}
	})
}

func TestListShowsOnlyTheCallersMessagesNewestFirst(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		ids := w.agents(t, "asha", "ravi", "kiran")
		asha, ravi, kiran := ids[0], ids[1], ids[2]
		w.connect(t, asha, ravi)
		w.connect(t, asha, kiran)
		w.connect(t, ravi, kiran)
		m1 := w.send(t, asha, ravi, "1")
		m2 := w.send(t, ravi, asha, "2")
		m3 := w.send(t, kiran, asha, "3")
		m4 := w.send(t, ravi, kiran, "4")
		m5 := w.send(t, asha, ravi, "5")
		got := func(user, with int64, page paging.Page) ([]int64, int64) {
			t.Helper()
			list, next, err := w.msgs.List(ctx, user, with, page)
			if err != nil {
				t.Fatal(err)
			}
			var out []int64
			for _, m := range list {
				out = append(out, m.ID)
			}
			return out, next
		}
		all := paging.Page{Limit: 50}
		for _, tc := range []struct {
			name       string
			user, with int64
			want       []int64
		}{
			{"asha's all", asha, 0, []int64{m5.ID, m3.ID, m2.ID, m1.ID}},
			{"asha with ravi", asha, ravi, []int64{m5.ID, m2.ID, m1.ID}},
			{"ravi with asha", ravi, asha, []int64{m5.ID, m2.ID, m1.ID}},
			{"kiran's all", kiran, 0, []int64{m4.ID, m3.ID}},
			{"kiran with asha", kiran, asha, []int64{m3.ID}},
		} {
			if ids, _ := got(tc.user, tc.with, all); !slices.Equal(ids, tc.want) {
				t.Errorf("%s = %v, want %v", tc.name, ids, tc.want)
			}
		}
		first, next := got(asha, 0, paging.Page{Limit: 2})
		second, last := got(asha, 0, paging.Page{Limit: 2, Before: next})
		if !slices.Equal(first, []int64{m5.ID, m3.ID}) || next != m3.ID || !slices.Equal(second, []int64{m2.ID, m1.ID}) || last != 0 {
			t.Fatalf("asha's pages of 2: %v (next %d), %v (next %d)", first, next, second, last)
		}
	})
}

func TestMarkReadMarksOnlyTheMessagesFromThatAgentToTheCaller(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		ids := w.agents(t, "asha", "ravi", "kiran")
		asha, ravi, kiran := ids[0], ids[1], ids[2]
		w.connect(t, asha, ravi)
		w.connect(t, asha, kiran)
		w.send(t, ravi, asha, "1")
		w.send(t, ravi, asha, "2")
		w.send(t, kiran, asha, "3")
		w.send(t, asha, ravi, "4")
		unread := func(user int64) int {
			t.Helper()
			n, err := w.msgs.UnreadCount(ctx, user)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if a, r, k := unread(asha), unread(ravi), unread(kiran); a != 3 || r != 1 || k != 0 {
			t.Fatalf("unread: asha %d, ravi %d, kiran %d; want 3, 1, 0", a, r, k)
		}
		// The sender cannot mark their own messages read for the receiver.
		if n, err := w.msgs.MarkRead(ctx, ravi, asha); err != nil || n != 1 {
			t.Fatalf("ravi marks asha's messages: %d, %v; want 1", n, err)
		}
		if a := unread(asha); a != 3 {
			t.Fatalf("asha's unread after ravi read his = %d, want 3", a)
		}
		if n, err := w.msgs.MarkRead(ctx, asha, ravi); err != nil || n != 2 {
			t.Fatalf("asha marks ravi's: %d, %v; want 2", n, err)
		}
		if a, r := unread(asha), unread(ravi); a != 1 || r != 0 {
			t.Fatalf("unread after both read ravi's thread: asha %d, ravi %d; want 1, 0", a, r)
		}
		if n, err := w.msgs.MarkRead(ctx, asha, ravi); err != nil || n != 0 {
			t.Fatalf("marking again: %d, %v; want 0", n, err)
		}
		list, _, err := w.msgs.List(ctx, asha, kiran, paging.Page{Limit: 10})
		if err != nil || len(list) != 1 || list[0].IsRead {
			t.Fatalf("kiran's message to asha: %+v, %v; want still unread", list, err)
		}
	})
}

func TestOnlyTheSenderDeletesAMessage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		ids := w.agents(t, "asha", "ravi", "kiran")
		asha, ravi, kiran := ids[0], ids[1], ids[2]
		w.connect(t, asha, ravi)
		m := w.send(t, asha, ravi, "oops")
		_, err := w.msgs.Delete(ctx, ravi, m.ID)
		wantCode(t, "the receiver deletes", err, apperr.Forbidden)
		_, err = w.msgs.Delete(ctx, kiran, m.ID)
		wantCode(t, "a third agent deletes", err, apperr.NotFound)
		_, err = w.msgs.Delete(ctx, asha, m.ID+100)
		wantCode(t, "delete an unknown message", err, apperr.NotFound)
		got, err := w.msgs.Delete(ctx, asha, m.ID)
		if err != nil || got.ID != m.ID {
			t.Fatalf("the sender deletes: %+v, %v", got, err)
		}
		_, err = w.msgs.Delete(ctx, asha, m.ID)
		wantCode(t, "delete it twice", err, apperr.NotFound)
		if list, _, err := w.msgs.List(ctx, ravi, 0, paging.Page{Limit: 10}); err != nil || len(list) != 0 {
			t.Fatalf("ravi's messages after the delete: %+v, %v", list, err)
		}
		if n, err := w.msgs.UnreadCount(ctx, ravi); err != nil || n != 0 {
			t.Fatalf("ravi's unread after the delete: %d, %v", n, err)
		}
	})
}

// conv is one conversation as a test compares it.
type conv struct {
	other, last int64
	unread      int
}

func conversations(t *testing.T, w *world, user int64) []conv {
	t.Helper()
	list, _, err := w.msgs.Conversations(ctx, user, paging.Page{Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	out := []conv{}
	for _, c := range list {
		out = append(out, conv{c.Counterpart.ID, c.LastMessage.ID, c.UnreadCount})
	}
	return out
}

func TestConversationsFollowSendsReadsAndDeletes(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		ids := w.agents(t, "asha", "ravi", "kiran")
		asha, ravi, kiran := ids[0], ids[1], ids[2]
		w.connect(t, asha, ravi)
		w.connect(t, asha, kiran)
		check := func(step string, user int64, want ...conv) {
			t.Helper()
			if got := conversations(t, w, user); !slices.Equal(got, append([]conv{}, want...)) {
				t.Fatalf("%s: conversations of %d = %+v, want %+v", step, user, got, want)
			}
		}
		m1 := w.send(t, ravi, asha, "1")
		m2 := w.send(t, ravi, asha, "2")
		check("two from ravi", asha, conv{ravi, m2.ID, 2})
		check("two from ravi", ravi, conv{asha, m2.ID, 0})
		m3 := w.send(t, kiran, asha, "3")
		check("then one from kiran", asha, conv{kiran, m3.ID, 1}, conv{ravi, m2.ID, 2})
		m4 := w.send(t, asha, ravi, "4")
		check("asha answers ravi", asha, conv{ravi, m4.ID, 2}, conv{kiran, m3.ID, 1})
		check("asha answers ravi", ravi, conv{asha, m4.ID, 1})
		if _, err := w.msgs.MarkRead(ctx, asha, ravi); err != nil {
			t.Fatal(err)
		}
		check("asha read ravi's", asha, conv{ravi, m4.ID, 0}, conv{kiran, m3.ID, 1})
		if _, err := w.msgs.Delete(ctx, asha, m4.ID); err != nil {
			t.Fatal(err)
		}
		check("asha deleted her answer", asha, conv{kiran, m3.ID, 1}, conv{ravi, m2.ID, 0})
		check("asha deleted her answer", ravi, conv{asha, m2.ID, 0})
		if _, err := w.msgs.Delete(ctx, ravi, m2.ID); err != nil {
			t.Fatal(err)
		}
		check("ravi deleted his last", asha, conv{kiran, m3.ID, 1}, conv{ravi, m1.ID, 0})
		if _, err := w.msgs.Delete(ctx, ravi, m1.ID); err != nil {
			t.Fatal(err)
		}
		check("every message with ravi deleted", asha, conv{kiran, m3.ID, 1})
		check("every message with ravi deleted", ravi)

		// The rows kept in step equal those rebuilt from the messages.
		before := map[int64][]conv{}
		for _, id := range ids {
			before[id] = conversations(t, w, id)
		}
		if err := message.RebuildConversations(ctx, db); err != nil {
			t.Fatal(err)
		}
		for _, id := range ids {
			if got := conversations(t, w, id); !slices.Equal(got, before[id]) {
				t.Fatalf("rebuilt conversations of %d = %+v, kept in step %+v", id, got, before[id])
			}
		}
	})
}
