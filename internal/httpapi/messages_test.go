package httpapi_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// send posts a message from g to to and returns its id.
func (a *apiTest) send(g, to agent, content string) int64 {
	a.t.Helper()
	return idOf(a.create(g, "/api/messages", map[string]any{"receiverId": to.id, "content": content}))
}

func TestWhoMayMessageWhom(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		C := a.newAgent("chetan", "9833333333")
		D := a.newAgent("divya", "9844444444")
		msg := func(to agent, content string) map[string]any {
			return map[string]any{"receiverId": to.id, "content": content}
		}

		t.Run("StrangersAreRefused", func(t *testing.T) {
			res := a.sub(t).do("POST", "/api/messages", msg(B, "Hello"), as(A))
			wantError(t, res, 403)
			if !strings.Contains(res.json(t)["message"].(string), "connected") {
				t.Errorf("message = %v", res.json(t)["message"])
			}
		})
		t.Run("PendingRequestIsNotEnough", func(t *testing.T) {
			a := a.sub(t)
			a.connect(A, B)
			wantError(t, a.do("POST", "/api/messages", msg(B, "Hello"), as(A)), 403)
			wantError(t, a.do("POST", "/api/messages", msg(A, "Hello"), as(B)), 403)
		})
		t.Run("ConnectedAgentsMayMessage", func(t *testing.T) {
			a := a.sub(t)
			list := a.objects(B, "/api/connections?status=pending")
			wantStatus(t, a.do("PUT", fmt.Sprintf("/api/connections/%d", idOf(list[0])), map[string]any{"status": "accepted"}, as(B)), 200)
			res := a.do("POST", "/api/messages", msg(B, "  Hello Bina  \n"), as(A))
			wantStatus(t, res, 201)
			m := res.json(t)
			if m["content"] != "Hello Bina" || m["message"] != "Hello Bina" || m["isRead"] != false || m["senderId"] != float64(A.id) {
				t.Errorf("message = %v", m)
			}
			wantStatus(t, a.do("POST", "/api/messages", map[string]any{"recipientId": A.id, "message": "Hi Anil"}, as(B)), 201)
		})
		t.Run("InvalidMessages", func(t *testing.T) {
			cases := []struct {
				name   string
				body   any
				status int
				paths  []string
			}{
				{"Blank", msg(B, " \n\t "), 400, []string{"content"}},
				{"Missing", map[string]any{"receiverId": B.id}, 400, []string{"content"}},
				{"TooLong", msg(B, strings.Repeat("न", 2001)), 400, []string{"content"}},
				{"NoReceiver", map[string]any{"content": "Hi"}, 400, []string{"receiverId"}},
				{"Yourself", msg(A, "Hi"), 400, []string{"receiverId"}},
				{"UnknownAgent", map[string]any{"receiverId": 999999, "content": "Hi"}, 404, nil},
				{"BadMatchId", map[string]any{"receiverId": B.id, "content": "Hi", "matchId": -3}, 400, []string{"matchId"}},
				{"ContentNotText", map[string]any{"receiverId": B.id, "content": 12}, 400, []string{"content"}},
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					wantError(t, a.sub(t).do("POST", "/api/messages", c.body, as(A), invalid()), c.status, c.paths...)
				})
			}
		})

		// C lists a flat that D's client wants: they share a match.
		a.create(C, "/api/properties", listing())
		r := idOf(a.create(D, "/api/requirements", wanted()))
		m := a.onlyMatch(D, fmt.Sprintf("/api/requirements/%d/matches", r))
		t.Run("AgentsOfAMatchMayMessage", func(t *testing.T) {
			wantStatus(t, a.sub(t).do("POST", "/api/messages", msg(C, "About your flat"), as(D)), 201)
			wantStatus(t, a.sub(t).do("POST", "/api/messages", msg(D, "Happy to show it"), as(C)), 201)
		})
		t.Run("MessagingFromAMatchMarksItContacted", func(t *testing.T) {
			a := a.sub(t)
			body := map[string]any{"receiverId": C.id, "content": "Is it available?", "matchId": idOf(m)}
			res := a.do("POST", "/api/messages", body, as(D))
			wantStatus(t, res, 201)
			if res.json(t)["matchId"] != float64(idOf(m)) {
				t.Errorf("matchId = %v", res.json(t)["matchId"])
			}
			if got := a.onlyMatch(D, fmt.Sprintf("/api/requirements/%d/matches", r))["status"]; got != "contacted" {
				t.Errorf("status = %v, want contacted", got)
			}
		})
		t.Run("LaterStatusIsKept", func(t *testing.T) {
			a := a.sub(t)
			wantStatus(t, a.do("PUT", fmt.Sprintf("/api/matches/%d/status", idOf(m)), map[string]any{"status": "interested"}, as(D)), 200)
			wantStatus(t, a.do("POST", "/api/messages", map[string]any{"receiverId": D.id, "content": "Any news?", "matchId": idOf(m)}, as(C)), 201)
			if got := a.onlyMatch(D, fmt.Sprintf("/api/requirements/%d/matches", r))["status"]; got != "interested" {
				t.Errorf("status = %v, want interested", got)
			}
		})
		t.Run("SomeoneElsesMatch", func(t *testing.T) {
			a := a.sub(t)
			wantError(t, a.do("POST", "/api/messages", map[string]any{"receiverId": B.id, "content": "x", "matchId": idOf(m)}, as(A)), 404)
			wantError(t, a.do("POST", "/api/messages", map[string]any{"receiverId": A.id, "content": "x", "matchId": idOf(m)}, as(D)), 400, "receiverId")
			wantError(t, a.do("POST", "/api/messages", map[string]any{"receiverId": C.id, "content": "x", "matchId": 999999}, as(D)), 404)
		})
		t.Run("NoMatchNoConnection", func(t *testing.T) {
			wantError(t, a.sub(t).do("POST", "/api/messages", msg(D, "Hello"), as(A)), 403)
		})
		t.Run("SignedOut", func(t *testing.T) {
			wantError(t, a.sub(t).do("POST", "/api/messages", msg(B, "Hello")), 401)
		})
	})
}

