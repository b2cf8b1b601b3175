package httpapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"propmatch/internal/india"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/network"
)

// connect sends a connection request from g to to and returns its id.
func (a *apiTest) connect(g, to agent) int64 {
	a.t.Helper()
	return idOf(a.create(g, "/api/connections", map[string]any{"recipientId": to.id, "message": "Hello, let us work together"}))
}

// befriend connects g and to: a request from g that to accepts.
func (a *apiTest) befriend(g, to agent) int64 {
	a.t.Helper()
	id := a.connect(g, to)
	wantStatus(a.t, a.do("PUT", fmt.Sprintf("/api/connections/%d", id), map[string]any{"status": "accepted"}, as(to)), 200)
	return id
}

// longSessions keeps sessions alive while a test moves the clock on by days.
var longSessions = apiOptions{authConfig: func(c *auth.Config) { c.SessionIdle = c.SessionMaxAge }}

func TestConnectionRequests(t *testing.T) {
	eachEngine(t, longSessions, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		C := a.newAgent("chetan", "9833333333")
		path := func(id int64) string { return fmt.Sprintf("/api/connections/%d", id) }

		t.Run("InvalidRequests", func(t *testing.T) {
			a := a.sub(t)
			cases := []struct {
				name   string
				body   any
				status int
				paths  []string
			}{
				{"BlankMessage", map[string]any{"recipientId": B.id, "message": "   "}, 400, []string{"message"}},
				{"NoMessage", map[string]any{"recipientId": B.id}, 400, []string{"message"}},
				{"TooLongMessage", map[string]any{"recipientId": B.id, "message": strings.Repeat("a", 2001)}, 400, []string{"message"}},
				{"NoRecipient", map[string]any{"message": "Hi"}, 400, []string{"recipientId"}},
				{"Yourself", map[string]any{"recipientId": A.id, "message": "Hi"}, 400, []string{"recipientId"}},
				{"UnknownAgent", map[string]any{"recipientId": 999999, "message": "Hi"}, 404, nil},
				{"NotAnObject", `[1]`, 400, nil},
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					wantError(t, a.sub(t).do("POST", "/api/connections", c.body, as(A)), c.status, c.paths...)
				})
			}
		})

		ab := a.connect(A, B)
		t.Run("NewRequestIsPendingWithBothAgents", func(t *testing.T) {
			got := a.sub(t).objects(B, "/api/connections")
			if len(got) != 1 || idOf(got[0]) != ab || got[0]["status"] != "pending" ||
				got[0]["requesterId"] != float64(A.id) || got[0]["recipientId"] != float64(B.id) {
				t.Fatalf("B's connections = %v", got)
			}
			if req := got[0]["requester"].(map[string]any); req["fullName"] == "" || req["id"] != float64(A.id) {
				t.Errorf("requester = %v", req)
			}
		})
		t.Run("PendingBlocksAnotherRequestEitherWay", func(t *testing.T) {
			wantError(t, a.sub(t).do("POST", "/api/connections", map[string]any{"recipientId": B.id, "message": "again"}, as(A)), 409)
			wantError(t, a.sub(t).do("POST", "/api/connections", map[string]any{"receiverId": A.id, "message": "me too"}, as(B)), 409)
		})
		t.Run("OnlyTheReceiverAnswers", func(t *testing.T) {
			a := a.sub(t)
			wantError(t, a.do("PUT", path(ab), map[string]any{"status": "accepted"}, as(A)), 403)
			wantError(t, a.do("PUT", path(ab), map[string]any{"status": "accepted"}, as(C)), 404)
			wantError(t, a.do("PUT", path(ab), map[string]any{"status": "maybe"}, as(B)), 400, "status")
		})
		t.Run("OnlyTheRequesterCancels", func(t *testing.T) {
			wantError(t, a.sub(t).do("DELETE", path(ab), nil, as(B)), 403)
			wantError(t, a.sub(t).do("DELETE", path(ab), nil, as(C)), 404)
		})
		t.Run("ReceiverAccepts", func(t *testing.T) {
			res := a.sub(t).do("PUT", path(ab), map[string]any{"status": "accepted"}, as(B))
			wantStatus(t, res, 200)
			if res.json(t)["status"] != "accepted" {
				t.Errorf("status = %v", res.json(t)["status"])
			}
		})
		t.Run("AnsweredRequestCannotChange", func(t *testing.T) {
			wantError(t, a.sub(t).do("PUT", path(ab), map[string]any{"status": "rejected"}, as(B)), 409)
			wantError(t, a.sub(t).do("DELETE", path(ab), nil, as(A)), 409)
		})
		t.Run("ConnectedAgentsCannotRequestAgain", func(t *testing.T) {
			res := a.sub(t).do("POST", "/api/connections", map[string]any{"recipientId": fmt.Sprint(B.id), "message": "hi"}, as(A))
			wantError(t, res, 409)
			if !strings.Contains(res.json(t)["message"].(string), "already connected") {
				t.Errorf("message = %v", res.json(t)["message"])
			}
		})

		t.Run("CancelledThenSentAgain", func(t *testing.T) {
			a := a.sub(t)
			ac := a.connect(A, C)
			res := a.do("DELETE", path(ac), nil, as(A))
			wantStatus(t, res, 200)
			if res.json(t)["status"] != "cancelled" {
				t.Fatalf("cancel answered %s", res.body)
			}
			again := a.connect(A, C)
			list := a.objects(C, "/api/connections")
			if len(list) != 1 || idOf(list[0]) != again {
				t.Errorf("C's list keeps the latest per counterpart: got %v, want only %d", ids(list), again)
			}
			wantError(t, a.do("PUT", path(ac), map[string]any{"status": "accepted"}, as(C)), 409)
		})
		t.Run("RejectedThenSentAgainAfterTheCooldown", func(t *testing.T) {
			a := a.sub(t)
			list := a.objects(C, "/api/connections?status=pending")
			wantStatus(t, a.do("PUT", path(idOf(list[0])), map[string]any{"status": "rejected"}, as(C)), 200)
			if got := a.objects(A, "/api/connections?status=rejected"); len(got) != 1 {
				t.Errorf("A's rejected = %v", got)
			}
			wantError(t, a.do("POST", "/api/connections", map[string]any{"recipientId": C.id, "message": "Please?"}, as(A)), 429)
			a.clock.Advance(network.DeclineCooldown)
			a.connect(A, C)
			if got := a.objects(A, "/api/connections?status=rejected"); len(got) != 0 {
				t.Errorf("after a new request the rejected one is no longer the latest: %v", got)
			}
		})
		t.Run("StatusFilterIsChecked", func(t *testing.T) {
			wantError(t, a.sub(t).do("GET", "/api/connections?status=friends", nil, as(A)), 400, "status")
			wantError(t, a.sub(t).do("GET", "/api/connections?direction=up", nil, as(A)), 400, "direction")
		})
		t.Run("DirectionFilter", func(t *testing.T) {
			a := a.sub(t)
			D := a.newAgent("divya", "9844444444")
			dc := a.connect(D, C)
			sent, received := a.objects(C, "/api/connections?direction=sent"), a.objects(C, "/api/connections?direction=received&status=pending")
			if len(received) != 2 || idOf(received[0]) != dc { // D's, and A's request sent again
				t.Errorf("C's received pending = %v, want %d first of two", ids(received), dc)
			}
			for _, c := range received {
				if c["receiverId"] != float64(C.id) || c["status"] != "pending" {
					t.Errorf("C's received pending list has %v", c)
				}
			}
			for _, c := range sent {
				if c["requesterId"] != float64(C.id) {
					t.Errorf("C's sent list has %v", c)
				}
			}
		})
		t.Run("SignedOut", func(t *testing.T) {
			wantError(t, a.sub(t).do("GET", "/api/connections", nil), 401)
			wantError(t, a.sub(t).do("POST", "/api/connections", map[string]any{"recipientId": B.id, "message": "x"}), 401)
		})
	})
}

