package auth

import (
	"context"
	"time"
)

// maxJobs is how many background jobs run at once; jobDeadline bounds each.
const (
	maxJobs     = 16
	jobDeadline = 30 * time.Second
)

// jobQueue runs work after a request has been answered. Each running job
// holds one of its slots.
type jobQueue struct {
	slots chan struct{}
	// hold, when set (tests), takes each job instead of running it.
	hold func(job func(ctx context.Context))
}

// later runs job in the background on a context that outlives the request
// (its values kept, its cancellation not) with a deadline of its own, so
// that the answer neither waits for the job nor shows how long it took.
// When maxJobs jobs are running it waits for a slot, or gives the job up
// (logged) if the request ends first.
func (s *Service) later(ctx context.Context, what string, job func(ctx context.Context)) {
	if s.jobs.hold != nil {
		s.jobs.hold(job)
		return
	}
	select {
	case s.jobs.slots <- struct{}{}:
	default:
		select { // full: wait for a slot while the request lasts
		case s.jobs.slots <- struct{}{}:
		case <-ctx.Done():
			s.log.ErrorContext(ctx, "background job dropped: the queue is full", "job", what)
			return
		}
	}
	detached := context.WithoutCancel(ctx)
	go func() {
		defer func() { <-s.jobs.slots }()
		jobCtx, cancel := context.WithTimeout(detached, jobDeadline)
		defer cancel()
		job(jobCtx)
	}()
}

// Drain waits until every background job (reset-code and notice emails)
// has finished, or ctx ends. Call it before exiting, after the server has
// stopped taking requests; tests call it before reading what was sent.
func (s *Service) Drain(ctx context.Context) error {
	// Holding every slot means no job is running.
	taken := 0
	defer func() {
		for ; taken > 0; taken-- {
			<-s.jobs.slots
		}
	}()
	for taken < cap(s.jobs.slots) {
		select {
		case s.jobs.slots <- struct{}{}:
			taken++
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}
