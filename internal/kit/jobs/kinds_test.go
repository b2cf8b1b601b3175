package jobs

import (
	"context"
	"database/sql"
	"testing"

	"propmatch/internal/kit/store"
)

func TestAddRegistersEachKindOnceWithOneRunner(t *testing.T) {
	run := func(context.Context, *sql.Tx, Job) (func(context.Context), error) { return nil, nil }
	prepare := func(context.Context, Job) (Handler, error) { return run, nil }
	long := func(context.Context, Job) error { return nil }
	for _, tc := range []struct {
		name      string
		kinds     []Kind
		wantPanic bool
	}{
		{"one of each runner", []Kind{{Name: "a", Run: run}, {Name: "b", Prepare: prepare}, {Name: "c", Long: long}}, false},
		{"no runner", []Kind{{Name: "a"}}, true},
		{"two runners", []Kind{{Name: "a", Run: run, Long: long}}, true},
		{"no name", []Kind{{Run: run}}, true},
		{"a name twice", []Kind{{Name: "a", Run: run}, {Name: "a", Prepare: prepare}}, true},
		{"a long name twice", []Kind{{Name: "a", Long: long}, {Name: "a", Long: long}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := NewQueue(&store.DB{}, Config{})
			defer func() {
				if got := recover() != nil; got != tc.wantPanic {
					t.Fatalf("panicked = %v, want %v", got, tc.wantPanic)
				}
			}()
			q.Add(tc.kinds...)
			for _, k := range tc.kinds {
				_, isLong := q.longHandler(k.Name)
				if q.handler(k.Name) == nil && !isLong {
					t.Errorf("kind %q was not registered", k.Name)
				}
			}
		})
	}
}