func TestAgentDirectory(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		C := a.newAgent("chetan", "9833333333")
		a.create(B, "/api/properties", listing())
		a.create(B, "/api/properties", listing("title", "Second"))
		a.create(B, "/api/properties", listing("title", "Off market", "isActive", false))
		if _, err := a.db.Exec(`UPDATE users SET experience_years = 7, specialization = 'Luxury villas', city = 'Pune', state = 'Maharashtra' WHERE id = $1`, C.id); err != nil {
			t.Fatal(err)
		}
		ab := a.connect(A, B)

		list := a.objects(A, "/api/agents")
		t.Run("EveryoneButTheCaller", func(t *testing.T) {
			if got := ids(list); len(got) != 2 || findID(list, A.id) != nil {
				t.Errorf("directory of A = %v", got)
			}
		})
		t.Run("PublicFieldsOnly", func(t *testing.T) {
			for _, g := range list {
				for _, secret := range []string{"email", "password", "passwordHash", "sessions", "token", "role"} {
					if _, ok := g[secret]; ok {
						t.Errorf("agent %v carries %q", g["id"], secret)
					}
				}
			}
		})
		t.Run("CountsAndProfile", func(t *testing.T) {
			b, c := findID(list, B.id), findID(list, C.id)
			if b["activeListings"] != float64(2) || c["activeListings"] != float64(0) {
				t.Errorf("activeListings = %v and %v, want 2 and 0", b["activeListings"], c["activeListings"])
			}
			if c["experience"] != float64(7) || c["specialization"] != "Luxury villas" {
				t.Errorf("C = %v", c)
			}
		})
		t.Run("CarriesTheLatestConnection", func(t *testing.T) {
			b, c := findID(list, B.id), findID(list, C.id)
			conn, _ := b["connection"].(map[string]any)
			if conn == nil || idOf(conn) != ab || conn["status"] != "pending" {
				t.Errorf("B's connection = %v", b["connection"])
			}
			if c["connection"] != nil {
				t.Errorf("C's connection = %v, want null", c["connection"])
			}
			seenByB := findID(a.objects(B, "/api/agents"), A.id)
			if conn, _ := seenByB["connection"].(map[string]any); conn == nil || idOf(conn) != ab {
				t.Errorf("B sees A's connection as %v", seenByB["connection"])
			}
		})
		t.Run("Search", func(t *testing.T) {
			cases := []struct {
				q    string
				want []int64
			}{
				{"pune", []int64{C.id}},
				{"MAHARASHTRA", []int64{C.id}},
				{"bina", []int64{B.id}},
				{"both", []int64{C.id, B.id}}, // agent type
				{"100%_", nil},
				{"  ", []int64{C.id, B.id}},
			}
			for _, c := range cases {
				t.Run(c.q, func(t *testing.T) {
					got := ids(a.sub(t).objects(A, "/api/agents?q="+url.QueryEscape(c.q)))
					if fmt.Sprint(got) != fmt.Sprint(c.want) && (len(got) != 0 || len(c.want) != 0) {
						t.Errorf("q=%q: %v, want %v", c.q, got, c.want)
					}
				})
			}
		})
		t.Run("NobodySeesWhoIsAnAdmin", func(t *testing.T) {
			a := a.sub(t)
			if _, err := a.db.Exec(`UPDATE users SET role = 'admin' WHERE id = $1`, C.id); err != nil {
				t.Fatal(err)
			}
			for _, path := range []string{"/api/agents", "/api/agents?q=pune", "/api/users", fmt.Sprintf("/api/users?ids=%d", C.id)} {
				res := a.do("GET", path, nil, as(A))
				wantStatus(t, res, 200)
				if strings.Contains(string(res.body), "admin") || strings.Contains(string(res.body), `"role"`) {
					t.Errorf("GET %s shows a role: %s", path, res.body)
				}
			}
		})
		t.Run("UsersByIds", func(t *testing.T) {
			a := a.sub(t)
			got := a.objects(A, fmt.Sprintf("/api/users?ids=%d,%d,999999", B.id, C.id))
			if len(got) != 2 || findID(got, B.id)["fullName"] == "" {
				t.Errorf("users = %v", got)
			}
			if _, ok := got[0]["phone"]; ok {
				t.Errorf("names carry a phone: %v", got[0])
			}
			wantError(t, a.do("GET", "/api/users?ids=1,x", nil, as(A)), 400, "ids")
			if all := a.objects(A, "/api/users"); len(all) != 3 {
				t.Errorf("all users = %v", ids(all))
			}
		})
	})
}

