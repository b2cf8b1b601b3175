package limits

import (
	"sync"
	"testing"
	"time"
)

func TestFixed(t *testing.T) {
	f := NewFixed[int64](3, time.Minute)
	now := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	for i, want := range []int{2, 1, 0} {
		ok, rem, reset := f.Take(1, now.Add(time.Duration(i)*time.Second))
		if !ok || rem != want || reset != time.Minute-time.Duration(i)*time.Second {
			t.Fatalf("take %d = %v %d %v", i, ok, rem, reset)
		}
	}
	if ok, rem, reset := f.Take(1, now.Add(10*time.Second)); ok || rem != 0 || reset != 50*time.Second {
		t.Fatalf("fourth take = %v %d %v, want refused with 50s left", ok, rem, reset)
	}
	if ok, _, _ := f.Take(2, now.Add(10*time.Second)); !ok {
		t.Fatal("another key shares the window")
	}
	if ok, rem, _ := f.Take(1, now.Add(time.Minute)); !ok || rem != 2 {
		t.Fatalf("the next window = %v %d", ok, rem)
	}
}

func TestFixedConcurrent(t *testing.T) {
	f := NewFixed[int64](10, time.Minute)
	now := time.Now()
	var mu sync.Mutex
	allowed := 0
	var wg sync.WaitGroup
	for range 100 {
		wg.Go(func() {
			if ok, _, _ := f.Take(7, now); ok {
				mu.Lock()
				allowed++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if allowed != 10 {
		t.Fatalf("%d of 100 concurrent requests allowed, want 10", allowed)
	}
}