func TestConversationsAndReading(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		C := a.newAgent("chetan", "9833333333")
		a.befriend(A, B)
		a.befriend(C, A)
		m1 := a.send(B, A, "First from Bina")
		a.send(A, B, "Reply to Bina")
		m3 := a.send(C, A, "From Chetan")
		m4 := a.send(B, A, "Second from Bina")

		unread := func(t *testing.T, g agent) float64 {
			res := a.sub(t).do("GET", "/api/messages/unread-count", nil, as(g))
			wantStatus(t, res, 200)
			return res.json(t)["count"].(float64)
		}
		t.Run("UnreadCount", func(t *testing.T) {
			if got := unread(t, A); got != 3 {
				t.Errorf("A's unread = %v, want 3", got)
			}
			if got := unread(t, B); got != 1 {
				t.Errorf("B's unread = %v, want 1", got)
			}
		})
		t.Run("ConversationsNewestFirstWithUnread", func(t *testing.T) {
			list := a.sub(t).objects(A, "/api/messages/conversations")
			var got [][3]any
			for _, c := range list {
				got = append(got, [3]any{c["counterpart"].(map[string]any)["id"], idOf(c["lastMessage"].(map[string]any)), c["unreadCount"]})
			}
			want := [][3]any{{float64(B.id), m4, float64(2)}, {float64(C.id), m3, float64(1)}}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("conversations = %v, want %v", got, want)
			}
		})
		t.Run("ConversationsPaginate", func(t *testing.T) {
			res := a.sub(t).do("GET", "/api/messages/conversations?limit=1", nil, as(A))
			next := nextLink(t, res)
			second := a.sub(t).objects(A, next)
			if len(second) != 1 || second[0]["counterpart"].(map[string]any)["id"] != float64(C.id) {
				t.Errorf("second page = %v", second)
			}
		})
		t.Run("ListWithOneCounterpart", func(t *testing.T) {
			got := ids(a.sub(t).objects(A, fmt.Sprintf("/api/messages?with=%d", B.id)))
			if fmt.Sprint(got) != fmt.Sprint([]int64{m4, m1 + 1, m1}) {
				t.Errorf("thread = %v", got)
			}
			if all := ids(a.sub(t).objects(A, "/api/messages?limit=2")); fmt.Sprint(all) != fmt.Sprint([]int64{m4, m3}) {
				t.Errorf("latest two = %v", all)
			}
			wantError(t, a.sub(t).do("GET", "/api/messages?with=abc", nil, as(A), invalid()), 400, "with")
		})
		t.Run("MarkRead", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("PUT", fmt.Sprintf("/api/messages/mark-read/%d", B.id), nil, as(A))
			wantStatus(t, res, 200)
			if res.json(t)["count"] != float64(2) {
				t.Errorf("marked %v, want 2", res.json(t)["count"])
			}
			if got := unread(t, A); got != 1 {
				t.Errorf("A's unread = %v, want 1 (Chetan's)", got)
			}
			if got := unread(t, B); got != 1 {
				t.Errorf("B's unread = %v: A's reading must not touch B's", got)
			}
			wantError(t, a.do("PUT", "/api/messages/mark-read/zero", nil, as(A), invalid()), 400, "otherUserId")
		})
		t.Run("OnlyTheSenderDeletes", func(t *testing.T) {
			a := a.sub(t)
			path := fmt.Sprintf("/api/messages/%d", m3)
			wantError(t, a.do("DELETE", path, nil, as(A)), 403)
			wantError(t, a.do("DELETE", path, nil, as(B)), 404)
			wantStatus(t, a.do("DELETE", path, nil, as(C)), 200)
			wantError(t, a.do("DELETE", path, nil, as(C)), 404)
			if got := unread(t, A); got != 0 {
				t.Errorf("A's unread after the delete = %v", got)
			}
			// C's only message is gone, and so is the conversation; Bina's keeps its newest.
			list := a.objects(A, "/api/messages/conversations")
			if len(list) != 1 || list[0]["counterpart"].(map[string]any)["id"] != float64(B.id) || list[0]["unreadCount"] != float64(0) {
				t.Errorf("A's conversations after the delete = %v", list)
			}
			wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/messages/%d", m4), nil, as(B)), 200)
			if got := a.objects(B, "/api/messages/conversations"); idOf(got[0]["lastMessage"].(map[string]any)) != m4-2 {
				t.Errorf("B's last message after deleting the newest = %v, want %d", got[0]["lastMessage"], m4-2)
			}
		})
		t.Run("StatsCountMessagesRequestsAndConnections", func(t *testing.T) {
			a := a.sub(t)
			D := a.newAgent("divya", "9844444444")
			a.connect(D, A)
			a.send(B, A, "Third from Bina")
			res := a.do("GET", "/api/dashboard/stats", nil, as(A))
			wantStatus(t, res, 200)
			s := res.json(t)
			got := []any{s["unreadMessages"], s["pendingRequests"], s["messagesBadge"], s["connections"], s["sentRequests"]}
			if want := []any{1.0, 1.0, 2.0, 2.0, 0.0}; !reflect.DeepEqual(got, want) {
				t.Errorf("unread, pending, badge, connections, sent = %v, want %v", got, want)
			}
			res = a.do("GET", "/api/dashboard/stats", nil, as(D))
			if sent := res.json(t)["sentRequests"]; sent != 1.0 {
				t.Errorf("D's sentRequests = %v, want 1", sent)
			}
		})
	})
}

