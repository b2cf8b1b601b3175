// Package message keeps the messages between agents: who may message whom,
// conversations with their unread counts, read receipts and deletion
// (docs/product.md#messages).
package message

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/matches"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/events"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/network"
	"propmatch/internal/platform/notifications"
	"propmatch/internal/platform/settings"
	"propmatch/internal/platform/webhooks"
)

// MaxContent is the longest message, in characters.
const MaxContent = 2000

// Message is one message between two agents. Message repeats Content, for
// clients that read the other name (docs/product.md#messages).
type Message struct {
	ID         int64     `json:"id"`
	SenderID   int64     `json:"senderId"`
	ReceiverID int64     `json:"receiverId"`
	Content    string    `json:"content"`
	Message    string    `json:"message"`
	MatchID    *int64    `json:"matchId"`
	IsRead     bool      `json:"isRead"`
	CreatedAt  time.Time `json:"createdAt"`
}

// Parties returns the two agents of m.
func (m Message) Parties() []int64 { return []int64{m.SenderID, m.ReceiverID} }

// Service keeps messages.
type Service struct {
	db     *store.DB
	engine *matchengine.Engine
	events network.Publisher
	leads  Leads
}

// Leads is billing's part of messaging (docs/product.md#billing): the
// first message on a match is a contact, charged as a lead through the same
// path as an unlock, and outside a match an agent messages their
// connections and the agents whose contact they have unlocked. services.New
// sets it when billing is on; without it messaging is as before billing.
type Leads interface {
	ContactTx(ctx context.Context, tx *sql.Tx, now time.Time, agentID, matchID, other int64) error
	UnlockedWithTx(ctx context.Context, tx *sql.Tx, agentID, other int64) (bool, error)
}

// UseLeads makes messaging charge leads (billing on).
func (s *Service) UseLeads(l Leads) { s.leads = l }

// NewService returns a Service; engine refills a requirement's best matches
// when messaging moves one of them out of new, and events tells the two
// agents' live streams about each send, delete and read once it has
// committed (nil tells nobody).
func NewService(db *store.DB, engine *matchengine.Engine, events network.Publisher) *Service {
	return &Service{db: db, engine: engine, events: events}
}

// publish hands ev to the streams of users; call it once the write has
// committed.
func (s *Service) publish(ctx context.Context, users []int64, ev events.Event) {
	if s.events != nil {
		s.events.Publish(ctx, users, ev)
	}
}

const columns = `id, sender_id, receiver_id, content, match_id, is_read, created_at`

func scanAll(rows *sql.Rows, err error) ([]Message, error) {
	if err != nil {
		return nil, apperr.Wrap(err, "messages")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, m *Message) error {
		if err := rows.Scan(&m.ID, &m.SenderID, &m.ReceiverID, &m.Content, &m.MatchID, &m.IsRead, &m.CreatedAt); err != nil {
			return err
		}
		m.Message = m.Content
		return nil
	})
	return list, apperr.Wrap(err, "messages")
}

// List returns a page of userID's messages, sent and received, newest first;
// with > 0 keeps the conversation with that user.
func (s *Service) List(ctx context.Context, userID, with int64, page paging.Page) ([]Message, int64, error) {
	var query string
	var args []any
	if with > 0 {
		low, high := network.Pair(userID, with)
		query, args = page.Apply(`SELECT `+columns+` FROM messages WHERE user_low = $1 AND user_high = $2`, "id", []any{low, high})
	} else {
		// Each side reads its own index newest first; the union is cut again.
		one, args1 := page.Apply(`SELECT `+columns+` FROM messages WHERE sender_id = $1`, "id", []any{userID})
		two, _ := page.Apply(`SELECT `+columns+` FROM messages WHERE receiver_id = $1`, "id", []any{userID})
		query = `SELECT * FROM (` + one + `) a UNION ALL SELECT * FROM (` + two + `) b ORDER BY id DESC LIMIT $` + strconv.Itoa(len(args1))
		args = args1
	}
	list, err := scanAll(s.db.QueryContext(ctx, query, args...))
	if err != nil {
		return nil, 0, err
	}
	list, next := paging.Trim(list, page, func(m Message) int64 { return m.ID })
	return list, next, nil
}

