package metrics_test

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/metrics"
)

func TestObserveRequest(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		m := metrics.New(db, jobs.NewQueue(db, jobs.Config{}), nil)
		m.ObserveRequest("GET", "GET /api/properties", 200, time.Millisecond)
		m.ObserveRequest("BREW", "/", 200, time.Millisecond)
		m.ObserveRequest("GET", "", 301, time.Millisecond)
		rec := httptest.NewRecorder()
		m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		body := rec.Body.String()
		for _, want := range []string{
			`propmatch_http_requests_total{code="200",method="GET",route="GET /api/properties"} 1`,
			`propmatch_http_requests_total{code="200",method="other",route="/"} 1`,
			`propmatch_http_requests_total{code="301",method="GET",route="unmatched"} 1`,
			`go_sql_max_open_connections{db_name="` + string(db.Engine) + `"}`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("metrics lack %q", want)
			}
		}
		if strings.Contains(body, "BREW") {
			t.Error("an unknown method became a label value")
		}
	})
}

func TestNilMetricsRecordNothing(t *testing.T) {
	var m *metrics.Metrics
	m.ObserveRequest("GET", "/", 200, time.Millisecond)
	m.StreamOpened()
	m.StreamClosed()
}

// BenchmarkObserveRequest is what counting costs each request.
func BenchmarkObserveRequest(b *testing.B) {
	db := storetest.New(b, store.SQLite)
	m := metrics.New(db, jobs.NewQueue(db, jobs.Config{}), nil)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			m.ObserveRequest("PUT", "PUT /api/properties/{id}", 200, 3*time.Millisecond)
		}
	})
}

// BenchmarkScrape is one scrape while the database figures are kept.
func BenchmarkScrape(b *testing.B) {
	db := storetest.New(b, store.SQLite)
	m := metrics.New(db, jobs.NewQueue(db, jobs.Config{}), nil)
	m.ObserveRequest("GET", "GET /readyz", 200, time.Millisecond)
	b.ReportAllocs()
	for b.Loop() {
		m.Handler().ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/metrics", nil))
	}
}

// The last successful backup's age and the last run's failure are reported
// from the backups table.
func TestBackupMetrics(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return now }
		scrape := func() string {
			m := metrics.New(db, jobs.NewQueue(db, jobs.Config{}), nil)
			rec := httptest.NewRecorder()
			m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
			return rec.Body.String()
		}
		body := scrape()
		if strings.Contains(body, "propmatch_backup_last_success_age_seconds ") || !strings.Contains(body, "propmatch_backup_last_run_failed 0") {
			t.Errorf("before any backup the age is reported or the failure flag is missing:\n%s", grepLines(body, "propmatch_backup"))
		}
		if _, err := db.Exec(`INSERT INTO backups (kind, state, queued_at, finished_at) VALUES ('scheduled', 'success', $1, $1)`, now.Add(-90*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`INSERT INTO backups (kind, state, queued_at, finished_at, error) VALUES ('manual', 'failed', $1, $1, 'disk full')`, now.Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
		body = scrape()
		for _, want := range []string{"propmatch_backup_last_success_age_seconds 5400", "propmatch_backup_last_run_failed 1", "propmatch_backup_offsite_failed 0", `propmatch_metrics_source_up{source="backups"} 1`} {
			if !strings.Contains(body, want) {
				t.Errorf("metrics lack %q:\n%s", want, grepLines(body, "propmatch_backup"))
			}
		}
	})
}

func grepLines(body, prefix string) string {
	var out []string
	for line := range strings.SplitSeq(body, "\n") {
		if strings.HasPrefix(line, prefix) {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}
