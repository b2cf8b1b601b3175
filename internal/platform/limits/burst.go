package limits

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Burst keeps one token bucket per key in memory: perMinute requests a
// minute, in bursts of up to burst. It stops one address or one agent from
// hammering the server on this instance; a limit that must hold across
// instances is a Daily quota or a Window in the database instead.
type Burst[K comparable] struct {
	mu        sync.Mutex
	perSec    rate.Limit
	burst     int
	fullAfter time.Duration // an empty bucket is full again after this long
	buckets   map[K]*burstBucket
	swept     time.Time
}

type burstBucket struct {
	lim     *rate.Limiter
	seen    time.Time
	refused bool // the last take was refused
}

// NewBurst returns a limiter allowing perMinute requests per key with bursts
// of burst (at least one, since less would refuse everything), or nil,
// which allows everything, when perMinute is zero or less.
func NewBurst[K comparable](perMinute, burst int) *Burst[K] {
	if perMinute <= 0 {
		return nil
	}
	burst = max(burst, 1)
	perSec := rate.Limit(float64(perMinute) / 60)
	return &Burst[K]{perSec: perSec, burst: burst, buckets: map[K]*burstBucket{},
		fullAfter: time.Duration(float64(burst) / float64(perSec) * float64(time.Second))}
}

// Take spends one of key's tokens at now. It returns zero when the request
// may go ahead, else how long until a token is back; first is true for the
// first refusal after key last got through, so that a caller can record one
// event per run of refusals. A nil Burst allows everything.
func (l *Burst[K]) Take(key K, now time.Time) (wait time.Duration, first bool) {
	if l == nil {
		return 0, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	b, ok := l.buckets[key]
	if !ok {
		b = &burstBucket{lim: rate.NewLimiter(l.perSec, l.burst)}
		l.buckets[key] = b
	}
	b.seen = now
	if b.lim.AllowN(now, 1) {
		b.refused = false
		return 0, false
	}
	r := b.lim.ReserveN(now, 1)
	wait = r.DelayFrom(now)
	r.CancelAt(now)
	first, b.refused = !b.refused, true
	return max(wait, time.Millisecond), first
}

// sweep forgets, once a minute, the buckets that have filled up again: a
// full bucket is the same as a new one.
func (l *Burst[K]) sweep(now time.Time) {
	if now.Sub(l.swept) < time.Minute {
		return
	}
	for k, b := range l.buckets {
		if now.Sub(b.seen) >= l.fullAfter {
			delete(l.buckets, k)
		}
	}
	l.swept = now
}
