package httpapi_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"propmatch/internal/httpapi"
	"propmatch/internal/platform/limits"
)

// wantThrottled checks a 429 whose Retry-After is want, rounded up to the
// second, and whose message contains words.
func wantThrottled(t *testing.T, res response, want time.Duration, words string) {
	t.Helper()
	wantError(t, res, 429)
	if got, wantSecs := res.header.Get("Retry-After"), int((want+time.Second-1)/time.Second); got != strconv.Itoa(wantSecs) {
		t.Errorf("Retry-After = %q, want %d", got, wantSecs)
	}
	if msg := res.json(t)["message"].(string); !strings.Contains(msg, words) {
		t.Errorf("message = %q, want it to contain %q", msg, words)
	}
}

// statusCounts sends n copies of one request at once and counts the answers by status.
func (a *apiTest) statusCounts(n int, method, path string, body any, g agent) map[int]int {
	a.t.Helper()
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { statuses[i] = a.do(method, path, body, as(g)).status })
	}
	wg.Wait()
	counts := map[int]int{}
	for _, s := range statuses {
		counts[s]++
	}
	return counts
}

func TestWriteRateLimit(t *testing.T) {
	// A write that changes nothing and is cheap: marking a conversation read.
	markRead := func(g agent) string { return fmt.Sprintf("/api/messages/mark-read/%d", g.id+1000) }
	type step struct {
		advance time.Duration
		writes  int // writes by the agent after advancing
		want    []int
	}
	cases := []struct {
		name  string
		quota httpapi.Quotas
		steps []step
	}{
		{"BurstThenRefused", httpapi.Quotas{WritesPerMinute: 60, WriteBurst: 3}, []step{
			{0, 4, []int{200, 200, 200, 429}},
		}},
		{"RefillsAtTheSustainedRate", httpapi.Quotas{WritesPerMinute: 60, WriteBurst: 3}, []step{
			{0, 3, []int{200, 200, 200}},
			{time.Second, 2, []int{200, 429}},
			{2500 * time.Millisecond, 3, []int{200, 200, 429}},
			{time.Minute, 4, []int{200, 200, 200, 429}}, // never more than the burst
		}},
		{"TightRateForScripts", httpapi.Quotas{WritesPerMinute: 2, WriteBurst: 1}, []step{
			{0, 2, []int{200, 429}},
			{29 * time.Second, 1, []int{429}},
			{time.Second, 1, []int{200}},
		}},
		{"ZeroRateIsOff", httpapi.Quotas{}, []step{
			{0, 40, nil},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			eachEngine(t, apiOptions{quotas: c.quota}, func(t *testing.T, a *apiTest) {
				A := a.newAgent("anil", "9811111111")
				for i, s := range c.steps {
					a.clock.Advance(s.advance)
					var got []int
					for range s.writes {
						got = append(got, a.do("PUT", markRead(A), nil, as(A)).status)
					}
					want := s.want
					if want == nil {
						want = slices.Repeat([]int{200}, s.writes)
					}
					if fmt.Sprint(got) != fmt.Sprint(want) {
						t.Errorf("step %d: statuses %v, want %v", i, got, want)
					}
				}
			})
		})
	}

	t.Run("RefusalSaysHowLongToWait", func(t *testing.T) {
		eachEngine(t, apiOptions{quotas: httpapi.Quotas{WritesPerMinute: 60, WriteBurst: 1}}, func(t *testing.T, a *apiTest) {
			A := a.newAgent("anil", "9811111111")
			wantStatus(t, a.do("PUT", markRead(A), nil, as(A)), 200)
			a.clock.Advance(250 * time.Millisecond)
			wantThrottled(t, a.do("POST", "/api/requirements", wanted(), as(A)), 750*time.Millisecond, "wait 1 second")
		})
	})
	t.Run("OnlyTheAgentsOwnWritesCount", func(t *testing.T) {
		eachEngine(t, apiOptions{quotas: httpapi.Quotas{WritesPerMinute: 1, WriteBurst: 2}}, func(t *testing.T, a *apiTest) {
			A := a.newAgent("anil", "9811111111")
			B := a.newAgent("bina", "9822222222")
			for range 2 {
				wantStatus(t, a.do("PUT", markRead(A), nil, as(A)), 200)
			}
			wantError(t, a.do("PUT", markRead(A), nil, as(A)), 429)
			t.Run("AnotherAgentIsNotHeldBack", func(t *testing.T) {
				wantStatus(t, a.sub(t).do("PUT", markRead(B), nil, as(B)), 200)
			})
			t.Run("ReadsStayOpen", func(t *testing.T) {
				wantStatus(t, a.sub(t).do("GET", "/api/requirements", nil, as(A)), 200)
			})
			t.Run("OneSecurityEventPerRunOfRefusals", func(t *testing.T) {
				a := a.sub(t)
				for range 5 {
					wantError(t, a.do("DELETE", "/api/requirements/1", nil, as(A)), 429)
				}
				var n int
				if err := a.db.QueryRow(`SELECT COALESCE(SUM(count), 0) FROM security_events WHERE type = 'rate_limit_hit' AND subject = $1`,
					fmt.Sprintf("user:%d", A.id)).Scan(&n); err != nil {
					t.Fatal(err)
				}
				if n != 1 {
					t.Errorf("%d rate-limit events, want 1", n)
				}
			})
			t.Run("SigningOutIsNeverHeldBack", func(t *testing.T) {
				wantStatus(t, a.sub(t).do("POST", "/api/logout", nil, as(A)), 200)
			})
		})
	})
	t.Run("AtMostTheBurstOf100ConcurrentWritesGetThrough", func(t *testing.T) {
		eachEngine(t, apiOptions{quotas: httpapi.Quotas{WritesPerMinute: 60, WriteBurst: 10}}, func(t *testing.T, a *apiTest) {
			A := a.newAgent("anil", "9811111111")
			got := a.statusCounts(100, "PUT", markRead(A), nil, A)
			if got[200] != 10 || got[429] != 90 {
				t.Errorf("statuses %v, want 10 × 200 and 90 × 429", got)
			}
		})
	})
}

