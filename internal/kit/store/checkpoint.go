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
				checkpoint(ctx, db)
			}
		}
	}()
	return func() { cancel(); wg.Wait() }
}

// walResetFrames is the log's size, in pages, past which a checkpoint also
// waits for the readers to move on and truncates the log (about 1 GB
// with 4 kB pages).
const walResetFrames = 262_144

// checkpoint runs one PASSIVE checkpoint, and a TRUNCATE one when the log
// has grown past walResetFrames. A PASSIVE checkpoint copies pages back
// but SQLite starts the log over only once no reader still reads from it;
// under a steady stream of overlapping reads and writes that moment may
// never come, and the log grew without bound (58 GB in five minutes of a
// matching burst under read load, until the disk was full). TRUNCATE
// waits (through the busy timeout) for the readers of the moment to
// finish, then resets the log; the pages are by then mostly copied back
// by the PASSIVE ones, so the wait is short. A failure (the database busy
// or closing) is retried at the next tick.
func checkpoint(ctx context.Context, db *sql.DB) {
	var busy, frames, copied int64
	if err := db.QueryRowContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &frames, &copied); err != nil {
		return
	}
	if frames > walResetFrames {
		_, _ = db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
	}
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
