package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"time"
)

// checkpointInterval is how often the SQLite write-ahead log is copied back
// into the database file.
const checkpointInterval = time.Second

// checkpointEvery copies SQLite's write-ahead log back into the database
// file every interval, until the returned function is called.
//
// SQLite's own automatic checkpoint runs inside the commit that takes the log
// past 1,000 pages, so one request pays for copying back every page written
// since, and for syncing the file: a listing that made a thousand matches
// spent a third of its time there. PropMatch opens SQLite with that
// checkpoint off (wal_autocheckpoint(0)) and runs a PASSIVE one here, which
// never waits for readers or writers; pages rewritten between two runs are
// copied once.
func checkpointEvery(db *sql.DB, interval time.Duration) func() {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				// A failure (the database busy or closing) is retried at the next tick.
				_, _ = db.ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`)
			}
		}
	}()
	return func() { cancel(); wg.Wait() }
}

// Close stops the checkpoints, closes the kept statements and closes the
// database (SQLite checkpoints the log as its last connection closes).
func (db *DB) Close() error {
	if db.stopCheckpoints != nil {
		db.stopCheckpoints()
	}
	err := db.prepared.close()
	return errors.Join(err, db.DB.Close())
}
