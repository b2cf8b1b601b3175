package network

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/events"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/notifications"
	"propmatch/internal/platform/settings"
	"propmatch/internal/platform/webhooks"
)

// Connection statuses.
const (
	Pending   = "pending"
	Accepted  = "accepted"
	Rejected  = "rejected"
	Cancelled = "cancelled"
)

// Statuses lists the connection statuses.
var Statuses = []string{Pending, Accepted, Rejected, Cancelled}

// MaxMessage is the longest introduction, in characters.
const MaxMessage = 2000

// Connection is a request between two agents and its answer.
type Connection struct {
	ID          int64     `json:"id"`
	RequesterID int64     `json:"requesterId"`
	ReceiverID  int64     `json:"receiverId"`
	RecipientID int64     `json:"recipientId"`
	Message     string    `json:"message"`
	Status      string    `json:"status"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
	// AskAgainAfter is, for a declined request, when its requester may send
	// the same agent a new one (AskAgainAfter); nil otherwise.
	AskAgainAfter *time.Time `json:"askAgainAfter"`
	Requester     Summary    `json:"requester"`
	Receiver      Summary    `json:"receiver"`
}

// Parties returns the two agents of c.
func (c Connection) Parties() []int64 { return []int64{c.RequesterID, c.ReceiverID} }

var selectConnections = `SELECT c.id, c.requester_id, c.receiver_id, c.message, c.status, c.created_at, c.updated_at, ` +
	SummaryColumns("a") + `, ` + SummaryColumns("b") + `
	FROM connections c JOIN users a ON a.id = c.requester_id JOIN users b ON b.id = c.receiver_id WHERE `

func (s *Service) query(ctx context.Context, where string, args ...any) ([]Connection, error) {
	return queryConnections(ctx, s.db, where, args...)
}

func queryConnections(ctx context.Context, q store.Querier, where string, args ...any) ([]Connection, error) {
	rows, err := q.QueryContext(ctx, selectConnections+where, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "connections")
	}
	list, err := store.Collect(rows, scanConnection)
	return list, apperr.Wrap(err, "connections")
}

func scanConnection(rows *sql.Rows, c *Connection) error {
	dest := []any{&c.ID, &c.RequesterID, &c.ReceiverID, &c.Message, &c.Status, &c.CreatedAt, &c.UpdatedAt}
	dest = append(append(dest, SummaryDest(&c.Requester)...), SummaryDest(&c.Receiver)...)
	if err := rows.Scan(dest...); err != nil {
		return err
	}
	c.RecipientID = c.ReceiverID
	if c.Status == Rejected {
		again := AskAgainAfter(c.UpdatedAt)
		c.AskAgainAfter = &again
	}
	return nil
}

// Filter narrows a connection list: Status keeps those whose latest state
// it is; Direction "sent" or "received" keeps those userID requested or
// received.
type Filter struct {
	Status, Direction string
}

// List returns a page of userID's connections, newest first, keeping only
// the latest connection with each counterpart. It returns Invalid for an
// unknown status or direction.
func (s *Service) List(ctx context.Context, userID int64, f Filter, page paging.Page) ([]Connection, int64, error) {
	var fe apperr.Fields
	side := `(c.requester_id = $1 OR c.receiver_id = $1)`
	switch f.Direction {
	case "":
	case "sent":
		side = `c.requester_id = $1`
	case "received":
		side = `c.receiver_id = $1`
	default:
		fe.Add("direction", "Direction must be sent or received")
	}
	if f.Status != "" && !slices.Contains(Statuses, f.Status) {
		fe.Add("status", "Status must be one of pending, accepted, rejected, cancelled")
	}
	if err := fe.Err(); err != nil {
		return nil, 0, err
	}
	where, args := side+`
		AND NOT EXISTS (SELECT 1 FROM connections n WHERE n.user_low = c.user_low AND n.user_high = c.user_high AND n.id > c.id)`, []any{userID}
	if f.Status != "" {
		args = append(args, f.Status)
		where += ` AND c.status = $2`
	}
	where, args = page.Apply(where, "c.id", args)
	list, err := s.query(ctx, where, args...)
	if err != nil {
		return nil, 0, err
	}
	list, next := paging.Trim(list, page, func(c Connection) int64 { return c.ID })
	return list, next, nil
}

// Request is what an agent sends to ask for a connection. The counterpart
// may be named recipientId or receiverId (docs/product.md#connections).
type Request struct {
	RecipientID input.Int    `json:"recipientId"`
	ReceiverID  input.Int    `json:"receiverId"`
	Message     input.String `json:"message" input:"multiline"`
}

// Create sends a connection request from requesterID. It returns Invalid for
// a blank or over-long message or a request to oneself, NotFound for an
// unknown agent, Conflict when a pending or accepted connection already
// joins the two, and TooManyRequests within DeclineCooldown of the other
// agent declining requesterID's last request. Once it commits, both agents'
// streams get a connection event.
func (s *Service) Create(ctx context.Context, requesterID int64, in Request) (Connection, error) {
	to := in.RecipientID
	if !to.Set {
		to = in.ReceiverID
	}
	msg := strings.TrimSpace(string(in.Message))
	var f apperr.Fields
	switch {
	case !to.Set || to.Value <= 0:
		f.Add("recipientId", "Choose the agent to connect with")
	case to.Value == requesterID:
		f.Add("recipientId", "You cannot send a connection request to yourself")
	}
	switch {
	case msg == "":
		f.Add("message", "Write a message to introduce yourself")
	case utf8.RuneCountInString(msg) > MaxMessage:
		f.Add("message", "The message must be at most "+strconv.Itoa(MaxMessage)+" characters")
	}
	if err := f.Err(); err != nil {
		return Connection{}, err
	}
	var out Connection
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := ActiveAgent(ctx, tx, to.Value); err != nil {
			return err
		}
		now := s.db.Time()
		if err := mayRequest(ctx, tx, requesterID, to.Value, now); err != nil {
			return err
		}
		low, high := Pair(requesterID, to.Value)
		var id int64
		err := tx.QueryRowContext(ctx, `INSERT INTO connections (requester_id, receiver_id, user_low, user_high, message, status, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, 'pending', $6, $6) RETURNING id`, requesterID, to.Value, low, high, msg, now).Scan(&id)
		if store.IsUniqueViolation(err) { // a request raced this one
			return conflictFor(Pending)
		}
		if err != nil {
			return apperr.Wrap(err, "insert connection")
		}
		if err := notifications.Add(ctx, tx, now, notifications.Item{UserID: to.Value, Kind: settings.Updates, Type: notifications.ItemConnectionRequest, RefID: id}); err != nil {
			return apperr.Wrap(err, "queue connection notice")
		}
		if err := webhooks.Emit(ctx, tx, now, to.Value, webhooks.ConnectionRequested,
			webhooks.ConnectionRequestedData{ConnectionID: id, RequesterID: requesterID, Message: msg}); err != nil {
			return apperr.Wrap(err, "queue connection webhook")
		}
		out, err = byID(ctx, tx, id)
		return err
	})
	return s.publish(ctx, out, err)
}

// publish tells both agents' streams about c when err is nil (the change
// has committed), and returns c and err.
func (s *Service) publish(ctx context.Context, c Connection, err error) (Connection, error) {
	if err == nil && s.events != nil {
		s.events.Publish(ctx, c.Parties(), events.New(events.Connection, c))
	}
	return c, err
}

// DeclineCooldown is how long an agent whose request was declined waits
// before asking the same agent again.
const DeclineCooldown = 7 * 24 * time.Hour

// AskAgainAfter is when the requester of a request declined at decided may
// ask the same agent again.
func AskAgainAfter(decided time.Time) time.Time { return decided.Add(DeclineCooldown) }

// mayRequest checks the latest connection between requesterID and receiverID
// (a live one is always the latest). It returns Conflict while one is pending
// or accepted, and TooManyRequests, saying when to try again, when it is a
// request from requesterID that the receiver declined less than
// DeclineCooldown before now.
func mayRequest(ctx context.Context, tx *sql.Tx, requesterID, receiverID int64, now time.Time) error {
	var (
		from    int64
		status  string
		decided time.Time
	)
	err := tx.QueryRowContext(ctx, `SELECT requester_id, status, updated_at FROM connections
		WHERE (requester_id = $1 AND receiver_id = $2) OR (requester_id = $2 AND receiver_id = $1)
		ORDER BY id DESC LIMIT 1`, requesterID, receiverID).Scan(&from, &status, &decided)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return apperr.Wrap(err, "latest connection")
	case status == Pending || status == Accepted:
		return conflictFor(status)
	}
	again := AskAgainAfter(decided)
	if status != Rejected || from != requesterID || !now.Before(again) {
		return nil
	}
	return apperr.Throttled(again.Sub(now), "This agent declined your request on %s. You can send a new request after %s (in %s)",
		decided.In(india.Zone).Format("2 January 2006"), again.In(india.Zone).Format("2 January 2006, 15:04 MST"),
		apperr.Wait(again.Sub(now)))
}

func conflictFor(status string) error {
	if status == Accepted {
		return apperr.New(apperr.Conflict, "You are already connected with this agent")
	}
	return apperr.New(apperr.Conflict, "A connection request between you and this agent is already pending")
}

// Pair orders two user ids as the connections and messages tables store them.
func Pair(a, b int64) (int64, int64) {
	if a < b {
		return a, b
	}
	return b, a
}

func byID(ctx context.Context, q store.Querier, id int64) (Connection, error) {
	list, err := queryConnections(ctx, q, `c.id = $1`, id)
	if err != nil {
		return Connection{}, err
	}
	if len(list) == 0 {
		return Connection{}, errNotFound
	}
	return list[0], nil
}

var errNotFound = apperr.New(apperr.NotFound, "Connection not found")

// Answer accepts or declines a pending request; only its receiver may. It
// returns NotFound unless userID is one of its two agents, Forbidden for the
// requester, and Conflict once it is no longer pending.
func (s *Service) Answer(ctx context.Context, userID, id int64, status string) (Connection, error) {
	if status != Accepted && status != Rejected {
		return Connection{}, apperr.Validation(apperr.FieldError{Path: "status", Message: "Status must be accepted or rejected"})
	}
	return s.change(ctx, userID, id, status, func(c Connection) error {
		if c.ReceiverID != userID {
			return apperr.New(apperr.Forbidden, "Only the agent who received the request can accept or decline it")
		}
		return nil
	})
}

// Cancel withdraws a pending request; only its requester may. It returns
// NotFound unless userID is one of its two agents, Forbidden for the
// receiver, and Conflict once it is no longer pending.
func (s *Service) Cancel(ctx context.Context, userID, id int64) (Connection, error) {
	return s.change(ctx, userID, id, Cancelled, func(c Connection) error {
		if c.RequesterID != userID {
			return apperr.New(apperr.Forbidden, "Only the agent who sent the request can cancel it")
		}
		return nil
	})
}

// change moves a pending connection to status after allowed approves, then
// gives both agents' streams a connection event.
func (s *Service) change(ctx context.Context, userID, id int64, status string, allowed func(Connection) error) (Connection, error) {
	var out Connection
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		c, err := byID(ctx, tx, id)
		if err != nil {
			return err
		}
		if c.RequesterID != userID && c.ReceiverID != userID {
			return errNotFound
		}
		if err := allowed(c); err != nil {
			return err
		}
		if c.Status != Pending {
			return apperr.New(apperr.Conflict, "This connection request is no longer pending: it is %s", c.Status)
		}
		now := s.db.Time()
		if _, err := tx.ExecContext(ctx, `UPDATE connections SET status = $1, updated_at = $2 WHERE id = $3`, status, now, id); err != nil {
			return apperr.Wrap(err, "update connection")
		}
		if status == Accepted || status == Rejected {
			if err := notifications.Add(ctx, tx, now, notifications.Item{UserID: c.RequesterID, Kind: settings.Updates, Type: notifications.ItemConnectionAnswer, RefID: id}); err != nil {
				return apperr.Wrap(err, "queue connection notice")
			}
			if err := webhooks.Emit(ctx, tx, now, c.RequesterID, webhooks.ConnectionAnswered,
				webhooks.ConnectionAnsweredData{ConnectionID: id, ReceiverID: c.ReceiverID, Status: status}); err != nil {
				return apperr.Wrap(err, "queue connection webhook")
			}
		}
		out, err = byID(ctx, tx, id)
		return err
	})
	return s.publish(ctx, out, err)
}

// Connected reports whether a and b have an accepted connection.
func Connected(ctx context.Context, q store.Querier, a, b int64) (bool, error) {
	low, high := Pair(a, b)
	var n int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM connections WHERE user_low = $1 AND user_high = $2 AND status = 'accepted'`, low, high).Scan(&n)
	return n > 0, apperr.Wrap(err, "connected")
}

// ConnectedAgentsSQL is an SQL query listing the agents who have an
// accepted connection with the agent whose id is the SQL expression agent
// (a query parameter), for "x IN (...)" tests over many rows: it does not
// depend on the row, so it runs once per statement, through the requester
// and receiver indexes. Connected checks one pair.
func ConnectedAgentsSQL(agent string) string {
	return `SELECT receiver_id FROM connections WHERE requester_id = ` + agent + ` AND status = '` + Accepted + `'
		UNION ALL SELECT requester_id FROM connections WHERE receiver_id = ` + agent + ` AND status = '` + Accepted + `'`
}
