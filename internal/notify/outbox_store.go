package notify

import (
	"context"

	"propmatch/internal/store"
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
	defer rows.Close()
	list := []OutboxMessage{}
	for rows.Next() {
		var m OutboxMessage
		var ch string
		if err := rows.Scan(&m.ID, &ch, &m.Recipient, &m.Subject, &m.Body, &m.CreatedAt); err != nil {
			return nil, err
		}
		m.Channel = Channel(ch)
		list = append(list, m)
	}
	return list, rows.Err()
}