// Input is a message to send. The web app sends receiverId and content;
// recipientId and message are read too (docs/product.md#messages).
type Input struct {
	ReceiverID  input.Int `json:"receiverId"`
	RecipientID input.Int `json:"recipientId"`
	Content     *string   `json:"content" input:"multiline"`
	Message     *string   `json:"message" input:"multiline"`
	MatchID     input.Int `json:"matchId"`
}

// Send stores a message from senderID. The two agents must be connected or
// be the two agents of a match; with a match id, that match must be theirs,
// and the sender's side of it becomes contacted when it was new or viewed. It returns Invalid for
// blank or over-long text or a message to oneself, NotFound for an unknown
// agent or match, and Forbidden when the two may not message each other.
// Once it commits, both agents' streams get a message event.
func (s *Service) Send(ctx context.Context, senderID int64, in Input) (Message, error) {
	to := in.ReceiverID
	if !to.Set {
		to = in.RecipientID
	}
	text := in.Content
	if text == nil {
		text = in.Message
	}
	content := ""
	if text != nil {
		content = strings.TrimSpace(*text)
	}
	var f apperr.Fields
	switch {
	case !to.Set || to.Value <= 0:
		f.Add("receiverId", "Choose the agent to message")
	case to.Value == senderID:
		f.Add("receiverId", "You cannot send a message to yourself")
	}
	switch {
	case content == "":
		f.Add("content", "Type a message first")
	case utf8.RuneCountInString(content) > MaxContent:
		f.Add("content", "A message can be at most "+strconv.Itoa(MaxContent)+" characters")
	}
	if in.MatchID.Set && in.MatchID.Value <= 0 {
		f.Add("matchId", "The match must be a positive whole number")
	}
	if err := f.Err(); err != nil {
		return Message{}, err
	}
	var out Message
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := network.ActiveAgent(ctx, tx, to.Value); err != nil {
			return err
		}
		var matchID *int64
		if in.MatchID.Set {
			id := in.MatchID.Value
			if err := s.contacted(ctx, tx, senderID, to.Value, id); err != nil {
				return err
			}
			if s.leads != nil {
				if err := s.leads.ContactTx(ctx, tx, s.db.Time(), senderID, id, to.Value); err != nil {
					return err
				}
			}
			matchID = &id
		} else if err := s.mayMessage(ctx, tx, senderID, to.Value); err != nil {
			return err
		}
		low, high := network.Pair(senderID, to.Value)
		now := s.db.Time()
		out = Message{SenderID: senderID, ReceiverID: to.Value, Content: content, Message: content, MatchID: matchID, CreatedAt: now}
		err := tx.QueryRowContext(ctx, `INSERT INTO messages (sender_id, receiver_id, user_low, user_high, content, match_id, is_read, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, FALSE, $7) RETURNING id`, senderID, to.Value, low, high, content, matchID, now).Scan(&out.ID)
		if err != nil {
			return apperr.Wrap(err, "insert message")
		}
		if err := notifications.Add(ctx, tx, now, notifications.Item{UserID: to.Value, Kind: settings.Messages, Type: notifications.ItemMessage, RefID: out.ID}); err != nil {
			return apperr.Wrap(err, "queue message notice")
		}
		if err := webhooks.Emit(ctx, tx, now, to.Value, webhooks.MessageReceived, webhooks.MessageReceivedData{MessageID: out.ID,
			SenderID: senderID, MatchID: matchID, Content: content, CreatedAt: now}); err != nil {
			return apperr.Wrap(err, "queue message webhook")
		}
		return noteSent(ctx, tx, senderID, to.Value, out.ID)
	})
	if err == nil {
		s.publish(ctx, out.Parties(), events.New(events.Message, out))
	}
	return out, err
}

var (
	errForbidden = apperr.New(apperr.Forbidden, "You can message an agent once you are connected, or when you share a match")
	errLocked    = apperr.New(apperr.Forbidden, "Message this agent from your match: the first contact on a match uses one lead")
)

