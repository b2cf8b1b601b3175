// Command propmatch-bench measures PropMatch's hot paths on a database
// filled by `propmatch demo`: creating a listing or a requirement with
// matching against N active requirements, and list reads under concurrent
// load. `make bench` runs it on SQLite, and on PostgreSQL when
// BENCH_DATABASE_URL names a server database it may create databases on.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/commands"
	"propmatch/internal/kit/store"
)

func main() {
	sizes := flag.String("sizes", "10000,100000,1000000", "active requirements per run, comma-separated (empty: messaging only)")
	creates := flag.Int("creates", 200, "requirements created per run")
	burstSize := flag.Int("burst", 300, "listings in the burst, half in the densest city")
	dense := flag.Int("dense", 10, "listings in the densest city timed one at a time, commit → readable, on an idle queue")
	chunkTime := flag.Duration("chunk-time", 0, "PROPMATCH_MATCHING_CHUNK_TIME for the runs (0: the default)")
	scaling := flag.Bool("scaling", true, "on PostgreSQL, drain the burst on copies of the market with 1 and 4 workers and on two instances")
	loadFor := flag.Duration("load", 10*time.Second, "duration of each read-load run")
	workers := flag.Int("workers", 16, "concurrent clients in the read-load runs")
	bin := flag.String("bin", "bin/propmatch", "the propmatch binary, used to generate demo data")
	engines := flag.String("engines", "sqlite,postgres", "engines to measure (postgres needs BENCH_DATABASE_URL)")
	sends := flag.Int("sends", 1000, "messages timed to their receiver's open stream (0 skips the messaging run)")
	existing := flag.String("db", "", "measure this existing demo database instead of generating one per size (the creates change it)")
	fresh := flag.Int("fresh", 20, "listings timed from commit to matches readable, reads running")
	freshEvery := flag.Duration("fresh-every", 2*time.Second, "the interval between those listings")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	flag.Parse()
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	commands.TuneGC(os.Getenv) // as the server does
	benchChunkTime = *chunkTime
	if *cpuProfile != "" {
		stop, err := startProfile(*cpuProfile)
		if err != nil {
			fatal(err)
		}
		defer stop()
	}
	m := measurement{creates: *creates, workers: *workers, loadFor: *loadFor, log: log, fresh: *fresh, freshEvery: *freshEvery,
		burst: *burstSize, dense: *dense}
	if *existing != "" {
		fmt.Printf("\n== %s\n", *existing)
		if err := m.measure(ctx, *existing); err != nil {
			fatal(err)
		}
		return
	}
	for _, engine := range strings.Split(*engines, ",") {
		if *sends > 0 {
			if err := messagingRun(ctx, engine, *workers, *sends, *loadFor, log); err != nil {
				fmt.Printf("\n%s messaging: skipped (%v)\n", engine, err)
			}
		}
		for _, s := range strings.FieldsFunc(*sizes, func(r rune) bool { return r == ',' }) {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || n <= 0 {
				fatal(fmt.Errorf("bad size %q", s))
			}
			url, cleanup, err := freshDatabase(engine, n)
			if err != nil {
				fmt.Printf("\n%s: skipped (%v)\n", engine, err)
				break
			}
			fmt.Printf("\n== %s, %s active requirements\n", engine, group(n))
			if err := generate(*bin, url, n); err != nil {
				cleanup()
				fatal(err)
			}
			if engine == "postgres" && *scaling {
				if err := m.scaling(ctx, url); err != nil {
					cleanup()
					fatal(err)
				}
			}
			err = m.measure(ctx, url)
			cleanup()
			if err != nil {
				fatal(err)
			}
		}
	}
}

// measurement is what one market is put through.
type measurement struct {
	creates, workers int
	loadFor          time.Duration
	// fresh listings are created one per freshEvery, reads running, and
	// timed from commit to matches readable.
	fresh      int
	freshEvery time.Duration
	// burst listings are created back to back; dense ones one at a time.
	burst, dense int
	log          *slog.Logger
}

