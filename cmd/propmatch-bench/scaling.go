package main

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// scaling drains the same burst on copies of the PostgreSQL market at
// dbURL: one instance with one queue worker, one with four, and two
// instances with two each (issue 24: jobs in parallel, no global lock).
func (m measurement) scaling(ctx context.Context, dbURL string) error {
	fmt.Println("  the same burst on copies of this market:")
	var rows []map[string]any
	for _, c := range []struct {
		instances, workers int
	}{{1, 1}, {1, 4}, {2, 2}} {
		copyURL, drop, err := copyPostgres(dbURL)
		if err != nil {
			return err
		}
		runs := make([]*run, c.instances)
		for i := range runs {
			if runs[i], err = newRun(ctx, copyURL, m.log, c.workers); err != nil {
				drop()
				return err
			}
		}
		if rows == nil {
			rows, err = runs[0].burstSamples(ctx, m.burst)
		}
		var results []result
		if err == nil {
			results, err = runs[0].burst(ctx, rows, probeEvery)
		}
		for _, r := range runs {
			r.close()
		}
		drop()
		if err != nil {
			return err
		}
		drain := results[1]
		drain.name = fmt.Sprintf("  %d instance(s) × %d worker(s): drained", c.instances, c.workers)
		runs[0].report(drain, nil)
	}
	return nil
}

// copyPostgres copies the database at dbURL (which nobody may be connected
// to) into a new one on the same server, and returns its URL and a
// function that drops it.
func copyPostgres(dbURL string) (string, func(), error) {
	u, err := url.Parse(dbURL)
	if err != nil {
		return "", nil, err
	}
	from := strings.TrimPrefix(u.Path, "/")
	name := fmt.Sprintf("%s_copy_%d", from, time.Now().UnixNano()%1_000_000)
	return createOnServer(u, name, "CREATE DATABASE "+name+" TEMPLATE "+from)
}
