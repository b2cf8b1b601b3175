package commands_test

import (
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
)

func TestMetricsListener(t *testing.T) {
	web := fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>PropMatch</title>")}}
	eachEngine(t, func(t *testing.T, dbURL string) {
		metricsAddr := freeAddr(t)
		r := serveWeb(t, env{"DATABASE_URL": dbURL, "PROPMATCH_METRICS_ADDR": metricsAddr}, web)
		get(t, "http://"+r.addr+"/readyz")

		t.Run("MetricsListenerServesMetrics", func(t *testing.T) {
			status, body, _ := get(t, "http://"+metricsAddr+"/metrics")
			if status != 200 {
				t.Fatalf("GET /metrics on the metrics listener = %d, want 200", status)
			}
			for _, want := range []string{
				`propmatch_http_requests_total{code="200",method="GET",route="GET /readyz"} 1`,
				"propmatch_jobs_depth 0",
				`propmatch_metrics_source_up{source="jobs"} 1`,
				`propmatch_metrics_source_up{source="security_events"} 1`,
				"propmatch_event_streams_open 0",
				"go_sql_open_connections",
				"go_goroutines",
			} {
				if !strings.Contains(body, want) {
					t.Errorf("/metrics lacks %q", want)
				}
			}
		})
		t.Run("MetricsListenerServesNothingElse", func(t *testing.T) {
			for _, path := range []string{"/", "/readyz", "/api/user", "/metrics/x"} {
				if status, _, _ := get(t, "http://"+metricsAddr+path); status != 404 {
					t.Errorf("GET %s on the metrics listener = %d, want 404", path, status)
				}
			}
		})
		t.Run("PublicListenerHasNoMetrics", func(t *testing.T) {
			status, body, _ := get(t, "http://"+r.addr+"/metrics")
			if status != 404 || strings.Contains(body, "propmatch_") {
				t.Errorf("GET /metrics on the public listener = %d %q, want 404", status, body)
			}
		})
		t.Run("StopsWithTheServer", func(t *testing.T) {
			if err := r.stop(t); err != nil {
				t.Fatalf("Run returned %v after cancel", err)
			}
			if _, err := http.Get("http://" + metricsAddr + "/metrics"); err == nil {
				t.Error("the metrics listener still answers after Run returned")
			}
		})
	})
}

func TestMetricsAreOffByDefault(t *testing.T) {
	eachEngine(t, func(t *testing.T, dbURL string) {
		r := serve(t, env{"DATABASE_URL": dbURL})
		if status, _, _ := get(t, "http://"+r.addr+"/metrics"); status != 404 {
			t.Errorf("GET /metrics on the public listener = %d, want 404", status)
		}
		if strings.Contains(r.stderr.String()+r.stdout.String(), "metrics are served") {
			t.Error("a metrics listener started without PROPMATCH_METRICS_ADDR")
		}
	})
}
