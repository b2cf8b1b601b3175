package httpapi_test

import (
	"net/http"
	"strconv"
	"sync"
	"testing"
)

// TestCertificateChecksAreLimitedPerAddress: the public certificate check
// lets each client address through at its burst, then answers 429 with
// Retry-After, under 100 requests at once; another address is not held
// back by the first. The rate (one a minute) is slow enough that no token
// comes back while the test runs.
func TestCertificateChecksAreLimitedPerAddress(t *testing.T) {
	const burst, concurrent = 10, 100
	cases := []struct {
		name string
		ip   string
	}{
		{"FirstAddress", "203.0.113.7"},
		{"AnotherAddressHasItsOwnBucket", "198.51.100.23"},
	}
	eachEngine(t, apiOptions{verifyRate: 1, verifyBurst: burst, trustProxy: true}, func(t *testing.T, a *apiTest) {
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				statuses := make([]int, concurrent)
				retryAfter := make([]string, concurrent)
				var wg sync.WaitGroup
				for i := range concurrent {
					wg.Go(func() {
						res := a.do("GET", "/api/public/certificates/PM-2026-ABCDEFGHJK", nil, withHeader("X-Forwarded-For", c.ip))
						statuses[i], retryAfter[i] = res.status, res.header.Get("Retry-After")
					})
				}
				wg.Wait()
				counts := map[int]int{}
				for i, s := range statuses {
					counts[s]++
					if secs, err := strconv.Atoi(retryAfter[i]); s == http.StatusTooManyRequests && (err != nil || secs < 1 || secs > 60) {
						t.Errorf("Retry-After = %q, want the seconds until the next token (at most 60)", retryAfter[i])
					}
				}
				// No such certificate: 404 is an answer that got past the limit.
				if counts[http.StatusNotFound] != burst || counts[http.StatusTooManyRequests] != concurrent-burst {
					t.Fatalf("statuses = %v, want %d × 404 and %d × 429", counts, burst, concurrent-burst)
				}
			})
		}
	})
}
