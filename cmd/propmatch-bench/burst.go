package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"propmatch/internal/feature/property"
)

// Issue 24's figures: how fast a burst of listings is matched, how fresh a
// dense listing's matches are on an idle queue, and what any other write
// pays while a burst drains.

// densestCity returns the city key with the most active requirement targets.
func (r *run) densestCity(ctx context.Context) (string, error) {
	var city string
	err := r.db.QueryRowContext(ctx, `SELECT city_key FROM requirement_targets GROUP BY city_key ORDER BY COUNT(*) DESC LIMIT 1`).Scan(&city)
	return city, err
}

// burstSamples returns k listings modelled on existing ones, the first
// half in the densest city and the rest anywhere.
func (r *run) burstSamples(ctx context.Context, k int) ([]map[string]any, error) {
	dense, err := r.denseSamples(ctx, k/2)
	if err != nil {
		return nil, err
	}
	rest, err := r.listingSamples(ctx, k-len(dense))
	return append(dense, rest...), err
}

// denseSamples returns k listings modelled on existing ones in the densest city.
func (r *run) denseSamples(ctx context.Context, k int) ([]map[string]any, error) {
	city, err := r.densestCity(ctx)
	if err != nil {
		return nil, err
	}
	var out []map[string]any
	for len(out) < k { // a small market may hold fewer listings there than k
		rows, err := r.listingSamplesWhere(ctx, "city_key = '"+strings.ReplaceAll(city, "'", "''")+"'", k-len(out))
		if err != nil || len(rows) == 0 {
			return out, err
		}
		out = append(out, rows...)
	}
	return out, nil
}

// probe writes every `every` until stop closes, timing each write: nine
// bare inserts, then a listing create (its matching job joins the queue).
type probe struct {
	bare, create result
}

func (r *run) probe(ctx context.Context, every time.Duration, stop <-chan struct{}) (*probe, error) {
	p := &probe{bare: result{name: "  bare insert"}, create: result{name: "  create listing"}}
	// The probe's listings are in the sparsest cities, so that its own
	// matching adds little to the burst it measures.
	rows, err := r.listingSamplesWhere(ctx, `city_key IN (SELECT city_key FROM requirement_targets GROUP BY city_key
		ORDER BY COUNT(*) LIMIT 50)`, 2000)
	if err != nil {
		return nil, err
	}
	var ids []string
	start := time.Now()
	for i := 0; ; i++ {
		select {
		case <-stop:
			p.bare.wall, p.create.wall = time.Since(start), time.Since(start)
			if len(ids) > 0 {
				_, err = r.db.ExecContext(ctx, `DELETE FROM properties WHERE id IN (`+strings.Join(ids, ", ")+`)`)
			}
			return p, err
		case <-time.After(every):
		}
		m := rows[i%len(rows)]
		t := time.Now()
		if i%10 != 9 { // nine bare inserts, then a create
			id, err := r.bareInsert(ctx, m)
			if err != nil {
				return p, err
			}
			p.bare.lat = append(p.bare.lat, time.Since(t))
			ids = append(ids, fmt.Sprint(id))
			continue
		}
		in, err := as[property.Input](m)
		if err != nil {
			return p, err
		}
		if _, err := r.props.Create(ctx, toInt(m["agentId"]), in); err != nil {
			return p, err
		}
		p.create.lat = append(p.create.lat, time.Since(t))
	}
}

// idleWrites times n bare inserts and n listing creates on an idle queue:
// each create's matching job is waited for (untimed) before the next write.
func (r *run) idleWrites(ctx context.Context, n int) (*probe, error) {
	p := &probe{bare: result{name: "  idle: bare insert"}, create: result{name: "  idle: create listing"}}
	rows, err := r.listingSamples(ctx, n)
	if err != nil {
		return nil, err
	}
	var ids []string
	start := time.Now()
	for _, m := range rows {
		if err := r.waitDrained(ctx); err != nil {
			return nil, err
		}
		t := time.Now()
		id, err := r.bareInsert(ctx, m)
		if err != nil {
			return nil, err
		}
		p.bare.lat = append(p.bare.lat, time.Since(t))
		ids = append(ids, fmt.Sprint(id))
		in, err := as[property.Input](m)
		if err != nil {
			return nil, err
		}
		t = time.Now()
		if _, err := r.props.Create(ctx, toInt(m["agentId"]), in); err != nil {
			return nil, err
		}
		p.create.lat = append(p.create.lat, time.Since(t))
	}
	p.bare.wall, p.create.wall = time.Since(start), time.Since(start)
	if len(ids) > 0 {
		_, err = r.db.ExecContext(ctx, `DELETE FROM properties WHERE id IN (`+strings.Join(ids, ", ")+`)`)
	}
	return p, errors.Join(err, r.waitDrained(ctx))
}