func TestDailyCreationQuota(t *testing.T) {
	opts := apiOptions{quotas: httpapi.Quotas{CreationsPerDay: 5}}
	eachEngine(t, opts, func(t *testing.T, a *apiTest) {
		// 14:30 tomorrow in India: 9 h 30 min to midnight.
		tomorrow := limits.NextDay(a.clock.Now())
		a.clock.Advance(tomorrow.Add(14*time.Hour + 30*time.Minute).Sub(a.clock.Now()))
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")

		t.Run("ExactlyTheLimitOf100ConcurrentCreatesSucceed", func(t *testing.T) {
			a := a.sub(t)
			got := a.statusCounts(100, "POST", "/api/requirements", wanted(), A)
			if got[201] != 5 || got[429] != 95 {
				t.Errorf("statuses %v, want 5 × 201 and 95 × 429", got)
			}
			if list := a.objects(A, "/api/requirements"); len(list) != 5 {
				t.Errorf("A has %d requirements, want 5", len(list))
			}
		})
		t.Run("ListingsAndRequirementsShareTheQuota", func(t *testing.T) {
			wantThrottled(t, a.sub(t).do("POST", "/api/properties", listing(), as(A)), 9*time.Hour+30*time.Minute,
				"today's limit of 5 new listings and requirements. You can add more after midnight India time, in 9 hours 30 minutes")
		})
		t.Run("RefusedInputCostsNothing", func(t *testing.T) {
			a := a.sub(t)
			for range 3 {
				wantError(t, a.do("POST", "/api/properties", listing("title", ""), as(B)), 400)
				wantError(t, a.do("POST", "/api/requirements", `{"title":`, as(B), invalid()), 400)
			}
			for range 3 {
				a.create(B, "/api/properties", listing())
			}
			for range 2 {
				a.create(B, "/api/requirements", wanted())
			}
			wantError(t, a.do("POST", "/api/requirements", wanted(), as(B)), 429)
		})
		t.Run("EditsAndDeletesAreNotCreations", func(t *testing.T) {
			a := a.sub(t)
			list := a.objects(A, "/api/requirements")
			wantStatus(t, a.do("PATCH", fmt.Sprintf("/api/requirements/%d", idOf(list[0])), map[string]any{"clientName": "Ramesh K"}, as(A)), 200)
			wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/requirements/%d", idOf(list[1])), nil, as(A)), 200)
			wantError(t, a.do("POST", "/api/requirements", wanted(), as(A)), 429)
		})
		t.Run("ANewDayInIndiaStartsAgain", func(t *testing.T) {
			a := a.sub(t)
			a.clock.Advance(9*time.Hour + 30*time.Minute)
			if day, want := limits.Day(a.clock.Now()), limits.Day(tomorrow.Add(24*time.Hour)); day != want {
				t.Fatalf("clock is on %s, want %s", day, want)
			}
			a.create(A, "/api/requirements", wanted())
			a.create(A, "/api/properties", listing())
		})
	})
}