// nextLink returns the path of the response's rel="next" link.
func nextLink(t *testing.T, res response) string {
	t.Helper()
	link := res.header.Get("Link")
	start, end := strings.Index(link, "<"), strings.Index(link, ">")
	if start < 0 || end < start {
		t.Fatalf("no next link: %q", link)
	}
	return link[start+1 : end]
}

// TestMessageFromANewMatchFreesItsSlot: a `new` match that messaging marks
// `contacted` no longer counts toward the requirement's best new matches,
// so the next best candidate is stored (docs/product.md#match-engine).
func TestMessageFromANewMatchFreesItsSlot(t *testing.T) {
	eachEngine(t, apiOptions{matchLimit: 1}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		r := idOf(a.create(B, "/api/requirements", wanted()))
		a.create(A, "/api/properties", listing())
		a.create(A, "/api/properties", listing("title", "Second flat", "locality", "Kondapur"))
		path := fmt.Sprintf("/api/requirements/%d/matches", r)
		kept := a.onlyMatch(B, path)
		body := map[string]any{"receiverId": A.id, "content": "Can we visit on Saturday?", "matchId": idOf(kept)}
		wantStatus(t, a.do("POST", "/api/messages", body, as(B)), 201)
		got := map[string]string{}
		for _, m := range a.objects(B, path) {
			got[m["property"].(map[string]any)["title"].(string)] = m["status"].(string)
		}
		want := map[string]string{kept["property"].(map[string]any)["title"].(string): "contacted"}
		for _, title := range []string{"2BHK in Gachibowli", "Second flat"} {
			if _, ok := want[title]; !ok {
				want[title] = "new"
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("matches after messaging = %v, want %v", got, want)
		}
	})
}
