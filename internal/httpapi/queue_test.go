package httpapi_test

import (
	"context"
	"database/sql"
	"fmt"
	"testing"

	"propmatch/internal/kit/jobs"
)

// jobCount counts the jobs of key in state.
func (a *apiTest) jobCount(key, state string) int {
	a.t.Helper()
	var n int
	if err := a.db.QueryRow(`SELECT COUNT(*) FROM jobs WHERE key = $1 AND state = $2`, key, state).Scan(&n); err != nil {
		a.t.Fatal(err)
	}
	return n
}

// TestMatchingRunsInTheBackground holds issue 11's decision: a write
// returns once its row and its matching job commit; until the job has run,
// the listing and requirement say matching is pending, and the matches
// appear when it has.
func TestMatchingRunsInTheBackground(t *testing.T) {
	eachEngine(t, apiOptions{manualQueue: true}, func(t *testing.T, a *apiTest) {
		seller, buyer := a.newAgent("sunil", "9811111111"), a.newAgent("bhavna", "9822222222")
		r := a.create(buyer, "/api/requirements", wanted())
		p := a.create(seller, "/api/properties", listing())
		for what, obj := range map[string]map[string]any{"requirement": r, "listing": p} {
			if obj["matching"] != "pending" || obj["matchingQueuedAt"] == nil {
				t.Errorf("new %s: matching %v, queued at %v; want pending with its time", what, obj["matching"], obj["matchingQueuedAt"])
			}
		}
		matchesPath := fmt.Sprintf("/api/requirements/%d/matches", idOf(r))
		res := a.do("GET", matchesPath, nil, as(buyer))
		wantStatus(t, res, 200)
		if got := res.list(t); len(got) != 0 || res.header.Get("PropMatch-Matching") != "pending" || res.header.Get("PropMatch-Matching-Queued-At") == "" {
			t.Errorf("matches while pending: %d, %q at %q; want none, pending with its time", len(got),
				res.header.Get("PropMatch-Matching"), res.header.Get("PropMatch-Matching-Queued-At"))
		}
		if got := a.objects(seller, "/api/properties"); got[0]["matching"] != "pending" || got[0]["matchCount"] != 0.0 {
			t.Errorf("listed while pending: %v, %v matches; want pending, 0", got[0]["matching"], got[0]["matchCount"])
		}

		a.drain()
		res = a.do("GET", matchesPath, nil, as(buyer))
		if got := res.list(t); len(got) != 1 || res.header.Get("PropMatch-Matching") != "done" || res.header.Get("PropMatch-Matching-Queued-At") != "" {
			t.Errorf("matches once done: %d, %q at %q; want 1, done", len(got), res.header.Get("PropMatch-Matching"), res.header.Get("PropMatch-Matching-Queued-At"))
		}
		for _, l := range [][]map[string]any{a.objects(seller, "/api/properties"), a.objects(buyer, "/api/requirements")} {
			if l[0]["matching"] != "done" || l[0]["matchingQueuedAt"] != nil || l[0]["matchCount"] != 1.0 {
				t.Errorf("listed once done: %v at %v, %v matches; want done, 1", l[0]["matching"], l[0]["matchingQueuedAt"], l[0]["matchCount"])
			}
		}

		key := fmt.Sprintf("property:%d", idOf(p))
		path := fmt.Sprintf("/api/properties/%d", idOf(p))
		for _, price := range []int{7600000, 7700000, 7800000} {
			wantStatus(t, a.do("PUT", path, listing("price", price), as(seller)), 200)
		}
		if n := a.jobCount(key, "pending"); n != 1 {
			t.Errorf("%d pending jobs after a burst of three edits; want one", n)
		}
		wantStatus(t, a.do("DELETE", path, nil, as(seller)), 200)
		if n, m := a.jobCount(key, "pending"), a.jobCount(key, "done"); n != 1 || m != 1 {
			t.Errorf("after the delete: %d pending, %d done; want the delete's job alone pending", n, m)
		}
		if got := a.objects(buyer, matchesPath); len(got) != 0 {
			t.Errorf("%d matches right after the delete; want none", len(got))
		}
		a.drain()
		if n := a.jobCount(key, "pending"); n != 0 {
			t.Errorf("%d jobs still pending", n)
		}
	})
}

func TestQueueFiguresAreForAdminsOnly(t *testing.T) {
	eachEngine(t, apiOptions{manualQueue: true}, func(t *testing.T, a *apiTest) {
		agent, admin := a.newAgent("anil", "9811111111"), a.newAgent("root", "9822222222")
		if _, err := a.db.Exec(`UPDATE users SET role = 'admin' WHERE id = $1`, admin.id); err != nil {
			t.Fatal(err)
		}
		wantError(t, a.do("GET", "/api/admin/queue", nil), 401)
		wantError(t, a.do("GET", "/api/admin/queue", nil, as(agent)), 403)

		a.create(agent, "/api/properties", listing())
		// A job no handler knows fails on its one try, as a poison job would.
		err := a.db.WithTx(context.Background(), func(tx *sql.Tx) error {
			_, err := jobs.Enqueue(context.Background(), tx, a.db.Time(), jobs.New{Kind: "unknown", Key: "thing:1", MaxAttempts: 1})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		res := a.do("GET", "/api/admin/queue", nil, as(admin))
		wantStatus(t, res, 200)
		wantFields(t, "queue before the run", res.json(t), map[string]any{"depth": 2.0, "doneLastMinute": 0.0, "failed": 0.0})
		a.drain()
		res = a.do("GET", "/api/admin/queue", nil, as(admin))
		wantStatus(t, res, 200)
		body := res.json(t)
		wantFields(t, "queue after the run", body, map[string]any{"depth": 0.0, "doneLastMinute": 1.0, "failedLastMinute": 1.0, "failed": 1.0, "oldestPendingSeconds": 0.0})
		failed, _ := body["failedJobs"].([]any)
		if len(failed) != 1 {
			t.Fatalf("failed jobs %v; want the unknown one", body["failedJobs"])
		}
		wantFields(t, "failed job", failed[0].(map[string]any), map[string]any{"kind": "unknown", "key": "thing:1", "attempts": 1.0,
			"error": `no handler for kind "unknown"`})
	})
}
