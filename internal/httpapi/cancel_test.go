package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// cancelled makes a request's context cancelled, as the server's is when
// the browser goes away mid-request (the test's client stays to read the
// answer a gone browser would never see).
func cancelled(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Test-Cancel") != "" {
			ctx, cancel := context.WithCancel(r.Context())
			cancel()
			r = r.WithContext(ctx)
		}
		h.ServeHTTP(w, r)
	})
}

// A request the browser cancels is not an error: it is logged at debug
// with status 499, and counted as 499, never as a 5xx.
func TestCancelledRequestsAreNotErrors(t *testing.T) {
	eachEngine(t, apiOptions{metrics: true, wrap: cancelled}, func(t *testing.T, a *apiTest) {
		seller := a.newAgent("sunil", "9811111111")
		before := a.logs.String()
		for _, path := range []string{"/api/properties", "/api/dashboard/stats", "/api/user"} {
			r := a.do("GET", path, nil, as(seller), withHeader("X-Test-Cancel", "1"), undocumented())
			if r.status != 499 {
				t.Errorf("GET %s cancelled: %d, want 499", path, r.status)
			}
		}
		logs := strings.TrimPrefix(a.logs.String(), before)
		for _, line := range strings.Split(logs, "\n") {
			if strings.Contains(line, "level=ERROR") || strings.Contains(line, "level=WARN") {
				t.Errorf("a cancelled request was logged as a failure: %s", line)
			}
		}
		if n := strings.Count(logs, `level=DEBUG msg=request method=GET`); n != 3 || strings.Count(logs, "status=499") != 3 {
			t.Errorf("want 3 request lines at debug with status 499:\n%s", logs)
		}
		got := a.scrape()
		for series, v := range got {
			if strings.HasPrefix(series, "propmatch_http_requests_total{code=\"5") && v > 0 {
				t.Errorf("%s = %v: a cancelled request counted as a server error", series, v)
			}
		}
		if v := got[`propmatch_http_requests_total{code="499",method="GET",route="GET /api/properties"}`]; v != 1 {
			t.Errorf("499s on GET /api/properties = %v, want 1", v)
		}
		// The same routes answered normally are 200s, logged at info.
		wantStatus(t, a.do("GET", "/api/properties", nil, as(seller)), 200)
	})
}
