package limits_test

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"propmatch/internal/platform/limits"
)

func TestBurstAllowsABurstPerKeyThenWaits(t *testing.T) {
	now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	l := limits.NewBurst[string](60, 3) // one a second, bursts of three
	for i := range 3 {
		if wait, _ := l.Take("a", now); wait != 0 {
			t.Fatalf("take %d waited %v, want none within the burst", i+1, wait)
		}
	}
	wait, first := l.Take("a", now)
	if wait <= 0 || wait > time.Second || !first {
		t.Fatalf("fourth take: wait %v first %v, want up to a second and the first refusal", wait, first)
	}
	if _, first := l.Take("a", now); first {
		t.Error("a second refusal in a row was reported as the first")
	}
	if wait, _ := l.Take("b", now); wait != 0 {
		t.Errorf("another key waited %v: keys must not share a bucket", wait)
	}
	if wait, _ := l.Take("a", now.Add(time.Second)); wait != 0 {
		t.Errorf("a second later the key still waits %v", wait)
	}
}

func TestBurstOffAllowsEverything(t *testing.T) {
	l := limits.NewBurst[int64](0, 5)
	for range 100 {
		if wait, _ := l.Take(1, time.Now()); wait != 0 {
			t.Fatal("a limiter turned off refused a request")
		}
	}
}

func TestBurstHoldsUnder100ConcurrentTakes(t *testing.T) {
	l := limits.NewBurst[int64](1, 10) // one a minute: no refill during the test
	now := time.Now()
	var allowed atomic.Int32
	var wg sync.WaitGroup
	for range 100 {
		wg.Go(func() {
			if wait, _ := l.Take(7, now); wait == 0 {
				allowed.Add(1)
			}
		})
	}
	wg.Wait()
	if got := allowed.Load(); got != 10 {
		t.Fatalf("%d of 100 concurrent takes allowed, want the burst of 10", got)
	}
}
