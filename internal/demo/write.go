package demo

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"strings"
	"sync"

	"propmatch/internal/kit/store"
)

// table is a table written with multi-row INSERTs.
type table struct {
	name string
	cols []string
	per  int // rows per statement, within the engines' parameter limits
}

func newTable(name string, cols ...string) *table {
	// SQLite allows 32,766 parameters per statement, PostgreSQL 65,535.
	return &table{name: name, cols: cols, per: min(1000, 30000/len(cols))}
}

var (
	usersTable = newTable("users", "id", "username", "password_hash", "full_name", "email", "phone", "role", "agent_type",
		"rera_number", "is_rera_verified", "is_phone_verified", "state", "city", "bio", "experience_years", "specialization",
		"is_active", "created_at", "updated_at")
	propertiesTable = newTable("properties", "id", "agent_id", "title", "description", "property_type", "listing_purpose",
		"price", "state", "city", "city_key", "locality", "pincode", "address", "bedrooms", "bathrooms", "sqft",
		"built_up_area", "plot_area", "floor", "total_floors", "facing", "furnishing", "acres", "has_legal_docs",
		"rera_approved", "balcony", "maintenance", "parking", "garden", "villa_size", "furnished", "zone", "frontage",
		"road_access", "commercial_type", "total_cabins", "washrooms", "central_ac", "power_backup", "lease_term",
		"soil_type", "crop_history", "fencing", "irrigation_system", "amenities", "images", "search_text", "is_active", "is_real_data",
		"created_at", "updated_at")
	requirementsTable = newTable("requirements", "id", "agent_id", "client_name", "client_phone", "client_email",
		"property_types", "listing_purpose", "min_price", "max_price", "preferred_state", "preferred_cities",
		"preferred_localities", "min_bedrooms", "max_bedrooms", "min_area", "max_area", "timeline",
		"special_requirements", "notes", "search_text", "is_active", "is_real_data", "new_matches", "floor_score", "floor_property_id",
		"locality_keys", "created_at", "updated_at")
	targetsTable = newTable("requirement_targets", "requirement_id", "listing_purpose", "property_type", "city_key",
		"price_low", "price_high")
	// Generated matches are new on both sides with empty notes: the columns' defaults.
	matchesTable = newTable("matches", "property_id", "requirement_id", "seller_agent_id", "buyer_agent_id",
		"match_score", "breakdown", "created_at", "updated_at")
)

// insertSQL returns the INSERT of rows rows into t. SQLite gets anonymous
// "?" parameters: it looks "$n" names up one by one, which is quadratic in
// a statement of thousands of parameters.
func (t *table) insertSQL(rows int, engine store.Engine) string {
	var b strings.Builder
	b.Grow(rows * len(t.cols) * 7)
	b.WriteString("INSERT INTO " + t.name + " (" + strings.Join(t.cols, ", ") + ") VALUES ")
	n := 1
	for r := 0; r < rows; r++ {
		if r > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for c := range t.cols {
			if c > 0 {
				b.WriteString(", ")
			}
			if engine == store.SQLite {
				b.WriteByte('?')
			} else {
				fmt.Fprintf(&b, "$%d", n)
			}
			n++
		}
		b.WriteByte(')')
	}
	return b.String()
}

// batch is rows of one table, ready to insert.
type batch struct {
	t    *table
	args []any
}

func (b *batch) rows() int { return len(b.args) / len(b.t.cols) }

// writer inserts batches on its own connection and goroutine, so that
// generating the next rows overlaps with writing the last ones. Batches are
// written in the order they are sent; a transaction is committed every
// commitRows rows.
type writer struct {
	ctx        context.Context
	engine     store.Engine
	conn       *sql.Conn
	ch         chan batch
	done       chan struct{}
	commitRows int
	// dropped are the indexes to drop when the load's transaction begins,
	// rebuild their CREATE statements, run before it commits.
	dropped, rebuild []string
	onRebuild        func()

	mu  sync.Mutex
	err error

	tx      *sql.Tx
	inTx    int
	stmts   map[*table]*sql.Stmt
	sqlText map[[2]any]string
	pool    sync.Pool
}

// secondaryIndexes returns the CREATE statements of the non-unique indexes
// of the tables a load fills, as the migrations made them.
func secondaryIndexes(ctx context.Context, db *store.DB) (names, creates []string, err error) {
	q := `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'
		AND tbl_name IN ('properties', 'requirements', 'requirement_targets', 'matches') ORDER BY name`
	if db.Engine == store.Postgres {
		q = `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexdef NOT LIKE 'CREATE UNIQUE%'
			AND tablename IN ('properties', 'requirements', 'requirement_targets', 'matches') ORDER BY indexname`
	}
	rows, err := db.QueryContext(ctx, q)
	if err != nil {
		return nil, nil, fmt.Errorf("read index definitions: %w", err)
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var name, create string
		if err := rows.Scan(&name, &create); err != nil {
			return nil, nil, err
		}
		names, creates = append(names, name), append(creates, create)
	}
	return names, creates, rows.Err()
}

