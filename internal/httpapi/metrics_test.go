package httpapi_test

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"propmatch/internal/kit/jobs"
	"propmatch/internal/metrics"
	"propmatch/internal/platform/security"
)

// scrape returns the samples of a's metrics, by series as Prometheus's text
// format writes it (such as `propmatch_jobs_depth` or
// `propmatch_security_events{type="auth_failure"}`).
func (a *apiTest) scrape() map[string]float64 {
	a.t.Helper()
	rec := httptest.NewRecorder()
	a.metrics.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != 200 {
		a.t.Fatalf("scrape answered %d: %s", rec.Code, rec.Body)
	}
	samples := map[string]float64{}
	sc := bufio.NewScanner(rec.Body)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			a.t.Fatalf("bad sample %q: %v", line, err)
		}
		samples[line[:i]] = v
	}
	return samples
}

var (
	routeLabel = regexp.MustCompile(`route="([^"]*)"`)
	idSegment  = regexp.MustCompile(`/\d+(/|$)`)
)

// afterCache moves the clock past the figures' cache.
func (a *apiTest) afterCache() { a.clock.Advance(max(jobs.RecentFor, metrics.CacheFor) + time.Second) }

func TestRequestsAreCountedByRoutePattern(t *testing.T) {
	eachEngine(t, apiOptions{metrics: true}, func(t *testing.T, a *apiTest) {
		seller := a.newAgent("sunil", "9811111111")
		var ids []int64
		for range 3 {
			ids = append(ids, idOf(a.create(seller, "/api/properties", listing())))
		}
		for _, id := range ids {
			wantStatus(t, a.do("PUT", fmt.Sprintf("/api/properties/%d", id), listing("price", 7600000), as(seller)), 200)
		}
		wantStatus(t, a.do("PUT", "/api/properties/999999", listing(), as(seller)), 404)
		wantStatus(t, a.do("GET", "/api/no-such-route/42", nil, undocumented()), 404)
		// Refused before routing (cross-site write): still its route's.
		wantStatus(t, a.do("PUT", fmt.Sprintf("/api/properties/%d", ids[0]), listing(), as(seller), withHeader("Origin", "https://evil.example")), 403)

		got := a.scrape()
		for series, want := range map[string]float64{
			`propmatch_http_requests_total{code="200",method="PUT",route="PUT /api/properties/{id}"}`:              3,
			`propmatch_http_requests_total{code="404",method="PUT",route="PUT /api/properties/{id}"}`:              1,
			`propmatch_http_requests_total{code="403",method="PUT",route="PUT /api/properties/{id}"}`:              1,
			`propmatch_http_requests_total{code="201",method="POST",route="POST /api/properties"}`:                 3,
			`propmatch_http_requests_total{code="404",method="GET",route="/api/"}`:                                 1,
			`propmatch_http_request_duration_seconds_count{method="PUT",route="PUT /api/properties/{id}"}`:         5,
			`propmatch_http_request_duration_seconds_bucket{method="POST",route="POST /api/properties",le="+Inf"}`: 3,
		} {
			if got[series] != want {
				t.Errorf("%s = %v, want %v", series, got[series], want)
			}
		}
		for series := range got {
			if route := routeLabel.FindStringSubmatch(series); route != nil && idSegment.MatchString(route[1]) {
				t.Errorf("series %s names an id", series)
			}
		}
	})
}

