package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"propmatch/internal/feature/property"
	"propmatch/internal/feature/requirement"
	"propmatch/internal/httpapi"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/events"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/services"
)

// run is one benchmark database with PropMatch's services and an HTTP server on it.
type run struct {
	db    *store.DB
	bus   events.Bus
	props *property.Service
	reqs  *requirement.Service
	auth  *auth.Service
	srv   *http.Server
	base  string
	rng   *rand.Rand
	// stopQueue stops the job queue's workers and waits for them.
	stopQueue func()
}

// benchChunkTime is the -chunk-time flag.
var benchChunkTime time.Duration

// newRun opens dbURL with the services and an HTTP server on it; its job
// queue runs workers workers (0: the default).
func newRun(ctx context.Context, dbURL string, log *slog.Logger, workers int) (*run, error) {
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		return nil, err
	}
	bus, err := services.EventBus(ctx, db, dbURL, log)
	if err != nil {
		return nil, errors.Join(err, db.Close())
	}
	outbox := &outbound.DBOutbox{DB: db}
	// The benchmark measures no password hashing: its agents sign in cheaply.
	cfg := auth.DefaultConfig()
	cfg.Argon = auth.Argon2Params{Memory: 1024, Time: 1, Threads: 1}
	set := services.New(db, services.Options{Auth: cfg, OTP: &outbound.DevWhatsApp{Store: outbox}, Mail: &outbound.DevMailer{Store: outbox},
		Events: bus, Log: log, Queue: jobs.Config{Workers: workers}, MatchingChunkTime: benchChunkTime})
	r := &run{db: db, bus: bus, props: set.Properties, reqs: set.Requirements, auth: set.Auth,
		rng: rand.New(rand.NewPCG(1, 2))} //nolint:gosec // G404: repeatable samples; nothing here is secret
	// The queue's workers match in the background, as in `propmatch serve`.
	queueCtx, cancelQueue := context.WithCancel(context.WithoutCancel(ctx))
	queued := make(chan struct{})
	go func() { defer close(queued); set.Queue.Run(queueCtx) }()
	r.stopQueue = func() { cancelQueue(); <-queued }
	h := httpapi.New(httpapi.Deps{DB: db, Set: set, Log: log})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, errors.Join(err, bus.Close(), db.Close())
	}
	r.base = "http://" + ln.Addr().String()
	r.srv = &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := r.srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			warn("serve", err)
		}
	}()
	return r, nil
}

func (r *run) close() {
	r.stopQueue()
	warn("close", errors.Join(r.bus.Close(), r.srv.Close(), r.db.Close()))
}

// result is a set of timed operations.
type result struct {
	name  string
	lat   []time.Duration
	wall  time.Duration
	bytes int64         // response bytes read, for read loads
	cpu   time.Duration // CPU time of the whole process (server and clients), for read loads
	note  string        // printed after the figures
}

func (r *run) report(res result, err error) {
	if err != nil {
		fmt.Printf("  %-40s failed: %v\n", res.name, err)
		return
	}
	slices.Sort(res.lat)
	n := len(res.lat)
	if n == 0 {
		fmt.Printf("  %-40s no samples\n", res.name)
		return
	}
	var sum time.Duration
	for _, l := range res.lat {
		sum += l
	}
	pct := func(p float64) time.Duration { return res.lat[min(n-1, int(float64(n)*p))] }
	size := ""
	if res.bytes > 0 {
		size = fmt.Sprintf("  %.1f kB/response, %s CPU/request", float64(res.bytes)/float64(n)/1000, round(res.cpu/time.Duration(n)))
	}
	fmt.Printf("  %-40s n=%-6d p50=%-9s p99=%-9s max=%-9s mean=%-9s %8.0f ops/s%s\n", res.name, n,
		round(pct(0.50)), round(pct(0.99)), round(res.lat[n-1]), round(sum/time.Duration(n)), float64(n)/res.wall.Seconds(), size+res.note)
}

func round(d time.Duration) string {
	if d < time.Millisecond {
		return d.Round(time.Microsecond).String()
	}
	return d.Round(10 * time.Microsecond).String()
}

