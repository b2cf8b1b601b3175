package store

import (
	"context"
	"database/sql"
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
// prepared. It is for queries whose text is fixed: text built with a
// varying number of placeholders belongs in QueryContext, and once
// maxPrepared statements are kept, new texts run unprepared.
func (db *DB) QueryPrepared(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := db.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return db.QueryContext(ctx, query, args...)
	}
	return st.QueryContext(ctx, args...)
}

// QueryRowPrepared is QueryRowContext through a statement kept prepared.
func (db *DB) QueryRowPrepared(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := db.stmt(ctx, query)
	if err != nil || st == nil {
		// A preparation error comes back again, through Scan.
		return db.QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

func (db *DB) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	db.prepared.mu.Lock()
	defer db.prepared.mu.Unlock()
	if st, ok := db.prepared.stmts[query]; ok {
		return st, nil
	}
	if len(db.prepared.stmts) >= maxPrepared {
		return nil, nil
	}
	st, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if db.prepared.stmts == nil {
		db.prepared.stmts = map[string]*sql.Stmt{}
	}
	db.prepared.stmts[query] = st
	return st, nil
}

func (p *prepared) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, st := range p.stmts {
		st.Close()
	}
	p.stmts = nil
}
