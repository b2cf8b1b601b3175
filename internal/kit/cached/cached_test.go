package cached_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"propmatch/internal/kit/cached"
)

func TestValue(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	loads := 0
	fail := false
	v := &cached.Value[int]{For: 5 * time.Second, Now: func() time.Time { return now },
		Load: func(context.Context) (int, error) {
			loads++
			if fail {
				return 0, errors.New("down")
			}
			return loads, nil
		}}
	for _, step := range []struct {
		name      string
		advance   time.Duration
		fail      bool
		want      int
		wantErr   bool
		wantLoads int
	}{
		{"FirstGetLoads", 0, false, 1, false, 1},
		{"FreshValueIsKept", 4 * time.Second, false, 1, false, 1},
		{"StaleValueIsReloaded", 2 * time.Second, false, 2, false, 2},
		{"FailedLoadIsNotKept", 6 * time.Second, true, 0, true, 3},
		{"NextGetTriesAgain", 0, false, 4, false, 4},
		{"ClockGoingBackReloads", -time.Minute, false, 5, false, 5},
	} {
		t.Run(step.name, func(t *testing.T) {
			now = now.Add(step.advance)
			fail = step.fail
			got, err := v.Get(context.Background())
			if (err != nil) != step.wantErr || got != step.want || loads != step.wantLoads {
				t.Errorf("Get = %d, %v after %d loads; want %d (error %v) after %d", got, err, loads, step.want, step.wantErr, step.wantLoads)
			}
		})
	}
}

func TestValueConcurrentCallersShareOneLoad(t *testing.T) {
	var mu sync.Mutex
	loads := 0
	v := &cached.Value[int]{For: time.Minute, Load: func(context.Context) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		loads++
		time.Sleep(10 * time.Millisecond)
		return 7, nil
	}}
	var wg sync.WaitGroup
	for range 100 {
		wg.Go(func() {
			if got, err := v.Get(context.Background()); got != 7 || err != nil {
				t.Errorf("Get = %d, %v", got, err)
			}
		})
	}
	wg.Wait()
	if loads != 1 {
		t.Errorf("100 concurrent callers caused %d loads, want 1", loads)
	}
}