// samples returns k random rows of query's result, each as a map.
func (r *run) samples(ctx context.Context, query string, k int) ([]map[string]any, error) {
	rows, err := r.db.QueryContext(ctx, query+` ORDER BY random() LIMIT $1`, k)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out []map[string]any
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		m := map[string]any{}
		for i, c := range cols {
			if b, ok := vals[i].([]byte); ok {
				vals[i] = string(b)
			}
			m[c] = vals[i]
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// decodeJSONColumns turns the JSON list columns of a sampled row back into
// lists; an empty or NULL column gives none.
func decodeJSONColumns(m map[string]any, keys ...string) error {
	for _, k := range keys {
		var v []string
		if s, _ := m[k].(string); s != "" {
			if err := json.Unmarshal([]byte(s), &v); err != nil {
				return fmt.Errorf("column %s: %w", k, err)
			}
		}
		m[k] = v
	}
	return nil
}

func as[T any](m map[string]any) (T, error) {
	var v T
	b, err := json.Marshal(m)
	if err != nil {
		return v, err
	}
	return v, json.Unmarshal(b, &v)
}

// createRequirements creates k requirements modelled on random existing ones.
func (r *run) createRequirements(ctx context.Context, k int) (result, error) {
	res := result{name: "create requirement (queues matching)"}
	rows, err := r.samples(ctx, `SELECT agent_id AS "agentId", client_name AS "clientName", property_types AS "propertyTypes",
		listing_purpose AS "listingPurpose", min_price AS "minPrice", max_price AS "maxPrice", preferred_state AS "preferredState",
		preferred_cities AS "preferredCities", preferred_localities AS "preferredLocalities", min_bedrooms AS "minBedrooms",
		timeline FROM requirements WHERE 1 = 1`, k)
	if err != nil {
		return res, err
	}
	start := time.Now()
	for _, m := range rows {
		if err := decodeJSONColumns(m, "propertyTypes", "preferredCities", "preferredLocalities"); err != nil {
			return res, err
		}
		m["clientPhone"] = fmt.Sprintf("9%09d", r.rng.IntN(1_000_000_000))
		in, err := as[requirement.Input](m)
		if err != nil {
			return res, err
		}
		t := time.Now()
		if _, err := r.reqs.Create(ctx, toInt(m["agentId"]), in); err != nil {
			return res, err
		}
		res.lat = append(res.lat, time.Since(t))
	}
	res.wall = time.Since(start)
	return res, nil
}

// loadRead signs in the agents with the most matches and has workers read
// path as them, as fast as they can, for d.
func (r *run) loadRead(ctx context.Context, call string, workers int, d time.Duration) (result, error) {
	clients, err := r.signIn(ctx, workers)
	if err != nil {
		return result{name: call}, err
	}
	return r.hammer(call, clients, d)
}

// hammer has each client read call's path as fast as it can, for d.
func (r *run) hammer(call string, clients []*http.Client, d time.Duration) (result, error) {
	res := result{name: call + fmt.Sprintf(" x%d", len(clients))}
	path := strings.TrimPrefix(call, "GET ")
	var mu sync.Mutex
	var wg sync.WaitGroup
	var failed error
	deadline := time.Now().Add(d)
	start := time.Now()
	cpu, err := cpuTime()
	if err != nil {
		return res, err
	}
	for _, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var lat []time.Duration
			var read int64
			for time.Now().Before(deadline) {
				t := time.Now()
				resp, err := c.Get(r.base + path)
				if err == nil {
					var n int64
					n, err = discard(resp)
					read += n
					if err == nil && resp.StatusCode != 200 {
						err = fmt.Errorf("%s answered %d", path, resp.StatusCode)
					}
				}
				if err != nil {
					mu.Lock()
					failed = err
					mu.Unlock()
					return
				}
				lat = append(lat, time.Since(t))
			}
			mu.Lock()
			res.lat = append(res.lat, lat...)
			res.bytes += read
			mu.Unlock()
		}()
	}
	wg.Wait()
	res.wall = time.Since(start)
	end, err := cpuTime()
	res.cpu = end - cpu
	return res, errors.Join(failed, err)
}

// cpuTime returns the CPU time (user and system) this process has used.
func cpuTime() (time.Duration, error) {
	var ru syscall.Rusage
	err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), err
}