// newWriter starts a writer. With bulk, the whole load is one transaction
// that drops the secondary indexes first and builds them again at the end
// (much faster than updating them row by row); an interrupted load then
// leaves the database as it was, indexes included.
func newWriter(ctx context.Context, db *store.DB, bulk bool, cacheMB int) (*writer, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	if db.Engine == store.SQLite {
		// A bigger page cache keeps the index inserts of a large load in
		// memory, and statement journals (a multi-row INSERT keeps one, to
		// undo itself on a constraint failure) stay out of temporary files.
		if cacheMB <= 0 {
			cacheMB = 1024
		}
		cache := fmt.Sprintf(`PRAGMA cache_size = -%d`, cacheMB*1024) // negative: KiB
		for _, pragma := range []string{cache, `PRAGMA temp_store = MEMORY`} {
			if _, err := conn.ExecContext(ctx, pragma); err != nil {
				_ = conn.Close()
				return nil, err
			}
		}
	}
	w := &writer{ctx: ctx, engine: db.Engine, conn: conn, ch: make(chan batch, 4), done: make(chan struct{}), commitRows: 500_000,
		stmts: map[*table]*sql.Stmt{}, sqlText: map[[2]any]string{}}
	if bulk {
		w.commitRows = math.MaxInt
		if w.dropped, w.rebuild, err = secondaryIndexes(ctx, db); err != nil {
			_ = conn.Close()
			return nil, err
		}
	}
	go w.run()
	return w, nil
}

// send queues b. It returns the writer's first error, if any.
func (w *writer) send(b batch) error {
	if err := w.Err(); err != nil {
		return err
	}
	select {
	case w.ch <- b:
		return nil
	case <-w.done:
		return w.Err()
	}
}

// args returns an empty argument slice to fill, reusing written ones.
func (w *writer) args(t *table) []any {
	if a, ok := w.pool.Get().(*[]any); ok && cap(*a) >= t.per*len(t.cols) {
		return (*a)[:0]
	}
	return make([]any, 0, t.per*len(t.cols))
}

// Err returns the first write error.
func (w *writer) Err() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

func (w *writer) fail(err error) {
	w.mu.Lock()
	if w.err == nil {
		w.err = err
	}
	w.mu.Unlock()
}

func (w *writer) run() {
	defer close(w.done)
	for b := range w.ch {
		if w.Err() != nil {
			continue // drain
		}
		if err := w.write(b); err != nil {
			w.fail(err)
		}
	}
	if w.Err() == nil && w.tx != nil && w.rebuild != nil {
		if w.onRebuild != nil {
			w.onRebuild()
		}
		for _, create := range w.rebuild {
			if _, err := w.tx.ExecContext(w.ctx, create); err != nil {
				w.fail(fmt.Errorf("rebuild index: %w", err))
				break
			}
		}
	}
	if w.Err() == nil {
		if err := w.commit(); err != nil {
			w.fail(err)
		}
	}
	if w.tx != nil {
		_ = w.tx.Rollback() // the failure that left it open is already recorded
	}
}

func (w *writer) write(b batch) error {
	if w.tx == nil {
		tx, err := w.conn.BeginTx(w.ctx, nil)
		if err != nil {
			return fmt.Errorf("begin: %w", err)
		}
		w.tx = tx
		for _, name := range w.dropped {
			if _, err := tx.ExecContext(w.ctx, `DROP INDEX `+name); err != nil {
				return fmt.Errorf("drop index %s for the load: %w", name, err)
			}
		}
		w.dropped = nil
	}
	n := b.rows()
	var err error
	if n == b.t.per {
		st := w.stmts[b.t]
		if st == nil {
			if st, err = w.tx.PrepareContext(w.ctx, b.t.insertSQL(n, w.engine)); err != nil {
				return fmt.Errorf("prepare %s insert: %w", b.t.name, err)
			}
			w.stmts[b.t] = st
		}
		_, err = st.ExecContext(w.ctx, b.args...)
	} else {
		key := [2]any{b.t, n}
		q, ok := w.sqlText[key]
		if !ok {
			q = b.t.insertSQL(n, w.engine)
			w.sqlText[key] = q
		}
		_, err = w.tx.ExecContext(w.ctx, q, b.args...)
	}
	if err != nil {
		return fmt.Errorf("insert %s: %w", b.t.name, err)
	}
	clear(b.args)
	a := b.args[:0]
	w.pool.Put(&a)
	w.inTx += n
	if w.inTx >= w.commitRows {
		return w.commit()
	}
	return nil
}

func (w *writer) commit() error {
	if w.tx == nil {
		return nil
	}
	for _, st := range w.stmts {
		_ = st.Close() // the commit below reports any real failure
	}
	clear(w.stmts)
	err := w.tx.Commit()
	w.tx, w.inTx = nil, 0
	if err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// close writes what is queued, commits, and returns the first error.
func (w *writer) close() error {
	close(w.ch)
	<-w.done
	cerr := w.conn.Close()
	if err := w.Err(); err != nil {
		return err
	}
	return cerr
}

// buffer collects the rows of one table and sends full batches to a writer.
type buffer struct {
	w    *writer
	t    *table
	args []any
	rows int64 // rows added in all
}

func newBuffer(w *writer, t *table) *buffer {
	return &buffer{w: w, t: t, args: w.args(t)}
}

// add appends one row (exactly len(t.cols) values) and sends a full batch.
func (b *buffer) add(vals ...any) error {
	b.args = append(b.args, vals...)
	b.rows++
	if len(b.args) == b.t.per*len(b.t.cols) {
		return b.flush()
	}
	return nil
}

func (b *buffer) flush() error {
	if len(b.args) == 0 {
		return nil
	}
	err := b.w.send(batch{t: b.t, args: b.args})
	b.args = b.w.args(b.t)
	return err
}
