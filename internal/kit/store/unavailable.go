package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// IsUnavailable reports whether err says that the database cannot serve
// right now, rather than that the request or the code is wrong: it is down,
// unreachable or restarting, the connection was lost, it is too busy or
// locked, its schema is gone (a table or schema that does not exist), or the
// request's deadline passed while it waited. This is the one place that
// reads the engines' errors for it; the API answers such an error with 503
// and Retry-After, on every route.
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	if isConnectionLost(err) || errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch pg.Code {
		case "57P03", // cannot_connect_now: starting up or shutting down
			"53300", // too_many_connections
			"3D000", // invalid_catalog_name: the database is gone
			"3F000", // invalid_schema_name: the schema is gone
			"42P01": // undefined_table: the schema is gone or not migrated
			return true
		}
		return false
	}
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) {
		return true // refused, unreachable, or refused at start-up
	}
	var lite *sqlite.Error
	if errors.As(err, &lite) {
		switch lite.Code() & 0xff { // the primary code of an extended one
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_CANTOPEN:
			return true
		}
		return strings.Contains(lite.Error(), "no such table")
	}
	return errors.Is(err, syscall.ECONNREFUSED) || strings.Contains(err.Error(), "sql: database is closed")
}

// isConnectionLost reports whether err says that the connection a statement
// ran on was lost: PostgreSQL ended it (57P01 admin_shutdown, as
// pg_terminate_backend does, or 57P02 crash_shutdown), a connection
// exception (class 08), or the network dropped it (reset, broken pipe, a
// reply cut short). Such a statement may be
// run once more on a fresh connection, if it only reads (readAgain).
func isConnectionLost(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code == "57P01" || pg.Code == "57P02" || strings.HasPrefix(pg.Code, "08")
	}
	return errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.EPIPE) || strings.Contains(err.Error(), "conn closed")
}

// readAgain runs read, and once more when its connection was lost while
// the caller still has time. read must only read: a statement that wrote
// may have taken effect before the connection went, and is never repeated.
func readAgain[T interface{ Err() error }](ctx context.Context, read func() T) T {
	out := read()
	if err := out.Err(); err != nil && isConnectionLost(err) && ctx.Err() == nil {
		return read()
	}
	return out
}
