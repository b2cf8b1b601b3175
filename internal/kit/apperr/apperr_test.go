package apperr_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"propmatch/internal/kit/apperr"
)

func TestWrap(t *testing.T) {
	deadline := fmt.Errorf("query: %w", context.DeadlineExceeded)
	for _, tc := range []struct {
		name string
		err  error
		want apperr.Code
	}{
		{"AnUnknownErrorIsInternal", errors.New("disk on fire"), apperr.Internal},
		{"AMissedDeadlineIsUnavailable", deadline, apperr.Unavailable},
		{"AMissedDeadlineWrappedTwiceIsUnavailable", apperr.Wrap(deadline, "inner"), apperr.Unavailable},
		{"AnErrorWithACodeKeepsIt", apperr.New(apperr.NotFound, "No such listing"), apperr.NotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := apperr.Wrap(tc.err, "outer")
			if got := apperr.CodeOf(err); got != tc.want {
				t.Fatalf("CodeOf(Wrap(%v)) = %s, want %s", tc.err, got, tc.want)
			}
			if msg := apperr.MessageOf(err); strings.Contains(msg, "deadline") || strings.Contains(msg, "disk") {
				t.Errorf("the message shows internals: %q", msg)
			}
		})
	}
}
