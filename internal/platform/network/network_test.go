package network_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/network"
	"propmatch/internal/platform/settings"
)

var ctx = context.Background()

// clock moves db's time by hand.
type clock struct{ now time.Time }

func (c *clock) add(d time.Duration) { c.now = c.now.Add(d) }

func setClock(db *store.DB) *clock {
	c := &clock{now: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)}
	db.Now = func() time.Time { return c.now }
	return c
}

// agents adds n agents and returns their ids.
func agents(t *testing.T, db *store.DB, names ...string) []int64 {
	t.Helper()
	ids := make([]int64, len(names))
	for i, n := range names {
		ids[i] = storetest.AddUser(t, db, n, fmt.Sprintf("+9198000%05d", i+1))
	}
	return ids
}

func request(to int64, msg string) network.Request {
	return network.Request{RecipientID: input.Int{Value: to, Set: true}, Message: input.String(msg)}
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

func connected(t *testing.T, db *store.DB, a, b int64) bool {
	t.Helper()
	ok, err := network.Connected(ctx, db, a, b)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

func TestConnectionRequestRefusesBadInput(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		s := network.NewService(db, nil)
		ids := agents(t, db, "asha", "ravi")
		long := ""
		for range network.MaxMessage + 1 {
			long += "अ"
		}
		for _, tc := range []struct {
			name string
			in   network.Request
			want []string
		}{
			{"no recipient", network.Request{Message: "hi"}, []string{"recipientId"}},
			{"zero recipient", request(0, "hi"), []string{"recipientId"}},
			{"to oneself", request(ids[0], "hi"), []string{"recipientId"}},
			{"blank message", request(ids[1], "  \n "), []string{"message"}},
			{"message over the limit", request(ids[1], long), []string{"message"}},
			{"both wrong", request(ids[0], ""), []string{"recipientId", "message"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := s.Create(ctx, ids[0], tc.in)
				wantCode(t, "Create", err, apperr.Invalid)
				if got := paths(err); !slices.Equal(got, tc.want) {
					t.Fatalf("field paths %v, want %v", got, tc.want)
				}
			})
		}
		// receiverId is read when recipientId is absent; a message at the limit is accepted.
		in := network.Request{ReceiverID: input.Int{Value: ids[1], Set: true}, Message: input.String(long[len("अ"):])}
		if c, err := s.Create(ctx, ids[0], in); err != nil || c.ReceiverID != ids[1] || c.Status != network.Pending {
			t.Fatalf("request by receiverId with a %d-character message: %+v, %v", network.MaxMessage, c, err)
		}
	})
}

func TestConnectionRequestToAnUnknownOrInactiveAgentIsNotFound(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		s := network.NewService(db, nil)
		ids := agents(t, db, "asha", "ravi")
		if _, err := db.Exec(`UPDATE users SET is_active = FALSE WHERE id = $1`, ids[1]); err != nil {
			t.Fatal(err)
		}
		_, err := s.Create(ctx, ids[0], request(ids[1]+100, "hello"))
		wantCode(t, "to an unknown agent", err, apperr.NotFound)
		_, err = s.Create(ctx, ids[0], request(ids[1], "hello"))
		wantCode(t, "to an inactive agent", err, apperr.NotFound)
	})
}

func TestConnectionRequestConflictsWhilePendingOrAccepted(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		s := network.NewService(db, nil)
		ids := agents(t, db, "asha", "ravi")
		c, err := s.Create(ctx, ids[0], request(ids[1], "hello"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Create(ctx, ids[0], request(ids[1], "again"))
		wantCode(t, "second request while pending", err, apperr.Conflict)
		_, err = s.Create(ctx, ids[1], request(ids[0], "the other way"))
		wantCode(t, "request the other way while pending", err, apperr.Conflict)
		if _, err := s.Answer(ctx, ids[1], c.ID, network.Accepted); err != nil {
			t.Fatal(err)
		}
		for _, from := range []int{0, 1} {
			_, err = s.Create(ctx, ids[from], request(ids[1-from], "again"))
			wantCode(t, "request once connected", err, apperr.Conflict)
		}
	})
}

