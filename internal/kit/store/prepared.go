package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// maxPrepared bounds how many statements one DB keeps prepared.
const maxPrepared = 128

// prepared keeps the statements of the hot, fixed-shape reads. Parsing and
// planning the match list (four joins, about a hundred columns) cost SQLite
// a third of the query's time on every request; a kept statement is parsed
// once per connection. database/sql prepares it lazily on each connection
// it runs on.
type prepared struct {
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

// QueryPrepared runs query like QueryContext, through a statement kept
// prepared. It is for reads whose text is fixed: text built with a
// varying number of placeholders belongs in QueryContext, and once
// maxPrepared statements are kept, new texts run unprepared. A read whose
// connection was lost (PostgreSQL ended it, say) runs once more, on a fresh
// one; so query must only read.
func (db *DB) QueryPrepared(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	out := readAgain(ctx, func() rowsOrErr {
		rows, err := db.queryPrepared(ctx, query, args...)
		return rowsOrErr{rows, err}
	})
	return out.rows, out.err
}

func (db *DB) queryPrepared(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := db.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return db.QueryContext(ctx, query, args...)
	}
	return st.QueryContext(ctx, args...)
}

// rowsOrErr is what QueryContext returns, as one value for readAgain.
type rowsOrErr struct {
	rows *sql.Rows
	err  error
}

func (r rowsOrErr) Err() error { return r.err }

// QueryRowPrepared is QueryRowContext through a statement kept prepared,
// for reads only: like QueryPrepared, it runs once more when its connection
// was lost.
func (db *DB) QueryRowPrepared(ctx context.Context, query string, args ...any) *sql.Row {
	return readAgain(ctx, func() *sql.Row { return db.queryRowPrepared(ctx, query, args...) })
}

func (db *DB) queryRowPrepared(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := db.stmt(ctx, query)
	if err != nil || st == nil {
		// A preparation error comes back again, through Scan.
		return db.QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

func (db *DB) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	p := &db.prepared
	p.mu.Lock()
	st, ok := p.stmts[query]
	full := len(p.stmts) >= maxPrepared
	p.mu.Unlock()
	if ok || full {
		return st, nil
	}
	// Prepared without the lock: preparing may wait for a free connection,
	// and the kept statements must stay usable meanwhile.
	st, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if kept, ok := p.stmts[query]; ok { // another request prepared it first
		_ = st.Close() // unused: the kept one serves
		return kept, nil
	}
	if p.stmts == nil {
		p.stmts = map[string]*sql.Stmt{}
	}
	p.stmts[query] = st
	return st, nil
}

// close closes the kept statements and returns their errors.
func (p *prepared) close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	var errs []error
	for _, st := range p.stmts {
		errs = append(errs, st.Close())
	}
	p.stmts = nil
	return errors.Join(errs...)
}

// TxQuery runs query in tx like tx.QueryContext, through a statement kept
// prepared (see QueryPrepared), for the fixed-shape statements of a hot
// write path: a listing's matching job runs the same few long statements
// in every chunk, and SQLite spent an eighth of the job parsing them.
func (db *DB) TxQuery(ctx context.Context, tx *sql.Tx, query string, args ...any) (*sql.Rows, error) {
	st, err := db.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return tx.QueryContext(ctx, query, args...)
	}
	return tx.StmtContext(ctx, st).QueryContext(ctx, args...)
}

// TxExec is TxQuery for statements that return no rows.
func (db *DB) TxExec(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	st, err := db.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return tx.ExecContext(ctx, query, args...)
	}
	return tx.StmtContext(ctx, st).ExecContext(ctx, args...)
}