// mayMessage returns Forbidden unless a and b are connected or share a
// match; with billing on, a shared match counts once a has unlocked a match
// with b (the first message on a match goes with its match id).
func (s *Service) mayMessage(ctx context.Context, tx *sql.Tx, a, b int64) error {
	ok, err := network.Connected(ctx, tx, a, b)
	if err != nil || ok {
		return err
	}
	if s.leads != nil {
		ok, err := s.leads.UnlockedWithTx(ctx, tx, a, b)
		if err != nil {
			return err
		}
		if !ok {
			return errLocked
		}
	}
	var n int
	err = tx.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM matches
		WHERE (seller_agent_id = $1 AND buyer_agent_id = $2) OR (seller_agent_id = $2 AND buyer_agent_id = $1) LIMIT 1) x`, a, b).Scan(&n)
	if err != nil {
		return apperr.Wrap(err, "shared match")
	}
	if n == 0 {
		return errForbidden
	}
	return nil
}

// contacted checks that match id joins sender and receiver, and moves the
// sender's side of it from new or viewed to contacted (contacting by in-app
// message sets the sender's status contacted; the receiver's side stays).
func (s *Service) contacted(ctx context.Context, tx *sql.Tx, sender, receiver, id int64) error {
	_, other, err := matches.Transition(ctx, tx, s.engine, s.db.Time(), sender, id,
		matchengine.StatusContacted, matchengine.StatusNew, matchengine.StatusViewed)
	if err != nil {
		return err
	}
	if receiver != other {
		return apperr.Validation(apperr.FieldError{Path: "receiverId", Message: "The receiver is not the other agent of this match"})
	}
	return nil
}

// Delete removes a message; only its sender may. It returns NotFound unless
// userID is one of its two agents, and Forbidden for the receiver. Once it
// commits, both agents' streams get a message-deleted event.
func (s *Service) Delete(ctx context.Context, userID, id int64) (Message, error) {
	var out Message
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		list, err := scanAll(tx.QueryContext(ctx, `SELECT `+columns+` FROM messages WHERE id = $1`, id))
		if err != nil {
			return err
		}
		if len(list) == 0 || (list[0].SenderID != userID && list[0].ReceiverID != userID) {
			return apperr.New(apperr.NotFound, "Message not found")
		}
		if list[0].SenderID != userID {
			return apperr.New(apperr.Forbidden, "Only the sender can delete a message")
		}
		out = list[0]
		if _, err = tx.ExecContext(ctx, `DELETE FROM messages WHERE id = $1`, id); err != nil {
			return apperr.Wrap(err, "delete message")
		}
		return recount(ctx, tx, out.SenderID, out.ReceiverID)
	})
	if err == nil {
		s.publish(ctx, out.Parties(), events.New(events.MessageDeleted, map[string]int64{
			"id": out.ID, "senderId": out.SenderID, "receiverId": out.ReceiverID}))
	}
	return out, err
}

// MarkRead marks every unread message from otherID to userID read and
// returns how many it marked. When it marked some, both agents' streams get
// a read event once it commits.
func (s *Service) MarkRead(ctx context.Context, userID, otherID int64) (int64, error) {
	var n int64
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE messages SET is_read = TRUE WHERE receiver_id = $1 AND sender_id = $2 AND is_read = FALSE`, userID, otherID)
		if err != nil {
			return apperr.Wrap(err, "mark read")
		}
		if n, err = res.RowsAffected(); err != nil || n == 0 {
			return apperr.Wrap(err, "mark read")
		}
		_, err = tx.ExecContext(ctx, `UPDATE conversations SET unread = 0 WHERE user_id = $1 AND other_id = $2`, userID, otherID)
		return apperr.Wrap(err, "mark conversation read")
	})
	if err == nil && n > 0 {
		s.publish(ctx, []int64{userID, otherID}, events.New(events.Read, map[string]int64{
			"readerId": userID, "otherUserId": otherID, "count": n}))
	}
	return n, err
}

// UnreadCount returns how many messages to userID are unread.
func (s *Service) UnreadCount(ctx context.Context, userID int64) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM messages WHERE receiver_id = $1 AND is_read = FALSE`, userID).Scan(&n)
	return n, apperr.Wrap(err, "unread count")
}