func TestBadBodiesOnNetworkWrites(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		c := a.befriend(A, B)
		pending := a.connect(a.newAgent("chetan", "9833333333"), B)
		a.send(A, B, "Hello")
		routes := []struct{ name, method, path, wrongType, wrongPath string }{
			{"PostConnection", "POST", "/api/connections", `{"recipientId": 1, "message": {}}`, "message"},
			{"PutConnection", "PUT", fmt.Sprintf("/api/connections/%d", pending), `{"status": 5}`, "status"},
			{"PostMessage", "POST", "/api/messages", `{"receiverId": 1, "content": ["a"]}`, "content"},
		}
		for _, rt := range routes {
			for _, tc := range badBodies(rt.wrongType, rt.wrongPath) {
				t.Run(rt.name+"/"+tc.name+"Is400", func(t *testing.T) {
					wantError(t, a.sub(t).do(rt.method, rt.path, tc.body, as(B)), 400, tc.paths...)
				})
			}
		}
		t.Run("BadIdsAre400", func(t *testing.T) {
			a := a.sub(t)
			wantError(t, a.do("PUT", "/api/connections/abc", map[string]any{"status": "accepted"}, as(B)), 400, "id")
			wantError(t, a.do("DELETE", "/api/connections/0", nil, as(B)), 400, "id")
			wantError(t, a.do("DELETE", "/api/messages/-1", nil, as(B)), 400, "id")
		})
		t.Run("NothingChanged", func(t *testing.T) {
			a := a.sub(t)
			list := a.objects(B, "/api/connections")
			if len(list) != 2 || findID(list, c)["status"] != "accepted" || findID(list, pending)["status"] != "pending" {
				t.Errorf("B's connections after bad bodies: %v", list)
			}
			if got := a.objects(B, "/api/messages"); len(got) != 1 {
				t.Errorf("B's messages after bad bodies: %v", got)
			}
		})
	})
}

