// Package cached keeps one value read from somewhere slow (the database)
// for a short while, so that frequent readers (metric scrapes, readiness
// probes) cost one read per period however often they come.
package cached

import (
	"context"
	"sync"
	"time"
)

// Value keeps the last value Load returned for For. Callers that arrive
// while it loads wait for that load instead of starting their own. A failed
// load is not kept: the next caller tries again.
type Value[T any] struct {
	// Load reads the value; Get passes it the caller's context.
	Load func(context.Context) (T, error)
	// For is how long a value is served after it was read.
	For time.Duration
	// Now is the clock (time.Now when nil).
	Now func() time.Time

	mu    sync.Mutex
	val   T
	at    time.Time
	valid bool
}

// Get returns the kept value while it is fresh, else loads a new one.
func (v *Value[T]) Get(ctx context.Context) (T, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	now := time.Now()
	if v.Now != nil {
		now = v.Now()
	}
	if v.valid && now.Sub(v.at) < v.For && !now.Before(v.at) {
		return v.val, nil
	}
	val, err := v.Load(ctx)
	if err != nil {
		var zero T
		return zero, err
	}
	v.val, v.at, v.valid = val, now, true
	return val, nil
}

// Reset drops the kept value: the next Get loads a fresh one (after a write
// that changes it).
func (v *Value[T]) Reset() {
	v.mu.Lock()
	v.valid = false
	v.mu.Unlock()
}