func TestOnlyTheReceiverAnswersAndOnlyWhilePending(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		s := network.NewService(db, nil)
		ids := agents(t, db, "asha", "ravi", "kiran")
		asha, ravi, kiran := ids[0], ids[1], ids[2]
		c, err := s.Create(ctx, asha, request(ravi, "hello"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Answer(ctx, ravi, c.ID, "maybe")
		wantCode(t, "answer with an unknown status", err, apperr.Invalid)
		_, err = s.Answer(ctx, ravi, c.ID, network.Cancelled)
		wantCode(t, "answer cancelled", err, apperr.Invalid)
		_, err = s.Answer(ctx, asha, c.ID, network.Accepted)
		wantCode(t, "requester accepts", err, apperr.Forbidden)
		_, err = s.Answer(ctx, kiran, c.ID, network.Accepted)
		wantCode(t, "a third agent accepts", err, apperr.NotFound)
		_, err = s.Answer(ctx, ravi, c.ID+100, network.Accepted)
		wantCode(t, "accept an unknown request", err, apperr.NotFound)
		if connected(t, db, asha, ravi) {
			t.Fatal("connected before the receiver accepted")
		}
		got, err := s.Answer(ctx, ravi, c.ID, network.Accepted)
		if err != nil || got.Status != network.Accepted {
			t.Fatalf("receiver accepts: %+v, %v", got, err)
		}
		if !connected(t, db, asha, ravi) || !connected(t, db, ravi, asha) {
			t.Fatal("not Connected after accepting, in either order")
		}
		if connected(t, db, asha, kiran) {
			t.Fatal("Connected with an agent never asked")
		}
		_, err = s.Answer(ctx, ravi, c.ID, network.Rejected)
		wantCode(t, "decline once accepted", err, apperr.Conflict)
		_, err = s.Cancel(ctx, asha, c.ID)
		wantCode(t, "cancel once accepted", err, apperr.Conflict)
	})
}

func TestOnlyTheRequesterCancelsAndOnlyWhilePending(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		s := network.NewService(db, nil)
		ids := agents(t, db, "asha", "ravi", "kiran")
		asha, ravi, kiran := ids[0], ids[1], ids[2]
		c, err := s.Create(ctx, asha, request(ravi, "hello"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Cancel(ctx, ravi, c.ID)
		wantCode(t, "receiver cancels", err, apperr.Forbidden)
		_, err = s.Cancel(ctx, kiran, c.ID)
		wantCode(t, "a third agent cancels", err, apperr.NotFound)
		got, err := s.Cancel(ctx, asha, c.ID)
		if err != nil || got.Status != network.Cancelled {
			t.Fatalf("requester cancels: %+v, %v", got, err)
		}
		_, err = s.Answer(ctx, ravi, c.ID, network.Accepted)
		wantCode(t, "accept once cancelled", err, apperr.Conflict)
		if connected(t, db, asha, ravi) {
			t.Fatal("Connected after a cancelled request")
		}
		// A cancelled request does not hold up a new one, from either side.
		if _, err := s.Create(ctx, ravi, request(asha, "my turn")); err != nil {
			t.Fatalf("request after a cancel: %v", err)
		}
	})
}

