package main

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"
	"time"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/property"
)

// Issue 11's figures: a listing's write only queues its matching job, so
// its cost is set against a bare insert of the same row, and how soon its
// matches are readable is timed from the commit to its job's end.

// listingSamples returns k listings modelled on random existing ones (same
// agent, type, purpose, city and locality; price within ±20%).
func (r *run) listingSamples(ctx context.Context, k int) ([]map[string]any, error) {
	return r.listingSamplesWhere(ctx, "1 = 1", k)
}

// listingSamplesWhere is listingSamples among the listings where cond holds.
func (r *run) listingSamplesWhere(ctx context.Context, cond string, k int) ([]map[string]any, error) {
	rows, err := r.samples(ctx, `SELECT agent_id AS "agentId", title, property_type AS "propertyType",
		listing_purpose AS "listingPurpose", price, state, city, locality, bedrooms FROM properties WHERE `+cond, k)
	if err != nil {
		return nil, err
	}
	for _, m := range rows {
		m["price"] = toFloat(m["price"]) * (0.8 + 0.4*r.rng.Float64())
	}
	return rows, nil
}

// bareInsert stores m as a listing with a plain INSERT, nothing else.
func (r *run) bareInsert(ctx context.Context, m map[string]any) (int64, error) {
	now := r.db.Time()
	var id int64
	err := r.db.WithTx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `INSERT INTO properties (agent_id, title, property_type, listing_purpose, price, state, city,
			locality, bedrooms, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING id`,
			m["agentId"], m["title"], m["propertyType"], m["listingPurpose"], m["price"], m["state"], m["city"], m["locality"],
			m["bedrooms"], now).Scan(&id)
	})
	return id, err
}

// waitDrained waits until no matching job is pending or running (other
// kinds, such as the RERA reminders, wait for days).
func (r *run) waitDrained(ctx context.Context) error {
	kinds := "'" + strings.Join(matchengine.Kinds, "', '") + "'"
	for {
		var open int
		if err := r.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM jobs WHERE state IN ('pending', 'running') AND kind IN (`+kinds+`)`).Scan(&open); err != nil {
			return err
		}
		if open == 0 {
			return nil
		}
		// Not more often: at 2 ms this poll took a fifth of the two cores
		// the jobs it waits for run on.
		time.Sleep(20 * time.Millisecond)
	}
}

// freshness creates k listings, one every `every`, while workers clients
// read GET /api/matches, and times each from its commit to the moment its
// matches are readable (its job done: the job's matches and its end commit
// together).
func (r *run) freshness(ctx context.Context, k int, every time.Duration, workers int) ([]result, error) {
	res := result{name: fmt.Sprintf("commit → matches readable (1 per %s)", every)}
	rows, err := r.listingSamples(ctx, k)
	if err != nil {
		return nil, err
	}
	clients, err := r.signIn(ctx, workers)
	if err != nil {
		return nil, err
	}
	var reads result
	var readErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		reads, readErr = r.hammer("GET /api/matches?type=buyer", clients, time.Duration(k)*every)
		reads.name += " (during those creates)"
	}()
	start := time.Now()
	for i, m := range rows {
		time.Sleep(time.Until(start.Add(time.Duration(i) * every)))
		in, err := as[property.Input](m)
		if err != nil {
			return nil, err
		}
		p, err := r.props.Create(ctx, toInt(m["agentId"]), in)
		if err != nil {
			return nil, err
		}
		committed := time.Now()
		if _, err := r.waitMatched(ctx, p.ID); err != nil {
			return nil, err
		}
		res.lat = append(res.lat, time.Since(committed))
	}
	res.wall = time.Since(start)
	wg.Wait()
	return []result{res, reads}, readErr
}

// waitMatched waits until listing id's matching job is done, polling every
// 2 ms, and returns how many matches it has.
func (r *run) waitMatched(ctx context.Context, id int64) (int, error) {
	for {
		progress, err := matchengine.Progresses(ctx, r.db, matchengine.PropertySide, []int64{id})
		if err != nil {
			return 0, err
		}
		if progress[id].Matching == "done" {
			return *progress[id].MatchCount, nil
		}
		time.Sleep(2 * time.Millisecond)
	}
}
