package outbound

import (
	"context"
	"database/sql"

	"propmatch/internal/kit/store"
)

// DBOutbox keeps the development outbox in the database, so that every
// instance and every test sees the same messages.
type DBOutbox struct {
	DB *store.DB
}

// AddOutbox stores m as captured. It returns the database error, if any.
func (o *DBOutbox) AddOutbox(ctx context.Context, m OutboxMessage) error {
	_, err := o.DB.ExecContext(ctx, `INSERT INTO outbox (channel, recipient, subject, body, status, created_at)
		VALUES ($1, $2, $3, $4, 'captured', $5)`, string(m.Channel), m.Recipient, m.Subject, m.Body, o.DB.Time())
	return err
}

// ListOutbox returns up to limit captured messages, newest first.
func (o *DBOutbox) ListOutbox(ctx context.Context, limit int) ([]OutboxMessage, error) {
	rows, err := o.DB.QueryContext(ctx, `SELECT id, channel, recipient, subject, body, created_at FROM outbox
		WHERE status = 'captured' ORDER BY id DESC LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	return store.Collect(rows, func(rows *sql.Rows, m *OutboxMessage) error {
		return rows.Scan(&m.ID, &m.Channel, &m.Recipient, &m.Subject, &m.Body, &m.CreatedAt)
	})
}
