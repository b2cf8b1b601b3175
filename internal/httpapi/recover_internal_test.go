package httpapi

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The recover middleware is not reachable through a public route (no handler
// panics on purpose), so this one test lives inside the package.
func TestPanicInAHandlerIsAGeneric500(t *testing.T) {
	var logs bytes.Buffer
	s := &server{Deps: Deps{Log: slog.New(slog.NewTextHandler(&logs, nil))}}
	h := s.recoverPanics(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		panic("database password is hunter2")
	}))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/user", nil))
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status = %d, want 500", rec.Code)
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type = %q, want JSON", ct)
	}
	var body errorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Message == "" {
		t.Fatalf("body = %q, want a JSON error with a message", rec.Body)
	}
	if strings.Contains(rec.Body.String(), "hunter2") || strings.Contains(rec.Body.String(), "panic") {
		t.Errorf("the panic reached the client: %s", rec.Body)
	}
	if !strings.Contains(logs.String(), "hunter2") || !strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("the panic was not logged as an error:\n%s", logs.String())
	}
}

func TestAbortHandlerPanicIsNotSwallowed(t *testing.T) {
	s := &server{Deps: Deps{Log: slog.New(slog.DiscardHandler)}}
	h := s.recoverPanics(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		panic(http.ErrAbortHandler)
	}))
	defer func() {
		if v := recover(); v != http.ErrAbortHandler {
			t.Errorf("recovered %v, want http.ErrAbortHandler to propagate", v)
		}
	}()
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/api/user", nil))
}