// measure times creates and read loads on the market at url.
func (m measurement) measure(ctx context.Context, url string) error {
	r, err := newRun(ctx, url, m.log, 0)
	if err != nil {
		return err
	}
	defer r.close()
	fmt.Printf("  at start: %s\n", machine())
	idle, err := r.idleWrites(ctx, 30)
	if err != nil {
		return err
	}
	r.report(idle.bare, nil)
	r.report(idle.create, nil)
	rows, err := r.burstSamples(ctx, m.burst)
	if err != nil {
		return err
	}
	results, err := r.burst(ctx, rows, probeEvery)
	for _, res := range results {
		r.report(res, nil)
	}
	if err != nil {
		r.report(result{name: "burst"}, err)
	}
	fmt.Printf("  after the burst: %s\n", machine())
	r.report(r.denseFreshness(ctx, m.dense))
	r.report(r.createRequirements(ctx, m.creates))
	if err := r.waitDrained(ctx); err != nil {
		return err
	}
	results, err = r.freshness(ctx, m.fresh, m.freshEvery, m.workers)
	for _, res := range results {
		r.report(res, nil)
	}
	if err != nil {
		r.report(result{name: "commit → matches readable"}, err)
	}
	r.report(r.loadRead(ctx, "GET /api/matches?type=buyer", m.workers, m.loadFor))
	r.report(r.loadRead(ctx, "GET /api/marketplace/properties", m.workers, m.loadFor))
	fmt.Printf("  at the end: %s\n", machine())
	return nil
}

// probeEvery is how often the probe writes during a burst.
const probeEvery = 20 * time.Millisecond

// startProfile writes a CPU profile to path until the returned function runs.
func startProfile(path string) (func(), error) {
	f, err := os.Create(path) //nolint:gosec // G304: the operator names this file with -cpuprofile
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		return nil, errors.Join(err, f.Close())
	}
	return func() {
		pprof.StopCPUProfile()
		warn("cpu profile", f.Close())
	}, nil
}

// messagingRun measures messages and live events on a fresh database.
func messagingRun(ctx context.Context, engine string, workers, sends int, d time.Duration, log *slog.Logger) error {
	url, cleanup, err := freshDatabase(engine, 0)
	if err != nil {
		return err
	}
	defer cleanup()
	db, err := store.Open(ctx, url)
	if err != nil {
		return err
	}
	if err := errors.Join(db.Migrate(ctx), db.Close()); err != nil {
		return err
	}
	fmt.Printf("\n== %s, messaging: an inbox of %s messages, %d open streams\n", engine, group(benchMessages), benchCounterpart)
	r, err := newRun(ctx, url, log, 0)
	if err != nil {
		return err
	}
	defer r.close()
	return r.messaging(ctx, workers, sends, d)
}

// generate fills url with a demo market of n requirements and a tenth as
// many listings up to 100k requirements (every listing meets hundreds of
// requirements, and the matches stay in the millions rather than the
// hundreds of millions a listing per requirement would make), and one
// listing per 200 requirements beyond. At a million requirements and 20,000
// listings the load is 49 million matches, which these 24 GB machines cannot
// hold in one transaction; with 5,000 listings a new listing still meets as
// many requirements (more of them with a free slot, if anything), so the
// create figures measure the same thing.
func generate(bin, url string, n int) error {
	start := time.Now()
	agents := max(100, n/100)
	listings := n / 10
	if n > 100_000 {
		listings = n / 200
	}
	// The load is one transaction: when SQLite's page cache cannot hold it,
	// it spills into the log and slows down as the log grows. The cache
	// takes about twice its nominal size in memory here.
	cacheMB := max(1024, n/250)
	//nolint:gosec // G204: the operator names the binary with -bin; the arguments are numbers
	cmd := exec.Command(bin, "demo", "--agents", strconv.Itoa(agents), "--properties", strconv.Itoa(listings), "--requirements", strconv.Itoa(n),
		"--cache-mb", strconv.Itoa(cacheMB))
	cmd.Env = append(os.Environ(), "DATABASE_URL="+url, "PROPMATCH_ENV=development")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("demo data: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	fmt.Printf("demo data in %s: %s\n", time.Since(start).Round(time.Second), lines[len(lines)-1])
	return nil
}

// freshDatabase returns the URL of a new, empty database and a function that removes it.
func freshDatabase(engine string, n int) (string, func(), error) {
	switch engine {
	case "sqlite":
		dir, err := os.MkdirTemp("", "propmatch-bench-")
		if err != nil {
			return "", nil, err
		}
		return "sqlite:" + filepath.Join(dir, "bench.db"), func() { warn("remove "+dir, os.RemoveAll(dir)) }, nil
	case "postgres":
		return postgresDatabase(n)
	}
	return "", nil, fmt.Errorf("unknown engine %q", engine)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "propmatch-bench:", err)
	os.Exit(1)
}

// warn reports err, from a step that does not stop the run, if there is one.
func warn(what string, err error) {
	if err != nil {
		fmt.Fprintf(os.Stderr, "propmatch-bench: %s: %v\n", what, err)
	}
}

// group writes n with thousands separators.
func group(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