func TestConnectionRequestAfterDeclineWaitsSevenDays(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := setClock(db)
		s := network.NewService(db, nil)
		ids := agents(t, db, "asha", "ravi")
		asha, ravi := ids[0], ids[1]
		c, err := s.Create(ctx, asha, request(ravi, "hello"))
		if err != nil {
			t.Fatal(err)
		}
		clk.add(time.Hour)
		if _, err := s.Answer(ctx, ravi, c.ID, network.Rejected); err != nil {
			t.Fatal(err)
		}
		if connected(t, db, asha, ravi) {
			t.Fatal("Connected after a decline")
		}
		for _, tc := range []struct {
			after time.Duration
			code  apperr.Code
		}{
			{0, apperr.TooManyRequests},
			{24 * time.Hour, apperr.TooManyRequests},
			{network.DeclineCooldown - time.Second, apperr.TooManyRequests},
		} {
			clk.now = c.CreatedAt.Add(time.Hour + tc.after)
			_, err := s.Create(ctx, asha, request(ravi, "please"))
			wantCode(t, fmt.Sprintf("request again %v after the decline", tc.after), err, tc.code)
			var e *apperr.Error
			if errors.As(err, &e) && e.RetryAfter != network.DeclineCooldown-tc.after {
				t.Fatalf("%v after the decline: retry after %v, want %v", tc.after, e.RetryAfter, network.DeclineCooldown-tc.after)
			}
		}
		// The agent who declined may ask at once: the wait is the requester's.
		clk.now = c.CreatedAt.Add(2 * time.Hour)
		back, err := s.Create(ctx, ravi, request(asha, "changed my mind"))
		if err != nil {
			t.Fatalf("the decliner asks back: %v", err)
		}
		if _, err := s.Cancel(ctx, ravi, back.ID); err != nil {
			t.Fatal(err)
		}
		// The latest connection is now ravi's cancelled one: asha's wait is over with it.
		if _, err := s.Create(ctx, asha, request(ravi, "hello again")); err != nil {
			t.Fatalf("request after a later cancelled one: %v", err)
		}
	})
}

func TestConnectionRequestSevenDaysAfterDeclineIsAllowed(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := setClock(db)
		s := network.NewService(db, nil)
		ids := agents(t, db, "asha", "ravi")
		c, err := s.Create(ctx, ids[0], request(ids[1], "hello"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Answer(ctx, ids[1], c.ID, network.Rejected); err != nil {
			t.Fatal(err)
		}
		clk.add(network.DeclineCooldown)
		if _, err := s.Create(ctx, ids[0], request(ids[1], "a week later")); err != nil {
			t.Fatalf("request exactly %v after the decline: %v", network.DeclineCooldown, err)
		}
	})
}

func TestConnectionListKeepsTheLatestPerAgentAndFilters(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		s := network.NewService(db, nil)
		ids := agents(t, db, "asha", "ravi", "kiran")
		asha, ravi, kiran := ids[0], ids[1], ids[2]
		first, err := s.Create(ctx, asha, request(ravi, "one"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Cancel(ctx, asha, first.ID); err != nil {
			t.Fatal(err)
		}
		second, err := s.Create(ctx, ravi, request(asha, "two"))
		if err != nil {
			t.Fatal(err)
		}
		third, err := s.Create(ctx, kiran, request(asha, "three"))
		if err != nil {
			t.Fatal(err)
		}
		ids2 := func(list []network.Connection) []int64 {
			var out []int64
			for _, c := range list {
				out = append(out, c.ID)
			}
			return out
		}
		page := paging.Page{Limit: 10}
		for _, tc := range []struct {
			f    network.Filter
			want []int64
		}{
			{network.Filter{}, []int64{third.ID, second.ID}},
			{network.Filter{Direction: "received"}, []int64{third.ID, second.ID}},
			{network.Filter{Direction: "sent"}, nil},
			{network.Filter{Status: network.Cancelled}, nil},
			{network.Filter{Status: network.Pending}, []int64{third.ID, second.ID}},
		} {
			list, _, err := s.List(ctx, asha, tc.f, page)
			if err != nil || !slices.Equal(ids2(list), tc.want) {
				t.Fatalf("List(%+v) = %v, %v; want %v", tc.f, ids2(list), err, tc.want)
			}
		}
		_, _, err = s.List(ctx, asha, network.Filter{Status: "lost", Direction: "up"}, page)
		if got := paths(err); !slices.Equal(got, []string{"direction", "status"}) {
			t.Fatalf("List with a bad filter: %v, want field errors at direction and status", err)
		}
	})
}

