package commands_test

import (
	"net"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
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

// TestMetricsListenerWarnsAndAuthenticates: a metrics address other machines
// can reach is warned about at start (naming the missing credentials), a
// loopback one is not; with a token or basic auth set, scrapes without them
// get 401 and the token is never printed.
func TestMetricsListenerWarnsAndAuthenticates(t *testing.T) {
	const token = "scrape-token-0123456789"
	for _, tc := range []struct {
		name      string
		host      string
		env       env
		warn      string // "" no warning
		bearer    string
		basicUser string
		basicPass string
		want      int
	}{
		{"LoopbackIsQuiet", "127.0.0.1", env{}, "", "", "", "", 200},
		{"AllInterfacesWarnsWithoutCredentials", "0.0.0.0", env{}, "NO credentials", "", "", "", 200},
		{"AllInterfacesWithATokenStillWarns", "0.0.0.0", env{"PROPMATCH_METRICS_TOKEN": token}, "behind the configured credentials", "", "", "", 401},
		{"TokenLetsTheScrapeIn", "127.0.0.1", env{"PROPMATCH_METRICS_TOKEN": token}, "", token, "", "", 200},
		{"WrongTokenIsRefused", "127.0.0.1", env{"PROPMATCH_METRICS_TOKEN": token}, "", token + "x", "", "", 401},
		{"BasicAuth", "127.0.0.1", env{"PROPMATCH_METRICS_USERNAME": "prom", "PROPMATCH_METRICS_PASSWORD": "pa55word-0123456789"}, "", "", "prom", "pa55word-0123456789", 200},
		{"BasicAuthWrongPassword", "127.0.0.1", env{"PROPMATCH_METRICS_USERNAME": "prom", "PROPMATCH_METRICS_PASSWORD": "pa55word-0123456789"}, "", "", "prom", "guess", 401},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, port, _ := net.SplitHostPort(freeAddr(t))
			e := env{"DATABASE_URL": storetest.URL(t, store.SQLite), "PROPMATCH_METRICS_ADDR": tc.host + ":" + port}
			for k, v := range tc.env {
				e[k] = v
			}
			r := serve(t, e)
			req, _ := http.NewRequest("GET", "http://127.0.0.1:"+port+"/metrics", nil)
			if tc.bearer != "" {
				req.Header.Set("Authorization", "Bearer "+tc.bearer)
			}
			if tc.basicUser != "" {
				req.SetBasicAuth(tc.basicUser, tc.basicPass)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != tc.want {
				t.Errorf("GET /metrics = %d; want %d", res.StatusCode, tc.want)
			}
			if err := r.stop(t); err != nil {
				t.Fatal(err)
			}
			out := r.stderr.String() + r.stdout.String()
			warned := strings.Contains(out, "WARNING: metrics")
			if warned != (tc.warn != "") || (tc.warn != "" && !strings.Contains(out, tc.warn)) {
				t.Errorf("warned %v; want a warning saying %q\n%s", warned, tc.warn, out)
			}
			if strings.Contains(out, token) || strings.Contains(out, "pa55word") {
				t.Error("a metrics credential reached the output")
			}
		})
	}
}
