package dbdump_test

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"propmatch/internal/kit/dbdump"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// emptyBackup returns a backup of an empty, migrated database.
func emptyBackup(t testing.TB) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := dbdump.Write(ctx, storetest.New(t, store.SQLite), &buf, testKey, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// counterLine is row i of a crafted rate_counters table: small rows that
// compress well, as a crafted file's would.
func counterLine(i int) string {
	return fmt.Sprintf(`["2026-05-01T00:00:00.000000Z",1,"k%09d"]`, i) // expires_at, hits, name
}

// craft returns base with table's file replaced by n generated lines and
// the manifest saying rows (n when negative), its checksum matching and
// signed with testKey: a well-formed backup of whatever size. The lines
// are streamed into the zip, never held.
func craft(t testing.TB, base []byte, table string, n, rows int, line func(i int) string) []byte {
	t.Helper()
	if rows < 0 {
		rows = n
	}
	zr, err := zip.NewReader(bytes.NewReader(base), int64(len(base)))
	if err != nil {
		t.Fatal(err)
	}
	read := func(f *zip.File) []byte {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	var m map[string]any
	for _, f := range zr.File {
		if f.Name == "manifest.json" {
			if err := json.Unmarshal(read(f), &m); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, f := range zr.File {
		if f.Name == "manifest.json" || f.Name == "manifest.sig" {
			continue
		}
		data := read(f)
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate})
		if err != nil {
			t.Fatal(err)
		}
		if f.Name != "tables/"+table+".jsonl" {
			w.Write(data)
			continue
		}
		h := sha256.New()
		mw := io.MultiWriter(w, h)
		for i := range n {
			io.WriteString(mw, line(i)+"\n")
		}
		for _, tab := range m["tables"].([]any) {
			if tab := tab.(map[string]any); tab["name"] == table {
				tab["sha256"], tab["rows"] = hex.EncodeToString(h.Sum(nil)), rows
			}
		}
	}
	raw, _ := json.MarshalIndent(m, "", "  ")
	w, _ := zw.Create("manifest.json")
	w.Write(raw)
	w, _ = zw.Create("manifest.sig")
	io.WriteString(w, sign(testKey, raw))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// peakHeap samples the Go heap in use until stop is called, and returns
// the highest sample.
func peakHeap() (stop func() uint64) {
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 { close(done); wg.Wait(); return peak.Load() }
}

// BenchmarkRestoreManyRows restores a crafted backup of a million small
// rows (about 5 MB) into SQLite and reports the peak Go heap and the
// process's peak RSS (run it alone, -benchtime=1x, for a clean figure).
//
//	go test ./internal/backup -run '^$' -bench RestoreManyRows -benchtime=1x
func BenchmarkRestoreManyRows(b *testing.B) {
	file := craft(b, emptyBackup(b), "rate_counters", 1_000_000, -1, counterLine)
	runtime.GC()
	b.ResetTimer()
	for b.Loop() {
		db, err := store.Open(ctx, storetest.URL(b, store.SQLite))
		if err != nil {
			b.Fatal(err)
		}
		stop := peakHeap()
		if _, err := dbdump.Restore(ctx, db, bytes.NewReader(file), int64(len(file)), dbdump.RestoreOptions{Key: testKey}); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(stop())/(1<<20), "peak-heap-MiB")
		db.Close()
	}
	b.ReportMetric(float64(len(file))/1e6, "file-MB")
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err == nil {
		b.ReportMetric(float64(ru.Maxrss)/1024, "peak-RSS-MiB")
	}
}