// burst creates k listings back to back (half in the densest city) while
// the probe writes every probeEvery, and waits until their matching is
// done: the matches written per second from the first create to the
// drain, and the probe's latencies meanwhile.
func (r *run) burst(ctx context.Context, rows []map[string]any, probeEvery time.Duration) ([]result, error) {
	create := result{name: fmt.Sprintf("burst of %d listings: create", len(rows))}
	drain := result{name: fmt.Sprintf("burst of %d listings: first create → drained", len(rows))}
	var lastMatch int64
	if err := r.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM matches`).Scan(&lastMatch); err != nil {
		return nil, err
	}
	stop := make(chan struct{})
	var p *probe
	var probeErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); p, probeErr = r.probe(ctx, probeEvery, stop) }()
	start := time.Now()
	for _, m := range rows {
		in, err := as[property.Input](m)
		if err != nil {
			close(stop)
			return nil, err
		}
		t := time.Now()
		if _, err := r.props.Create(ctx, toInt(m["agentId"]), in); err != nil {
			close(stop)
			return nil, err
		}
		create.lat = append(create.lat, time.Since(t))
	}
	create.wall = time.Since(start)
	err := r.waitDrained(ctx)
	drain.wall = time.Since(start)
	close(stop)
	wg.Wait()
	if err != nil || probeErr != nil {
		return nil, fmt.Errorf("burst: %w %v", err, probeErr)
	}
	drain.lat = []time.Duration{drain.wall}
	var written int64
	if err := r.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM matches WHERE id > $1`, lastMatch).Scan(&written); err != nil {
		return nil, err
	}
	drain.note = fmt.Sprintf("  %d matches written, %.0f matches/s", written, float64(written)/drain.wall.Seconds())
	p.bare.name, p.create.name = "  during it: bare insert", "  during it: create listing"
	return []result{create, drain, p.bare, p.create}, r.waitDrained(ctx)
}

// denseFreshness creates k listings in the densest city, each on an idle
// queue, and times each from its commit to its matches readable.
func (r *run) denseFreshness(ctx context.Context, k int) (result, error) {
	res := result{name: "dense listing, idle queue: commit → readable"}
	rows, err := r.denseSamples(ctx, k)
	if err != nil {
		return res, err
	}
	var made int
	start := time.Now()
	for _, m := range rows {
		if err := r.waitDrained(ctx); err != nil {
			return res, err
		}
		in, err := as[property.Input](m)
		if err != nil {
			return res, err
		}
		p, err := r.props.Create(ctx, toInt(m["agentId"]), in)
		if err != nil {
			return res, err
		}
		committed := time.Now()
		n, err := r.waitMatched(ctx, p.ID)
		if err != nil {
			return res, err
		}
		made += n
		res.lat = append(res.lat, time.Since(committed))
	}
	res.wall = time.Since(start)
	if len(rows) > 0 {
		res.note = fmt.Sprintf("  %d matches each on average", made/len(rows))
	}
	return res, nil
}

// machine returns the process's resident memory (now and at its peak) and
// the machine's load average, for the report.
func machine() string {
	status, _ := os.ReadFile("/proc/self/status")
	var rss, peak string
	for _, line := range strings.Split(string(status), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "VmRSS:" {
			rss = f[1]
		}
		if len(f) >= 2 && f[0] == "VmHWM:" {
			peak = f[1]
		}
	}
	load, _ := os.ReadFile("/proc/loadavg")
	l := strings.Fields(string(load))
	if len(l) > 3 {
		l = l[:3]
	}
	return fmt.Sprintf("RSS %s kB (peak %s kB), load average %s", rss, peak, strings.Join(l, " "))
}
