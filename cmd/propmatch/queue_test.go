package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// These tests run the real server binary, built here, against one database:
// they prove issue 11's queue guarantees end to end (docs/decisions.md,
// "Matching in the background").

// matchLimit is the servers' PROPMATCH_MATCHES_PER_REQUIREMENT: small, so
// the burst pushes matches out and refills slots.
const matchLimit = 4

// buildServer builds the propmatch binary once per test binary.
var buildServer = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "propmatch-queue-test-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "propmatch")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// server is one running `propmatch serve`.
type server struct {
	t    *testing.T
	cmd  *exec.Cmd
	url  string
	logs *bytes.Buffer
	done chan struct{}
}

func startServer(t *testing.T, dbURL, dir string) *server {
	t.Helper()
	bin, err := buildServer()
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "serve", "--addr", addr)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "PROPMATCH_ENV=development",
		"PROPMATCH_SECRET=queue-test-secret-queue-test-secret-0123456789",
		"PROPMATCH_WRITES_PER_MINUTE=0", "PROPMATCH_CREATIONS_PER_DAY=0", "PROPMATCH_AUTH_RATE_PER_MINUTE=0",
		fmt.Sprintf("PROPMATCH_MATCHES_PER_REQUIREMENT=%d", matchLimit),
		"PROPMATCH_QUEUE_LEASE=2s", "PROPMATCH_QUEUE_WORKERS=2", "PROPMATCH_DRAIN_TIMEOUT=5s",
		// Small chunks: a kill falls between the committed chunks of a listing's job.
		"PROPMATCH_MATCHING_CHUNK=2")
	logs := &bytes.Buffer{}
	var mu sync.Mutex
	cmd.Stdout, cmd.Stderr = syncWriter{&mu, logs}, syncWriter{&mu, logs}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, cmd: cmd, url: "http://" + addr, logs: logs, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(s.done) }()
	t.Cleanup(func() {
		s.kill()
		if t.Failed() {
			mu.Lock()
			t.Logf("server %s log:\n%s", addr, logs.String())
			mu.Unlock()
		}
	})
	deadline := time.Now().Add(30 * time.Second)
	for {
		res, err := http.Get(s.url + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return s
			}
		}
		select {
		case <-s.done:
			t.Fatalf("the server exited at start:\n%s", logs.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server did not answer /healthz:\n%s", logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

type syncWriter struct {
	mu *sync.Mutex
	b  *bytes.Buffer
}

func (w syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

// kill ends the process with SIGKILL: no drain, no cleanup.
func (s *server) kill() {
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
}

// client is one agent's session.
type client struct {
	t    *testing.T
	http *http.Client
}

// call sends a JSON request to base and decodes the answer into out (when
// not nil); it returns the status, or an error when the server is gone.
func (c *client) call(base, method, path string, body, out any) (int, error) {
	var r *bytes.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		r = bytes.NewReader(j)
	} else {
		r = bytes.NewReader(nil)
	}
	req, err := http.NewRequest(method, base+path, r)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if out != nil {
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			return res.StatusCode, err
		}
	}
	return res.StatusCode, nil
}

// signUp registers an agent through the API (development mode echoes the code).
func signUp(t *testing.T, base string, i int) *client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &client{t: t, http: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
	phone := fmt.Sprintf("98%08d", 10000000+i)
	var otp struct{ OTP string }
	if st, err := c.call(base, "POST", "/api/send-otp", map[string]any{"phone": phone}, &otp); err != nil || st != 200 {
		t.Fatalf("send-otp: %d %v", st, err)
	}
	if st, err := c.call(base, "POST", "/api/verify-otp", map[string]any{"phone": phone, "otp": otp.OTP}, nil); err != nil || st != 200 {
		t.Fatalf("verify-otp: %d %v", st, err)
	}
	name := fmt.Sprintf("agent%d", i)
	reg := map[string]any{"username": name, "password": "Tr1cky-" + name + "-pass", "phone": phone, "email": "",
		"fullName": "Agent " + name, "agentType": "both", "state": "Telangana", "city": "Hyderabad"}
	if st, err := c.call(base, "POST", "/api/register", reg, nil); err != nil || st != 201 {
		t.Fatalf("register: %d %v", st, err)
	}
	return c
}

var (
	cities     = []string{"Hyderabad", "Warangal"}
	localities = []string{"Gachibowli", "Kondapur", "Madhapur"}
)

func listingBody(r *rand.Rand) map[string]any {
	return map[string]any{
		"title": "Flat", "propertyType": "apartment", "listingPurpose": "for_sale",
		"price": 6_000_000 + r.IntN(40)*100_000, "state": "Telangana", "city": cities[r.IntN(len(cities))],
		"locality": localities[r.IntN(len(localities))], "bedrooms": 1 + r.IntN(4),
	}
}

func requirementBody(r *rand.Rand) map[string]any {
	low := 5_500_000 + r.IntN(20)*100_000
	return map[string]any{
		"clientName": "Client", "clientPhone": "9876543210", "propertyTypes": []string{"apartment"}, "listingPurpose": "forSale",
		"minPrice": low, "maxPrice": low + 2_000_000 + r.IntN(20)*100_000, "preferredState": "Telangana",
		"preferredCities": []string{cities[r.IntN(len(cities))]}, "preferredLocalities": localities[r.IntN(len(localities))],
		"minBedrooms": 1 + r.IntN(3),
	}
}

// burst runs agent i's share of the writes against the servers in turn:
// requirements created and edited, listings created, moved to the other
// city and deleted, until stop is set or the script ends. It counts the
// answers it got in answered.
//
// Today's rules keep each requirement's best N while listings come, go,
// change which requirements they qualify for, and requirements are edited;
// only an edit that lowers a kept match's score leaves it kept where a
// fresh run might prefer another listing. So listing edits here move the
// listing to the other city, and the matches of an uninterrupted run are
// those a fresh engine run over the final rows makes (see recomputed),
// whatever order the jobs ran in.
func burst(c *client, bases func() []string, i, writes int, stop *atomic.Bool, answered *atomic.Int64) {
	r := rand.New(rand.NewPCG(uint64(i), 11))
	var mine, reqs []int64
	bodies := map[int64]map[string]any{}
	for n := 0; n < writes && !stop.Load(); n++ {
		list := bases()
		base := list[n%len(list)]
		var out struct{ ID int64 }
		var st int
		var err error
		switch k := r.IntN(10); {
		case k < 2 || len(reqs) == 0:
			st, err = c.call(base, "POST", "/api/requirements", requirementBody(r), &out)
			if st == 201 {
				reqs = append(reqs, out.ID)
			}
		case k == 2:
			st, err = c.call(base, "PATCH", fmt.Sprintf("/api/requirements/%d", reqs[r.IntN(len(reqs))]), requirementBody(r), nil)
		case k < 6 || len(mine) == 0:
			body := listingBody(r)
			st, err = c.call(base, "POST", "/api/properties", body, &out)
			if st == 201 {
				mine = append(mine, out.ID)
				bodies[out.ID] = body
			}
		case k < 9:
			id := mine[r.IntN(len(mine))]
			body := bodies[id]
			if body["city"] == cities[0] {
				body["city"] = cities[1]
			} else {
				body["city"] = cities[0]
			}
			st, err = c.call(base, "PUT", fmt.Sprintf("/api/properties/%d", id), body, nil)
		default:
			j := r.IntN(len(mine))
			st, err = c.call(base, "DELETE", fmt.Sprintf("/api/properties/%d", mine[j]), nil, nil)
			if st == 200 {
				mine = append(mine[:j], mine[j+1:]...)
			}
		}
		if err == nil && st < 300 {
			answered.Add(1)
		}
	}
}

// pairs returns the stored matches as "property-requirement:score" lines.
func pairs(ctx context.Context, q store.Querier) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT property_id, requirement_id, match_score FROM matches ORDER BY property_id, requirement_id`)
	if err != nil {
		return nil, err
	}
	return store.Collect(rows, func(rows *sql.Rows, s *string) error {
		var p, r, score int64
		err := rows.Scan(&p, &r, &score)
		*s = fmt.Sprintf("%d-%d:%d", p, r, score)
		return err
	})
}

// recomputed returns the matches an uninterrupted engine would hold for the
// listings and requirements stored: every requirement matched afresh, in a
// transaction that is rolled back.
func recomputed(ctx context.Context, db *store.DB) ([]string, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM matches`); err != nil {
		return nil, err
	}
	rows, err := tx.QueryContext(ctx, `SELECT id FROM requirements ORDER BY id`)
	if err != nil {
		return nil, err
	}
	ids, err := store.Collect(rows, func(rows *sql.Rows, id *int64) error { return rows.Scan(id) })
	if err != nil {
		return nil, err
	}
	engine := matchengine.New(db, matchengine.Options{Limit: matchLimit})
	for _, id := range ids {
		if _, err := engine.RequirementChanged(ctx, tx, db.Time(), id); err != nil {
			return nil, err
		}
	}
	return pairs(ctx, tx)
}

