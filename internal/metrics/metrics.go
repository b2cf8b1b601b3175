// Package metrics is PropMatch's Prometheus metrics: requests per route
// pattern, the database pool, open live-event streams, the job queue and
// the security events kept. serve exposes them on their own listener
// (PROPMATCH_METRICS_ADDR), never on the public one. Figures that live in
// the database are read when Prometheus scrapes, within a short deadline,
// and kept a few seconds so that scrapes cannot load the database.
package metrics

import (
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/security"
)

// Unmatched is the route label of a request that matched no route pattern.
const Unmatched = "unmatched"

// ReadTimeout bounds each read of the database a scrape makes.
const ReadTimeout = 2 * time.Second

// CacheFor is how long the figures read from the database are kept.
const CacheFor = 5 * time.Second

// Metrics holds PropMatch's metrics. A nil *Metrics records nothing, so
// callers need not check whether metrics are on.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	streams  prometheus.Gauge
	log      *slog.Logger
}

// New returns the metrics of a server on db whose job queue is queue.
func New(db *store.DB, queue *jobs.Queue, log *slog.Logger) *Metrics {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		log: log,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "propmatch_http_requests_total",
			Help: "HTTP requests answered, by method, route pattern and status code.",
		}, []string{"method", "route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "propmatch_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by method and route pattern (live-event streams count until they close).",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"method", "route"}),
		streams: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "propmatch_event_streams_open",
			Help: "Live-event streams (GET /api/events) open on this instance.",
		}),
	}
	m.reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		collectors.NewDBStatsCollector(db.DB, string(db.Engine)),
		m.requests, m.latency, m.streams,
		newDBCollector(db, queue, log),
	)
	return m
}

// CountSecurityEvents exposes the recorder's counts of this instance:
// propmatch_security_events_dropped_total (buffer full or write failed),
// propmatch_security_events_capped_total (an address over its cap of rows)
// and propmatch_security_events_written_total.
func (m *Metrics) CountSecurityEvents(r *security.Recorder) {
	m.reg.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "propmatch_security_events_dropped_total",
			Help: "Security events this instance dropped: its buffer was full, or writing them failed."},
			func() float64 { return float64(r.Dropped()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "propmatch_security_events_capped_total",
			Help: "Security events this instance dropped because their source address had started its cap of rows in the window."},
			func() float64 { return float64(r.Capped()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "propmatch_security_events_written_total",
			Help: "Security events this instance wrote to the database."},
			func() float64 { return float64(r.Written()) }),
	)
}

// Handler serves the metrics in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{
		ErrorLog:      slog.NewLogLogger(m.log.Handler(), slog.LevelWarn),
		ErrorHandling: promhttp.ContinueOnError,
		Timeout:       2 * ReadTimeout,
	})
}

// knownMethods are the methods counted under their own name; any other is
// counted as "other", so a client cannot add label values at will.
var knownMethods = map[string]bool{
	http.MethodGet: true, http.MethodHead: true, http.MethodPost: true, http.MethodPut: true,
	http.MethodPatch: true, http.MethodDelete: true, http.MethodOptions: true,
}

// ObserveRequest counts one answered request. route is the pattern it
// matched (never its path: ids would make a series per object), or
// Unmatched.
func (m *Metrics) ObserveRequest(method, route string, code int, took time.Duration) {
	if m == nil {
		return
	}
	if !knownMethods[method] {
		method = "other"
	}
	if route == "" {
		route = Unmatched
	}
	m.requests.WithLabelValues(method, route, strconv.Itoa(code)).Inc()
	m.latency.WithLabelValues(method, route).Observe(took.Seconds())
}

// StreamOpened counts a live-event stream that opened; StreamClosed one that closed.
func (m *Metrics) StreamOpened() {
	if m != nil {
		m.streams.Inc()
	}
}

// StreamClosed counts a live-event stream that closed.
func (m *Metrics) StreamClosed() {
	if m != nil {
		m.streams.Dec()
	}
}