func TestQueueAndSecurityMetrics(t *testing.T) {
	eachEngine(t, apiOptions{metrics: true, manualQueue: true}, func(t *testing.T, a *apiTest) {
		seller := a.newAgent("sunil", "9811111111")
		before := a.scrape()
		if before["propmatch_jobs_depth"] != 0 || before[`propmatch_metrics_source_up{source="jobs"}`] != 1 {
			t.Fatalf("empty queue: depth %v, up %v", before["propmatch_jobs_depth"], before[`propmatch_metrics_source_up{source="jobs"}`])
		}
		for range 3 {
			a.create(seller, "/api/properties", listing())
		}
		for range 2 {
			wantStatus(t, a.do("POST", "/api/login", map[string]any{"username": "sunil", "password": "wrong-password"}), 401)
		}
		if got := a.scrape()["propmatch_jobs_depth"]; got != 0 {
			t.Errorf("depth within the cache period = %v, want the kept 0", got)
		}
		a.clock.Advance(90 * time.Second)
		got := a.scrape()
		if got["propmatch_jobs_depth"] != 3 || got["propmatch_jobs_oldest_pending_seconds"] < 90 {
			t.Errorf("3 pending jobs: depth %v, oldest %v s; want 3, at least 90", got["propmatch_jobs_depth"], got["propmatch_jobs_oldest_pending_seconds"])
		}
		if n := got[`propmatch_security_events{type="auth_failure"}`]; n != 2 {
			t.Errorf("auth_failure events = %v, want 2", n)
		}
		// Every stored type has its series, at zero before its first event;
		// the recorder's own counts are there too.
		for _, typ := range security.StoredTypes {
			if _, ok := got[`propmatch_security_events{type="`+typ+`"}`]; !ok {
				t.Errorf("no propmatch_security_events series for type %s", typ)
			}
		}
		if got["propmatch_security_events_dropped_total"] != 0 || got["propmatch_security_events_written_total"] < 2 {
			t.Errorf("recorder counts: dropped %v, written %v; want 0 and at least 2",
				got["propmatch_security_events_dropped_total"], got["propmatch_security_events_written_total"])
		}
		a.drain()
		a.afterCache()
		if got := a.scrape(); got["propmatch_jobs_depth"] != 0 || got["propmatch_jobs_oldest_pending_seconds"] != 0 {
			t.Errorf("after the run: depth %v, oldest %v; want 0, 0", got["propmatch_jobs_depth"], got["propmatch_jobs_oldest_pending_seconds"])
		}
	})
}

func TestOpenStreamsAreCounted(t *testing.T) {
	eachEngine(t, apiOptions{metrics: true}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("sunil", "9811111111")
		first, second := a.openStream(g), a.openStream(g)
		if n := a.scrape()["propmatch_event_streams_open"]; n != 2 {
			t.Errorf("open streams = %v, want 2", n)
		}
		first.cancel()
		first.ended(t)
		waitFor(t, func() bool { return a.scrape()["propmatch_event_streams_open"] == 1 })
		second.cancel()
		waitFor(t, func() bool { return a.scrape()["propmatch_event_streams_open"] == 0 })
	})
}