// waitDrained waits until no job is pending or running.
func waitDrained(t *testing.T, db *store.DB) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var open int
		// Matching's jobs only: billing schedules each new agent's grant
		// expiry a month ahead, which is open and rightly so.
		if err := db.QueryRow(`SELECT COUNT(*) FROM jobs WHERE state IN ('pending', 'running') AND kind LIKE 'matching%'`).Scan(&open); err != nil {
			t.Fatal(err)
		}
		if open == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d jobs still open after two minutes", open)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// checkMatches compares the stored matches with a fresh engine run and
// wants no failed job.
func checkMatches(t *testing.T, db *store.DB) {
	t.Helper()
	ctx := context.Background()
	got, err := pairs(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	want, err := recomputed(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("stored matches differ from an uninterrupted run:\n got %d: %v\nwant %d: %v", len(got), got, len(want), want)
	}
	if len(want) == 0 {
		t.Error("the burst made no matches: the test proves nothing")
	}
	var failed int
	if err := db.QueryRow(`SELECT COUNT(*) FROM jobs WHERE state = 'failed'`).Scan(&failed); err != nil || failed != 0 {
		t.Errorf("%d failed jobs (%v)", failed, err)
	}
}

func openDB(t *testing.T, url string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestKilledServerLosesNoMatchingJob fires a burst of writes at a real
// server, kills it with SIGKILL in the middle, starts it again and waits
// for the queue to drain: the matches are exactly those an uninterrupted
// run makes, none missing and none twice.
func TestKilledServerLosesNoMatchingJob(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server")
	}
	for _, e := range storetest.Engines() {
		t.Run(string(e), func(t *testing.T) {
			url, dir := storetest.URL(t, e), t.TempDir()
			srv := startServer(t, url, dir)
			const agents, writes = 4, 60
			clients := make([]*client, agents)
			for i := range clients {
				clients[i] = signUp(t, srv.url, i)
			}
			var stop atomic.Bool
			var answered atomic.Int64
			var wg sync.WaitGroup
			for i, c := range clients {
				wg.Add(1)
				go func() {
					defer wg.Done()
					burst(c, func() []string { return []string{srv.url} }, i, writes, &stop, &answered)
				}()
			}
			for answered.Load() < agents*writes/2 {
				time.Sleep(5 * time.Millisecond)
			}
			srv.kill()
			stop.Store(true)
			wg.Wait()
			db := openDB(t, url)
			var open int
			if err := db.QueryRow(`SELECT COUNT(*) FROM jobs WHERE state IN ('pending', 'running')`).Scan(&open); err != nil {
				t.Fatal(err)
			}
			t.Logf("killed after %d answered writes with %d jobs open", answered.Load(), open)

			startServer(t, url, dir)
			waitDrained(t, db)
			checkMatches(t, db)
		})
	}
}

// TestTwoInstancesShareTheQueue runs two servers on one PostgreSQL
// database, with writes sent to both: each job is done once, by one of
// them, and the matches are those of an uninterrupted single run.
func TestTwoInstancesShareTheQueue(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server")
	}
	url := storetest.URL(t, store.Postgres) // skips without TEST_DATABASE_URL
	a, b := startServer(t, url, t.TempDir()), startServer(t, url, t.TempDir())
	const agents, writes = 4, 40
	var stop atomic.Bool
	var answered atomic.Int64
	var wg sync.WaitGroup
	for i := range agents {
		c := signUp(t, a.url, i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			burst(c, func() []string { return []string{a.url, b.url} }, i, writes, &stop, &answered)
		}()
	}
	wg.Wait()
	db := openDB(t, url)
	waitDrained(t, db)
	checkMatches(t, db)
	var twice, workers int
	if err := db.QueryRow(`SELECT COUNT(*) FROM jobs WHERE state = 'done' AND attempts <> 1`).Scan(&twice); err != nil || twice != 0 {
		t.Errorf("%d jobs were tried more than once (%v)", twice, err)
	}
	if err := db.QueryRow(`SELECT COUNT(DISTINCT locked_by) FROM jobs WHERE state = 'done'`).Scan(&workers); err != nil || workers < 2 {
		t.Errorf("jobs were done by %d workers (%v); want both instances' workers", workers, err)
	}
}