func TestDirectoryHidesHiddenProfilesExceptFromConnections(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		s := network.NewService(db, nil)
		ids := agents(t, db, "asha", "ravi", "kiran", "meena")
		asha, ravi, kiran, meena := ids[0], ids[1], ids[2], ids[3]
		hidden := settings.Defaults()
		hidden.Privacy.ProfileVisible = false
		for _, id := range []int64{ravi, kiran} {
			if err := settings.Save(ctx, db, db.Time(), id, hidden); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.Exec(`UPDATE users SET is_active = FALSE WHERE id = $1`, meena); err != nil {
			t.Fatal(err)
		}
		c, err := s.Create(ctx, asha, request(ravi, "hello"))
		if err != nil {
			t.Fatal(err)
		}
		listed := func(viewer int64) []int64 {
			t.Helper()
			list, _, err := s.Agents(ctx, viewer, "", paging.Page{Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			var out []int64
			for _, a := range list {
				out = append(out, a.ID)
			}
			return out
		}
		// A pending request is no connection: ravi stays hidden.
		if got := listed(asha); len(got) != 0 {
			t.Fatalf("asha's directory with ravi and kiran hidden and meena inactive = %v, want nobody", got)
		}
		if _, err := s.Answer(ctx, ravi, c.ID, network.Accepted); err != nil {
			t.Fatal(err)
		}
		if got := listed(asha); !slices.Equal(got, []int64{ravi}) {
			t.Fatalf("asha's directory once connected with hidden ravi = %v, want [%d]", got, ravi)
		}
		// ravi sees asha (visible) and never themself; kiran hides from everyone else.
		if got := listed(ravi); !slices.Equal(got, []int64{asha}) {
			t.Fatalf("ravi's directory = %v, want [%d]", got, asha)
		}
		if got := listed(kiran); !slices.Equal(got, []int64{asha}) {
			t.Fatalf("kiran's directory = %v, want [%d]", got, asha)
		}
	})
}

func TestDirectoryBlanksAHiddenPhoneExceptForConnectionsAndAdmins(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		s := network.NewService(db, nil)
		ids := agents(t, db, "asha", "ravi", "kiran", "admin")
		asha, ravi, kiran, admin := ids[0], ids[1], ids[2], ids[3]
		if _, err := db.Exec(`UPDATE users SET role = 'admin' WHERE id = $1`, admin); err != nil {
			t.Fatal(err)
		}
		private := settings.Defaults()
		private.Privacy.ContactVisible = false
		if err := settings.Save(ctx, db, db.Time(), asha, private); err != nil {
			t.Fatal(err)
		}
		c, err := s.Create(ctx, ravi, request(asha, "hello"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Answer(ctx, asha, c.ID, network.Accepted); err != nil {
			t.Fatal(err)
		}
		ashaAs := func(viewer int64) network.Agent {
			t.Helper()
			list, _, err := s.Agents(ctx, viewer, "", paging.Page{Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range list {
				if a.ID == asha {
					return a
				}
			}
			t.Fatalf("asha is not in %d's directory", viewer)
			return network.Agent{}
		}
		for _, tc := range []struct {
			name   string
			viewer int64
			shown  bool
		}{
			{"a stranger", kiran, false},
			{"a connection", ravi, true},
			{"an admin", admin, true},
		} {
			a := ashaAs(tc.viewer)
			if tc.shown != (a.Phone != "" && !a.ContactHidden) || tc.shown == a.ContactHidden {
				t.Errorf("asha's phone as %s sees it: %q, hidden %v; want shown %v", tc.name, a.Phone, a.ContactHidden, tc.shown)
			}
		}
		// The connection each card carries is the latest with the viewer.
		if a := ashaAs(ravi); a.Connection == nil || a.Connection.ID != c.ID || a.Connection.Status != network.Accepted {
			t.Errorf("asha's card for ravi carries connection %+v, want %d accepted", a.Connection, c.ID)
		}
		if a := ashaAs(kiran); a.Connection != nil {
			t.Errorf("asha's card for kiran carries connection %+v, want none", a.Connection)
		}
	})
}
