package message

import (
	"context"
	"strconv"

	"propmatch/internal/apperr"
	"propmatch/internal/network"
	"propmatch/internal/store"
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
func (s *Service) Conversations(ctx context.Context, userID int64, page store.Page) ([]Conversation, int64, error) {
	args := []any{userID}
	having := ""
	if page.Before > 0 {
		args = append(args, page.Before)
		having = ` HAVING max(id) < $2`
	}
	args = append(args, page.Limit+1)
	rows, err := s.db.QueryContext(ctx, `SELECT max(id) AS last FROM (
			SELECT receiver_id AS other, id FROM messages WHERE sender_id = $1
			UNION ALL
			SELECT sender_id AS other, id FROM messages WHERE receiver_id = $1) x
		GROUP BY other`+having+` ORDER BY last DESC LIMIT $`+strconv.Itoa(len(args)), args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "conversations")
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, 0, apperr.Wrap(err, "scan conversation")
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, 0, apperr.Wrap(err, "conversations")
	}
	ids, next := store.Trim(ids, page, func(id int64) int64 { return id })
	if len(ids) == 0 {
		return []Conversation{}, 0, nil
	}
	list, err := s.conversations(ctx, userID, ids)
	return list, next, err
}

// conversations builds the conversations whose last messages are ids, in
// the order of ids.
func (s *Service) conversations(ctx context.Context, userID int64, ids []int64) ([]Conversation, error) {
	args := make([]any, 0, len(ids)+1)
	args = append(args, userID)
	for _, id := range ids {
		args = append(args, id)
	}
	in := store.Placeholders(2, len(ids))
	rows, err := s.db.QueryContext(ctx, `SELECT m.id, m.sender_id, m.receiver_id, m.content, m.match_id, m.is_read, m.created_at, `+
		network.SummaryColumns("u")+`,
		(SELECT count(*) FROM messages n WHERE n.receiver_id = $1 AND n.sender_id = u.id AND n.is_read = FALSE)
		FROM messages m JOIN users u ON u.id = m.sender_id + m.receiver_id - $1
		WHERE m.id IN (`+in+`)`, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "conversations")
	}
	defer rows.Close()
	byID := map[int64]Conversation{}
	for rows.Next() {
		var c Conversation
		m := &c.LastMessage
		dest := append([]any{&m.ID, &m.SenderID, &m.ReceiverID, &m.Content, &m.MatchID, &m.IsRead, &m.CreatedAt},
			network.SummaryDest(&c.Counterpart)...)
		if err := rows.Scan(append(dest, &c.UnreadCount)...); err != nil {
			return nil, apperr.Wrap(err, "scan conversation")
		}
		m.Message = m.Content
		byID[m.ID] = c
	}
	if err := rows.Err(); err != nil {
		return nil, apperr.Wrap(err, "conversations")
	}
	list := make([]Conversation, 0, len(ids))
	for _, id := range ids {
		if c, ok := byID[id]; ok {
			list = append(list, c)
		}
	}
	return list, nil
}