// discard reads resp's body to the end, so that its connection is reused,
// and closes it. It returns how many bytes it read.
func discard(resp *http.Response) (int64, error) {
	n, err := io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close() // only read: the copy says whether the body arrived
	return n, err
}

// signIn returns n HTTP clients signed in as the agents with the most buyer
// matches. Generated agents have no usable password, so the benchmark gives
// them one first.
func (r *run) signIn(ctx context.Context, n int) ([]*http.Client, error) {
	const password = "Bench-Password-2026"
	if _, err := r.auth.CreateUser(ctx, auth.NewUser{Username: "bench_user", Password: password, FullName: "Bench",
		Phone: "+919999912345", AgentType: "both", State: "Karnataka", City: "Bengaluru"}); err != nil && apperr.CodeOf(err) != apperr.Conflict {
		return nil, err
	}
	rows, err := r.db.QueryContext(ctx, `SELECT u.username FROM users u JOIN (SELECT buyer_agent_id, COUNT(*) AS c FROM matches
		GROUP BY buyer_agent_id ORDER BY c DESC LIMIT $1) top ON top.buyer_agent_id = u.id`, n)
	if err != nil {
		return nil, err
	}
	names, err := store.Collect(rows, func(rows *sql.Rows, name *string) error { return rows.Scan(name) })
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no agent has matches")
	}
	if _, err := r.db.ExecContext(ctx, `UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE username = 'bench_user')
		WHERE username IN (`+store.Placeholders(1, len(names))+`)`, anySlice(names)...); err != nil {
		return nil, err
	}
	var clients []*http.Client
	for i := 0; i < n; i++ {
		c, err := r.login(names[i%len(names)], password, 30*time.Second)
		if err != nil {
			return nil, err
		}
		clients = append(clients, c)
	}
	return clients, nil
}

// login returns a client signed in as username (timeout 0: none, for streams).
func (r *run) login(username, password string, timeout time.Duration) (*http.Client, error) {
	jar, _ := cookiejar.New(nil)
	// A list page is tens of kilobytes; read it in large pieces, as browsers
	// do, rather than Go's default 4 kB (a read system call each).
	c := &http.Client{Jar: jar, Timeout: timeout, Transport: &http.Transport{MaxIdleConnsPerHost: 4, ReadBufferSize: 64 << 10}}
	body := fmt.Sprintf(`{"username":%q,"password":%q}`, username, password)
	resp, err := c.Post(r.base+"/api/login", "application/json", strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	if _, err := discard(resp); err != nil {
		return nil, err
	}
	if resp.StatusCode != 200 {
		return nil, fmt.Errorf("sign-in of %s answered %d", username, resp.StatusCode)
	}
	return c, nil
}

func anySlice[T any](v []T) []any {
	out := make([]any, len(v))
	for i := range v {
		out[i] = v[i]
	}
	return out
}

func toFloat(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case int64:
		return float64(x)
	}
	return 0
}

func toInt(v any) int64 {
	switch x := v.(type) {
	case int64:
		return x
	case float64:
		return int64(x)
	}
	return 0
}

// postgresDatabase creates a fresh database on BENCH_DATABASE_URL's server.
func postgresDatabase(n int) (string, func(), error) {
	base := os.Getenv("BENCH_DATABASE_URL")
	if base == "" {
		return "", nil, fmt.Errorf("BENCH_DATABASE_URL is not set")
	}
	u, err := url.Parse(base)
	if err != nil {
		return "", nil, fmt.Errorf("BENCH_DATABASE_URL: %w", err)
	}
	name := fmt.Sprintf("propmatch_bench_%d_%d", n, os.Getpid())
	return createOnServer(u, name, "CREATE DATABASE "+name)
}

// createOnServer runs create, which creates database name, on
// BENCH_DATABASE_URL's server, and returns u pointed at name and a
// function that drops it.
func createOnServer(u *url.URL, name, create string) (string, func(), error) {
	admin, err := store.Open(context.Background(), os.Getenv("BENCH_DATABASE_URL"))
	if err != nil {
		return "", nil, err
	}
	if _, err := admin.Exec(create); err != nil {
		return "", nil, errors.Join(err, admin.Close())
	}
	u.Path = "/" + name
	return u.String(), func() {
		_, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		warn("drop database "+name, errors.Join(err, admin.Close()))
	}, nil
}
