package jobs

import (
	"fmt"
	"time"
)

// Kind is one kind of background job a package runs, as that package's
// Jobs method lists it; services.New adds every package's kinds to the one
// queue in one loop (Queue.Add). Exactly one of Run, Prepare and Long is set.
type Kind struct {
	// Name is the kind's name in the jobs table, such as "match_property".
	Name string
	// Run runs a job in the job's transaction.
	Run Handler
	// Prepare runs first, outside the job's transaction, and returns the
	// Handler that finishes the job in it.
	Prepare Prepare
	// Long runs a job of minutes outside any transaction (see LongHandler),
	// with Lease as its lease when that is longer than the queue's.
	Long  LongHandler
	Lease time.Duration
}

// Add makes q run every kind. A kind with no runner or with two, or a name
// added twice, is a programming error: Add panics, so the server does not
// start with a job nobody runs.
func (q *Queue) Add(kinds ...Kind) {
	for _, k := range kinds {
		set := 0
		for _, ok := range []bool{k.Run != nil, k.Prepare != nil, k.Long != nil} {
			if ok {
				set++
			}
		}
		if k.Name == "" || set != 1 {
			panic(fmt.Sprintf("jobs: kind %q needs exactly one of Run, Prepare and Long", k.Name))
		}
		if q.handler(k.Name) != nil {
			panic(fmt.Sprintf("jobs: kind %q added twice", k.Name))
		}
		if _, ok := q.longHandler(k.Name); ok {
			panic(fmt.Sprintf("jobs: kind %q added twice", k.Name))
		}
		switch {
		case k.Run != nil:
			q.Register(k.Name, k.Run)
		case k.Prepare != nil:
			q.RegisterPrepared(k.Name, k.Prepare)
		default:
			q.RegisterLong(k.Name, k.Lease, k.Long)
		}
	}
}