// TestScrapesReadTheDatabaseOncePerPeriod: 100 concurrent scrapes cost one
// read of the figures, on both engines.
func TestScrapesReadTheDatabaseOncePerPeriod(t *testing.T) {
	eachEngine(t, apiOptions{metrics: true}, func(t *testing.T, a *apiTest) {
		a.scrape()
		// Figures written now stay unseen until the period ends.
		if err := a.db.WithTx(context.Background(), func(tx *sql.Tx) error {
			_, err := jobs.Enqueue(context.Background(), tx, a.db.Time(), jobs.New{Kind: "unknown", Key: "thing:1"})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for range 100 {
			wg.Go(func() {
				rec := httptest.NewRecorder()
				a.metrics.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
				if rec.Code != 200 || !strings.Contains(rec.Body.String(), "\npropmatch_jobs_depth 0\n") {
					t.Errorf("scrape: %d, depth not the kept 0", rec.Code)
				}
			})
		}
		wg.Wait()
		a.afterCache()
		if n := a.scrape()["propmatch_jobs_depth"]; n != 1 {
			t.Errorf("depth after the period = %v, want 1", n)
		}
	})
}

func TestReadyzWarnsOfAStuckOrFailingQueue(t *testing.T) {
	eachEngine(t, apiOptions{manualQueue: true}, func(t *testing.T, a *apiTest) {
		warnings := func() []string {
			t.Helper()
			res := a.do("GET", "/readyz", nil)
			wantStatus(t, res, 200)
			body := res.json(t)
			if body["status"] != "ready" {
				t.Errorf("status = %v, want ready", body["status"])
			}
			var checks []string
			for _, w := range body["warnings"].([]any) {
				checks = append(checks, w.(map[string]any)["check"].(string))
			}
			return checks
		}
		seller := a.newAgent("sunil", "9811111111")
		a.create(seller, "/api/properties", listing())
		if got := warnings(); len(got) != 0 {
			t.Errorf("a fresh pending job: warnings %v, want none", got)
		}
		a.clock.Advance(16 * time.Minute)
		if got := warnings(); strings.Join(got, ",") != "queue_stuck" {
			t.Errorf("a job pending for 16 min: warnings %v, want queue_stuck", got)
		}
		a.drain()
		a.afterCache()
		if got := warnings(); len(got) != 0 {
			t.Errorf("after the run: warnings %v, want none", got)
		}
		// A job no handler knows fails on its one try, as a poison job would.
		if err := a.db.WithTx(context.Background(), func(tx *sql.Tx) error {
			_, err := jobs.Enqueue(context.Background(), tx, a.db.Time(), jobs.New{Kind: "unknown", Key: "thing:1", MaxAttempts: 1})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		a.drain()
		a.afterCache()
		if got := warnings(); strings.Join(got, ",") != "jobs_failed" {
			t.Errorf("a job failed for good: warnings %v, want jobs_failed", got)
		}
		a.clock.Advance(25 * time.Hour)
		if got := warnings(); len(got) != 0 {
			t.Errorf("a day after the failure: warnings %v, want none", got)
		}
	})
}

// /readyz warns, and stays ready, when the last backup failed or the last
// success is older than two scheduled runs (daily at 02:00 by default).
func TestReadyzWarnsOfFailedOrStaleBackups(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		checks := func() string {
			t.Helper()
			res := a.do("GET", "/readyz", nil)
			wantStatus(t, res, 200)
			var names []string
			for _, w := range res.json(t)["warnings"].([]any) {
				names = append(names, w.(map[string]any)["check"].(string))
			}
			return strings.Join(names, ",")
		}
		if got := checks(); got != "" {
			t.Errorf("before any backup: %q, want no warning", got)
		}
		if _, err := a.db.Exec(`INSERT INTO backups (kind, state, queued_at, finished_at) VALUES ('scheduled', 'success', $1, $1)`, a.db.Time()); err != nil {
			t.Fatal(err)
		}
		a.afterCache()
		if got := checks(); got != "" {
			t.Errorf("after a fresh backup: %q, want no warning", got)
		}
		a.clock.Advance(72 * time.Hour)
		if got := checks(); got != "backup_stale" {
			t.Errorf("three days later: %q, want backup_stale", got)
		}
		if _, err := a.db.Exec(`INSERT INTO backups (kind, state, queued_at, finished_at, error) VALUES ('scheduled', 'failed', $1, $1, 'no space left on device')`, a.db.Time()); err != nil {
			t.Fatal(err)
		}
		a.afterCache()
		if got := checks(); got != "backup_failed,backup_stale" {
			t.Errorf("after a failed run: %q, want backup_failed,backup_stale", got)
		}
	})
}

// A job held back by its delay is not stuck while it is not due:
// queue_stuck counts from when it became due (issue 21).
func TestReadyzCountsAJobFromWhenItIsDue(t *testing.T) {
	eachEngine(t, apiOptions{manualQueue: true}, func(t *testing.T, a *apiTest) {
		stuck := func() bool {
			t.Helper()
			a.afterCache()
			res := a.do("GET", "/readyz", nil)
			wantStatus(t, res, 200)
			for _, w := range res.json(t)["warnings"].([]any) {
				if w.(map[string]any)["check"] == "queue_stuck" {
					return true
				}
			}
			return false
		}
		if err := a.db.WithTx(context.Background(), func(tx *sql.Tx) error {
			_, err := jobs.Enqueue(context.Background(), tx, a.db.Time(), jobs.New{Kind: "unknown", Key: "thing:1", Delay: 30 * time.Minute})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		var since time.Duration
		for _, step := range []struct {
			advance time.Duration
			want    bool
		}{
			{20 * time.Minute, false}, // queued 20 min ago, due in 10
			{20 * time.Minute, false}, // due 10 min ago
			{6 * time.Minute, true},   // due 16 min ago
		} {
			a.clock.Advance(step.advance)
			since += step.advance
			if got := stuck(); got != step.want {
				t.Errorf("%v after queueing a job delayed 30 min: queue_stuck %v, want %v", since, got, step.want)
			}
		}
	})
}
