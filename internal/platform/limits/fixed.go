package limits

import (
	"sync"
	"time"
)

// Fixed counts requests per key in fixed windows in memory: at most limit in
// each window of length per, counted from the key's first request in it. It
// answers what the RateLimit-* headers say (the limit, what is left, when
// the window ends), which a token bucket cannot. Like Burst it holds on one
// instance; the per-key limit of API keys uses it.
type Fixed[K comparable] struct {
	mu      sync.Mutex
	limit   int
	per     time.Duration
	windows map[K]*fixedWindow
	swept   time.Time
}

type fixedWindow struct {
	start time.Time
	used  int
}

// NewFixed returns a limiter of limit requests per window of length per.
func NewFixed[K comparable](limit int, per time.Duration) *Fixed[K] {
	return &Fixed[K]{limit: max(limit, 1), per: per, windows: map[K]*fixedWindow{}}
}

// Limit is the number of requests a window allows.
func (f *Fixed[K]) Limit() int { return f.limit }

// Take counts one request of key at now. ok is false when the window is
// spent (the request is refused and not counted); remaining is what is left
// after this request, and reset how long until the window ends.
func (f *Fixed[K]) Take(key K, now time.Time) (ok bool, remaining int, reset time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sweep(now)
	w, found := f.windows[key]
	if !found || !now.Before(w.start.Add(f.per)) {
		w = &fixedWindow{start: now}
		f.windows[key] = w
	}
	reset = w.start.Add(f.per).Sub(now)
	if w.used >= f.limit {
		return false, 0, reset
	}
	w.used++
	return true, f.limit - w.used, reset
}

// sweep forgets, once a window, the windows that have ended.
func (f *Fixed[K]) sweep(now time.Time) {
	if now.Sub(f.swept) < f.per {
		return
	}
	f.swept = now
	for k, w := range f.windows {
		if !now.Before(w.start.Add(f.per)) {
			delete(f.windows, k)
		}
	}
}
