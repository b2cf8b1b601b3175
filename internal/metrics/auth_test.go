package metrics_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"propmatch/internal/metrics"
)

func TestProtect(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("metrics")) })
	token := metrics.Auth{Token: "s3cret-token-0123456789"}
	basic := metrics.Auth{Username: "prom", Password: "pa55-word-0123456789"}
	both := metrics.Auth{Token: token.Token, Username: basic.Username, Password: basic.Password}
	bearer := func(v string) func(*http.Request) {
		return func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+v) }
	}
	userPass := func(u, p string) func(*http.Request) { return func(r *http.Request) { r.SetBasicAuth(u, p) } }
	none := func(*http.Request) {}
	for _, c := range []struct {
		name      string
		auth      metrics.Auth
		set       func(*http.Request)
		want      int
		challenge string
	}{
		{"OffLetsEveryoneIn", metrics.Auth{}, none, 200, ""},
		{"TokenRight", token, bearer(token.Token), 200, ""},
		{"TokenMissing", token, none, 401, "Bearer"},
		{"TokenWrong", token, bearer("s3cret-token-012345678"), 401, "Bearer"},
		{"TokenAsBasicPassword", token, userPass("prom", token.Token), 401, "Bearer"},
		{"BasicRight", basic, userPass("prom", basic.Password), 200, ""},
		{"BasicWrongPassword", basic, userPass("prom", "nope"), 401, "Basic"},
		{"BasicWrongUser", basic, userPass("root", basic.Password), 401, "Basic"},
		{"BasicMissing", basic, none, 401, "Basic"},
		{"BothTakesTheToken", both, bearer(token.Token), 200, ""},
		{"BothTakesBasic", both, userPass("prom", basic.Password), 200, ""},
		{"BothRefusesNeither", both, bearer("x"), 401, "Basic"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/metrics", nil)
			c.set(r)
			w := httptest.NewRecorder()
			metrics.Protect(ok, c.auth).ServeHTTP(w, r)
			if w.Code != c.want {
				t.Fatalf("status %d; want %d", w.Code, c.want)
			}
			if got := w.Header().Get("WWW-Authenticate"); c.challenge != "" && (len(got) < len(c.challenge) || got[:len(c.challenge)] != c.challenge) {
				t.Errorf("WWW-Authenticate %q; want %s", got, c.challenge)
			}
			if c.want == 401 && w.Body.String() == "metrics" {
				t.Error("the metrics leaked with the 401")
			}
		})
	}
}
