package services

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"propmatch/internal/kit/events"
)

// failingBus records the context of each Publish and fails it.
type failingBus struct {
	events.Bus
	ctxErr []error
}

func (b *failingBus) Publish(ctx context.Context, _ []int64, _ events.Event) error {
	b.ctxErr = append(b.ctxErr, ctx.Err())
	return errors.New("notify: connection refused")
}

// The write a service publishes has committed: publishing outlives the
// request's cancellation, and a failure is logged rather than returned.
func TestPublisherOutlivesTheRequestAndLogsFailures(t *testing.T) {
	bus := &failingBus{}
	var logged bytes.Buffer
	p := publisher{bus: bus, log: slog.New(slog.NewTextHandler(&logged, nil))}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p.Publish(ctx, []int64{1, 2}, events.New(events.Message, map[string]int{"id": 7}))
	if len(bus.ctxErr) != 1 || bus.ctxErr[0] != nil {
		t.Errorf("bus saw context errors %v, want one publish with a live context", bus.ctxErr)
	}
	if got := logged.String(); !strings.Contains(got, "publish event") || !strings.Contains(got, "type=message") {
		t.Errorf("log = %q, want the failed publish with its type", got)
	}
}
