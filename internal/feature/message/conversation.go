package message

import (
	"context"
	"database/sql"
	"strconv"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/network"
)

// Conversation is the messages between the caller and one counterpart, as
// the conversation list shows them.
type Conversation struct {
	Counterpart network.Summary `json:"counterpart"`
	LastMessage Message         `json:"lastMessage"`
	UnreadCount int             `json:"unreadCount"`
}

// Conversations returns a page of userID's conversations, the latest
// activity first. The page cursor is the id of a conversation's last message.
func (s *Service) Conversations(ctx context.Context, userID int64, page paging.Page) ([]Conversation, int64, error) {
	args := []any{userID}
	where := ""
	if page.Before > 0 {
		args = append(args, page.Before)
		where = ` AND c.last_message_id < $2`
	}
	args = append(args, page.Limit+1)
	rows, err := s.db.QueryContext(ctx, `SELECT m.id, m.sender_id, m.receiver_id, m.content, m.match_id, m.is_read, m.created_at, `+
		network.SummaryColumns("u")+`, c.unread
		FROM conversations c JOIN messages m ON m.id = c.last_message_id JOIN users u ON u.id = c.other_id
		WHERE c.user_id = $1`+where+` ORDER BY c.last_message_id DESC LIMIT $`+strconv.Itoa(len(args)), args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "conversations")
	}
	list, err := store.Collect(rows, scanConversation)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "conversations")
	}
	list, next := paging.Trim(list, page, func(c Conversation) int64 { return c.LastMessage.ID })
	return list, next, nil
}

func scanConversation(rows *sql.Rows, c *Conversation) error {
	m := &c.LastMessage
	dest := append([]any{&m.ID, &m.SenderID, &m.ReceiverID, &m.Content, &m.MatchID, &m.IsRead, &m.CreatedAt},
		network.SummaryDest(&c.Counterpart)...)
	if err := rows.Scan(append(dest, &c.UnreadCount)...); err != nil {
		return err
	}
	m.Message = m.Content
	return nil
}

// noteSent records message id from sender to receiver in both sides'
// conversation rows: the receiver's gains an unread message.
func noteSent(ctx context.Context, tx *sql.Tx, sender, receiver, id int64) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO conversations (user_id, other_id, last_message_id, unread)
		VALUES ($1, $2, $3, 0), ($2, $1, $3, 1)
		ON CONFLICT (user_id, other_id) DO UPDATE SET last_message_id = excluded.last_message_id,
			unread = conversations.unread + excluded.unread`, sender, receiver, id)
	return apperr.Wrap(err, "note sent message")
}

// recount sets both sides' conversation rows of a and b from their
// messages, removing them when no message is left.
func recount(ctx context.Context, tx *sql.Tx, a, b int64) error {
	low, high := network.Pair(a, b)
	var last sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT MAX(id) FROM messages WHERE user_low = $1 AND user_high = $2`, low, high).Scan(&last); err != nil {
		return apperr.Wrap(err, "last message")
	}
	if !last.Valid {
		_, err := tx.ExecContext(ctx, `DELETE FROM conversations WHERE (user_id = $1 AND other_id = $2) OR (user_id = $2 AND other_id = $1)`, a, b)
		return apperr.Wrap(err, "drop conversation")
	}
	for _, p := range [][2]int64{{a, b}, {b, a}} {
		_, err := tx.ExecContext(ctx, `UPDATE conversations SET last_message_id = $3,
			unread = (SELECT COUNT(*) FROM messages WHERE receiver_id = $1 AND sender_id = $2 AND is_read = FALSE)
			WHERE user_id = $1 AND other_id = $2`, p[0], p[1], last.Int64)
		if err != nil {
			return apperr.Wrap(err, "recount conversation")
		}
	}
	return nil
}

// RebuildConversations recomputes every conversation row from the
// messages; bulk loaders that write messages directly call it.
func RebuildConversations(ctx context.Context, db *store.DB) error {
	return db.WithTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM conversations`); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO conversations (user_id, other_id, last_message_id, unread)
			SELECT user_id, other_id, MAX(id), SUM(unread) FROM (
				SELECT sender_id AS user_id, receiver_id AS other_id, id, 0 AS unread FROM messages
				UNION ALL
				SELECT receiver_id, sender_id, id, CASE WHEN is_read THEN 0 ELSE 1 END FROM messages) x
			GROUP BY user_id, other_id`)
		return err
	})
}
