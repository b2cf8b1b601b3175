package httpapi

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestLargeListingBodiesAreHandledAFewAtATime: 100 listing saves over 1 MiB
// arrive at once; at most maxLargeBodies are read and handled together, the
// rest wait their turn, and those still waiting after largeBodyWait get 503
// (never a 500). Small bodies and other routes never wait.
func TestLargeListingBodiesAreHandledAFewAtATime(t *testing.T) {
	old := largeBodyWait
	largeBodyWait = 300 * time.Millisecond
	t.Cleanup(func() { largeBodyWait = old })

	var inFlight, most atomic.Int64
	release := make(chan struct{})
	h := limitBody(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inFlight.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		_, _ = io.Copy(io.Discard, r.Body)
		<-release
		inFlight.Add(-1)
	}))
	body := strings.Repeat("x", MaxBodyBytes+1)
	statuses := make([]int, 100)
	var refused atomic.Int64
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Go(func() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/properties", strings.NewReader(body)))
			statuses[i] = rec.Code
			if rec.Code != http.StatusOK {
				refused.Add(1)
			}
		})
	}
	// The ones that found no slot give up after largeBodyWait.
	for deadline := time.Now().Add(5 * time.Second); refused.Load() < 100-maxLargeBodies && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	// A small listing body and another route go straight to the handler meanwhile.
	if n := inFlight.Load(); n != maxLargeBodies {
		t.Fatalf("%d large bodies in the handler, want %d", n, maxLargeBodies)
	}
	for _, r := range []*http.Request{
		httptest.NewRequest("PUT", "/api/properties/1", strings.NewReader(`{"title": "x"}`)),
		httptest.NewRequest("POST", "/api/requirements", strings.NewReader(`{}`)),
	} {
		wg.Go(func() { h.ServeHTTP(httptest.NewRecorder(), r) })
	}
	deadline := time.Now().Add(2 * time.Second)
	for inFlight.Load() != maxLargeBodies+2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if n := inFlight.Load(); n != maxLargeBodies+2 {
		t.Errorf("%d requests in the handler, want the %d large ones and the 2 small ones", n, maxLargeBodies)
	}
	close(release)
	wg.Wait()
	counts := map[int]int{}
	for _, s := range statuses {
		counts[s]++
	}
	if most.Load() != maxLargeBodies+2 || counts[http.StatusOK] != maxLargeBodies || counts[http.StatusServiceUnavailable] != 100-maxLargeBodies {
		t.Errorf("at most %d large bodies at once (with the 2 small ones), statuses %v; want %d handled, the rest 503",
			most.Load(), counts, maxLargeBodies)
	}
}