// answer accepts, declines (status "rejected") or, as the requester, cancels
// (status "cancelled") connection id as g.
func (a *apiTest) answer(g agent, id int64, status string) {
	a.t.Helper()
	path := fmt.Sprintf("/api/connections/%d", id)
	if status == "cancelled" {
		wantStatus(a.t, a.do("DELETE", path, nil, as(g)), 200)
		return
	}
	wantStatus(a.t, a.do("PUT", path, map[string]any{"status": status}, as(g)), 200)
}

// request sends a connection request from g to to and returns the answer.
func (a *apiTest) request(g, to agent) response {
	a.t.Helper()
	return a.do("POST", "/api/connections", map[string]any{"recipientId": to.id, "message": "Let us work together"}, as(g))
}

func TestDeclinedRequestCooldown(t *testing.T) {
	eachEngine(t, longSessions, func(t *testing.T, a *apiTest) {
		cases := []struct {
			name         string
			end          string // how the first request ended: "rejected", "cancelled" or "" (still pending)
			receiverAsks bool   // the receiver asks next, instead of the requester
			status       int
		}{
			{"DeclinedAgentWaits", "rejected", false, 429},
			{"DecliningAgentMayAskThemselves", "rejected", true, 201},
			{"CancelledRequestMayBeSentAgain", "cancelled", false, 201},
			{"PendingRequestStillConflicts", "", false, 409},
		}
		for i, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				a := a.sub(t)
				q := a.newAgent(fmt.Sprintf("asker%d", i), fmt.Sprintf("98110000%02d", i))
				r := a.newAgent(fmt.Sprintf("answerer%d", i), fmt.Sprintf("98220000%02d", i))
				id := a.connect(q, r)
				switch c.end {
				case "rejected":
					a.answer(r, id, c.end)
				case "cancelled":
					a.answer(q, id, c.end)
				}
				if c.receiverAsks {
					q, r = r, q
				}
				wantStatus(t, a.request(q, r), c.status)
			})
		}

		t.Run("429UntilSevenDaysAfterTheDecline", func(t *testing.T) {
			a := a.sub(t)
			A := a.newAgent("anil", "9811111111")
			B := a.newAgent("bina", "9822222222")
			C := a.newAgent("chetan", "9833333333")
			id := a.connect(A, B)
			a.clock.Advance(time.Hour)
			declined := a.db.Time()
			a.answer(B, id, "rejected")
			again := declined.Add(7 * 24 * time.Hour)
			a.clock.Advance(time.Minute)
			wantThrottled(t, a.request(A, B), 7*24*time.Hour-time.Minute, fmt.Sprintf(
				"This agent declined your request on %s. You can send a new request after %s (in 6 days 23 hours)",
				declined.In(india.Zone).Format("2 January 2006"), again.In(india.Zone).Format("2 January 2006, 15:04 IST")))
			wantStatus(t, a.request(A, C), 201) // others are not held back
			// The declined request says when A may ask again, in the connections and on B's directory card.
			var seen []any
			for _, c := range jsonObjects(t, a.do("GET", "/api/connections", nil, as(A))) {
				if idOf(c) == id {
					seen = append(seen, c["askAgainAfter"])
				} else if c["askAgainAfter"] != nil {
					t.Errorf("the %s connection %d has askAgainAfter %v", c["status"], idOf(c), c["askAgainAfter"])
				}
			}
			for _, g := range jsonObjects(t, a.do("GET", "/api/agents", nil, as(A))) {
				if idOf(g) == B.id {
					seen = append(seen, g["connection"].(map[string]any)["askAgainAfter"])
				}
			}
			if len(seen) != 2 {
				t.Fatalf("found the declined request %d times, want in the connections and the directory", len(seen))
			}
			for _, v := range seen {
				at, err := time.Parse(time.RFC3339Nano, fmt.Sprint(v))
				if err != nil || !at.Equal(again) {
					t.Errorf("askAgainAfter = %v, want %s", v, again.Format(time.RFC3339Nano))
				}
			}
			a.clock.Advance(7*24*time.Hour - time.Minute - time.Second)
			wantThrottled(t, a.request(A, B), time.Second, "in 1 second")
			a.clock.Advance(time.Second)
			wantStatus(t, a.request(A, B), 201)
		})
	})
}
