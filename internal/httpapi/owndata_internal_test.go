package httpapi

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
)

// The streamed downloads of whole data sets have no request deadline (a
// large database takes longer than PROPMATCH_DB_TIMEOUT); every other
// request keeps its deadline.
func TestStreamedDownloadsHaveNoDeadline(t *testing.T) {
	s := &server{Deps: Deps{Log: slog.New(slog.DiscardHandler)}}
	for path, want := range map[string]bool{
		"/api/database-export": false,
		"/api/user/export":     false,
		"/api/user":            true,
		"/api/admin/backups":   true,
	} {
		var has bool
		h := s.withDeadline(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { _, has = r.Context().Deadline() }))
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", path, nil))
		if has != want {
			t.Errorf("%s: deadline %v, want %v", path, has, want)
		}
	}
}
