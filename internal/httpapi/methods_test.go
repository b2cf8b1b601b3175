package httpapi_test

import (
	"testing"
)

// A known path with the wrong method is 405 with Allow naming the methods
// it takes, under /api and outside it (ServeMux's catch-alls used to turn
// it into a 404, or the web app); an unknown path stays 404.
func TestWrongMethodIs405WithAllow(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		seller := a.newAgent("sunil", "9811111111")
		for _, tc := range []struct {
			method, path string
			status       int
			allow        string
		}{
			{"DELETE", "/api/dashboard/stats", 405, "GET, HEAD"},
			{"GET", "/api/login", 405, "POST"},
			{"PUT", "/api/logout", 405, "POST"},
			{"PATCH", "/api/properties/1", 405, "PUT, DELETE"},
			{"DELETE", "/api/properties", 405, "GET, HEAD, POST"},
			{"POST", "/healthz", 405, "GET, HEAD"},
			{"DELETE", "/readyz", 405, "GET, HEAD"},
			{"GET", "/api/no-such-route", 404, ""},
			{"DELETE", "/api/no-such-route/42", 404, ""},
		} {
			t.Run(tc.method+" "+tc.path, func(t *testing.T) {
				r := a.do(tc.method, tc.path, nil, as(seller), undocumented())
				if r.status != tc.status || r.header.Get("Allow") != tc.allow {
					t.Errorf("%s %s = %d, Allow %q; want %d, Allow %q\n%s", tc.method, tc.path, r.status, r.header.Get("Allow"), tc.status, tc.allow, r.body)
				}
				if tc.status == 405 && r.json(t)["message"] == "" {
					t.Errorf("the 405 has no message: %s", r.body)
				}
			})
		}
	})
}
