package apperr_test

import (
	"testing"
	"time"

	"propmatch/internal/kit/apperr"
)

func TestWait(t *testing.T) {
	cases := []struct {
		d    time.Duration
		want string
	}{
		{time.Millisecond, "1 second"},
		{time.Second, "1 second"},
		{1500 * time.Millisecond, "2 seconds"},
		{59 * time.Second, "59 seconds"},
		{time.Minute, "1 minute"},
		{61 * time.Second, "2 minutes"},
		{time.Hour, "1 hour"},
		{time.Hour + 5*time.Minute, "1 hour 5 minutes"},
		{4*time.Hour - time.Second, "4 hours"},
		{7 * 24 * time.Hour, "7 days"},
		{6*24*time.Hour + 3*time.Hour + 10*time.Minute, "6 days 3 hours"},
		{24*time.Hour + time.Hour, "1 day 1 hour"},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			if got := apperr.Wait(c.d); got != c.want {
				t.Errorf("Wait(%v) = %q, want %q", c.d, got, c.want)
			}
		})
	}
}
