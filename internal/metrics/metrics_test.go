package metrics_test

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"propmatch/internal/jobs"
	"propmatch/internal/metrics"
	"propmatch/internal/store"
	"propmatch/internal/store/storetest"
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
