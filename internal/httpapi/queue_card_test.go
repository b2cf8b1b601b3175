package httpapi_test

import (
	"strings"
	"testing"
	"time"
)

// The admin figures split the queue: matching jobs apart from notification
// digests, and a digest held back for its interval is scheduled, not
// waiting; once due, its wait counts from its time, as /readyz counts it.
func TestAdminQueueFiguresSplitMatchingFromDigests(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("asha", "9800000071")
		sunil, bhavna := a.newAgent("sunil", "9800000072"), a.emailAgent("bhavna", "9800000073", "bhavna@example.com")
		a.verified(bhavna)
		a.befriend(sunil, bhavna)
		a.send(sunil, bhavna, "Is the Baner flat available?")  // its digest goes at once
		a.send(sunil, bhavna, "My client can visit Saturday.") // waits for the digest interval
		queue := func() map[string]any {
			res := a.do("GET", "/api/admin/stats", nil, as(admin))
			wantStatus(t, res, 200)
			q, _ := res.json(t)["queue"].(map[string]any)
			return q
		}
		group := func(q map[string]any, name string) map[string]any { g, _ := q[name].(map[string]any); return g }

		q := queue()
		if m := group(q, "matching"); m["due"] != 0.0 || m["running"] != 0.0 || m["scheduled"] != 0.0 {
			t.Errorf("matching = %v; want nothing (the digest is not matching)", m)
		}
		if d := group(q, "digests"); d["scheduled"] != 1.0 || d["due"] != 0.0 || d["oldestDueSeconds"] != 0.0 || d["nextAt"] == nil {
			t.Errorf("digests = %v; want one scheduled, none waiting", d)
		}

		// 20 minutes on, the digest (due after 15) has waited 5, not 20.
		a.clock.Advance(20 * time.Minute)
		q = queue()
		d := group(q, "digests")
		if d["due"] != 1.0 || d["scheduled"] != 0.0 {
			t.Fatalf("digests = %v; want one due", d)
		}
		if waited := d["oldestDueSeconds"].(float64); waited < 4*60 || waited > 6*60 {
			t.Errorf("the digest has waited %v s; want about 300 (from when it became due, not from when it was queued)", waited)
		}
		if m := group(q, "matching"); m["due"] != 0.0 {
			t.Errorf("matching = %v; want nothing", m)
		}
		ready := a.do("GET", "/readyz", nil)
		wantStatus(t, ready, 200)
		if strings.Contains(string(ready.body), "queue_stuck") {
			t.Errorf("/readyz calls a digest due 5 minutes ago stuck: %s", ready.body)
		}
		// 16 minutes after it became due, it is stuck, by the same count.
		a.clock.Advance(11 * time.Minute)
		ready = a.do("GET", "/readyz", nil)
		if !strings.Contains(string(ready.body), `"check":"queue_stuck"`) ||
			!strings.Contains(string(ready.body), "The background job due longest (notices.digest) has waited 16m0s since it became due") {
			t.Errorf("/readyz after 16 minutes: %s", ready.body)
		}
	})
}
