package webhooks

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/kit/jobs"
	"propmatch/internal/platform/outbound"
)

// Jobs lists the webhook jobs: one delivery attempt, run outside any
// transaction (the HTTP exchange must hold no lock).
func (s *Service) Jobs() []jobs.Kind {
	return []jobs.Kind{{Name: JobKind, Long: s.deliver, Lease: 4*s.cfg.Timeout + 30*time.Second}}
}

// attempt is what one delivery job reads.
type attempt struct {
	id, endpointID, userID int64
	event, msgID, payload  string
	n                      int
	state                  string
	url, secret            string
	enabled                bool
}

// deliver makes one attempt: it signs and posts the message, records the
// answer, and on a failure queues the next attempt or, when the schedule is
// used up, turns the endpoint off and emails the agent.
func (s *Service) deliver(ctx context.Context, j jobs.Job) error {
	var p job
	if err := j.Decode(&p); err != nil {
		return fmt.Errorf("webhooks: job payload: %w", err)
	}
	var a attempt
	err := s.db.QueryRowContext(ctx, `SELECT d.id, d.endpoint_id, e.user_id, d.event, d.msg_id, d.payload, d.attempt, d.state, e.url, e.secret, e.enabled
		FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = $1`, p.Delivery).
		Scan(&a.id, &a.endpointID, &a.userID, &a.event, &a.msgID, &a.payload, &a.n, &a.state, &a.url, &a.secret, &a.enabled)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && a.state != "pending") {
		return nil // the endpoint was deleted, or this attempt already ran
	}
	if err != nil {
		return fmt.Errorf("webhooks: read delivery: %w", err)
	}
	if !a.enabled && a.event != Test {
		return s.skip(ctx, a, "The endpoint is off")
	}
	ok, err := s.hasAccess(ctx, a.userID)
	if err != nil {
		return err
	}
	if !ok {
		return s.skip(ctx, a, "Your plan does not include API access")
	}
	code, latency, sendErr := s.send(ctx, a)
	return s.record(ctx, a, code, latency, sendErr)
}

func (s *Service) hasAccess(ctx context.Context, userID int64) (bool, error) {
	if s.access == nil {
		return true, nil
	}
	ok, err := s.access.APIAccess(ctx, userID)
	if err != nil {
		return false, fmt.Errorf("webhooks: api access: %w", err)
	}
	return ok, nil
}

// skip settles a without sending it.
func (s *Service) skip(ctx context.Context, a attempt, why string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE webhook_deliveries SET state = 'skipped', error = $2, delivered_at = $3 WHERE id = $1 AND state = 'pending'`,
		a.id, why, s.db.Time())
	if err != nil {
		return fmt.Errorf("webhooks: skip delivery: %w", err)
	}
	return nil
}

// maxErrorText bounds the error kept for the log.
const maxErrorText = 300

// send posts a's message, signed, and returns the answer's status (0 when
// there was none) and the time it took. Any status but 2xx is a failure,
// redirects included.
func (s *Service) send(ctx context.Context, a attempt) (int, time.Duration, error) {
	secret, err := s.seal.open(a.secret)
	if err != nil {
		return 0, 0, err
	}
	ts := s.db.Time().Unix()
	sig, err := Sign(secret, a.msgID, ts, []byte(a.payload))
	if err != nil {
		return 0, 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.url, strings.NewReader(a.payload))
	if err != nil {
		return 0, 0, errors.New("the endpoint's address is not valid")
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "PropMatch-Webhooks/1")
	req.Header.Set("webhook-id", a.msgID)
	req.Header.Set("webhook-timestamp", strconv.FormatInt(ts, 10))
	req.Header.Set("webhook-signature", sig)
	client := s.https
	if req.URL.Scheme == "http" {
		client = s.plain
	}
	start := time.Now()
	res, err := client.Do(req)
	latency := time.Since(start)
	if err != nil {
		return 0, latency, err
	}
	_, _ = io.CopyN(io.Discard, res.Body, 64<<10)
	_ = res.Body.Close()
	if res.StatusCode < 200 || res.StatusCode > 299 {
		if res.StatusCode >= 300 && res.StatusCode < 400 {
			return res.StatusCode, latency, fmt.Errorf("the endpoint answered %d (a redirect, which is not followed)", res.StatusCode)
		}
		return res.StatusCode, latency, fmt.Errorf("the endpoint answered %d", res.StatusCode)
	}
	return res.StatusCode, latency, nil
}

// errorText is the log's short, secret-free form of a sending error.
func errorText(err error) string {
	var b bytes.Buffer
	switch {
	case errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "Client.Timeout") || strings.Contains(err.Error(), "timeout"):
		b.WriteString("The endpoint did not answer in time")
	case errors.Is(err, errRefusedAddress):
		b.WriteString("Refused: " + errRefusedAddress.Error())
	default:
		b.WriteString(err.Error())
	}
	t := b.String()
	if len(t) > maxErrorText {
		t = t[:maxErrorText]
	}
	return t
}

// record settles a with the answer, in one transaction with what follows:
// the failure count, the next attempt, or the endpoint turned off.
func (s *Service) record(ctx context.Context, a attempt, code int, latency time.Duration, sendErr error) error {
	var disabled bool
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		now := s.db.Time()
		state, msg := "succeeded", ""
		if sendErr != nil {
			state, msg = "failed", errorText(sendErr)
		}
		var codeArg any
		if code > 0 {
			codeArg = code
		}
		res, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET state = $2, status_code = $3, latency_ms = $4, error = $5, delivered_at = $6
			WHERE id = $1 AND state = 'pending'`, a.id, state, codeArg, latency.Milliseconds(), msg, now)
		if err != nil {
			return fmt.Errorf("webhooks: record delivery: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // another worker settled it
		}
		if err := prune(ctx, tx, a.endpointID); err != nil {
			return err
		}
		if a.event == Test { // tried once; it does not count against the endpoint
			return nil
		}
		if sendErr == nil {
			_, err := tx.ExecContext(ctx, `UPDATE webhook_endpoints SET consecutive_failures = 0 WHERE id = $1`, a.endpointID)
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1 WHERE id = $1`, a.endpointID); err != nil {
			return fmt.Errorf("webhooks: count failure: %w", err)
		}
		if a.n <= len(s.cfg.Schedule) {
			_, err := addAttempt(ctx, tx, now, a.endpointID, a.event, a.msgID, a.payload, a.n+1, s.cfg.Schedule[a.n-1])
			return err
		}
		res, err = tx.ExecContext(ctx, `UPDATE webhook_endpoints SET enabled = FALSE, disabled_reason = $2, updated_at = $3 WHERE id = $1 AND enabled = TRUE`,
			a.endpointID, fmt.Sprintf("Turned off after %d failed attempts to deliver %s", a.n, a.msgID), now)
		if err != nil {
			return fmt.Errorf("webhooks: turn endpoint off: %w", err)
		}
		n, err := res.RowsAffected()
		disabled = err == nil && n == 1
		return err
	})
	if err != nil {
		return err
	}
	if disabled {
		s.tellDisabled(context.WithoutCancel(ctx), a)
	}
	return nil
}

// prune keeps an endpoint's newest keepDeliveries attempts.
func prune(ctx context.Context, tx *sql.Tx, endpointID int64) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM webhook_deliveries WHERE endpoint_id = $1 AND state <> 'pending' AND id <= (
		SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id DESC LIMIT 1 OFFSET $2)`, endpointID, keepDeliveries)
	if err != nil {
		return fmt.Errorf("webhooks: prune log: %w", err)
	}
	return nil
}

// tellDisabled emails the agent that endpoint a went off, when they have a
// verified email; a failure to send is logged, not retried (the settings
// page shows the endpoint off with its reason).
func (s *Service) tellDisabled(ctx context.Context, a attempt) {
	if s.mail == nil {
		return
	}
	var name string
	var email, verified sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT full_name, email, CAST(email_verified_at AS TEXT) FROM users WHERE id = $1`, a.userID).Scan(&name, &email, &verified)
	if err != nil || !email.Valid || email.String == "" || !verified.Valid {
		if err != nil {
			s.log.Warn("webhooks: read agent for the endpoint-off email", "endpoint", a.endpointID, "err", err)
		}
		return
	}
	m, err := outbound.NoticeEmail(email.String, outbound.Notice{
		Name:    name,
		Subject: "Your PropMatch webhook endpoint was turned off",
		Intro: fmt.Sprintf("PropMatch could not deliver an event to your webhook endpoint after %d attempts over about a day, so it has turned the endpoint off. "+
			"No more events go to it until you turn it on again in Settings.", a.n),
		Lines:       []outbound.NoticeLine{{Title: a.url, Detail: "Last event: " + a.event + " (" + a.msgID + ")"}},
		ActionURL:   s.cfg.BaseURL + "/settings#webhooks",
		ActionLabel: "Open webhook settings",
		Footnote:    "You get this email because you added this endpoint to your PropMatch account.",
	})
	if err == nil {
		err = s.mail.SendEmail(ctx, m)
	}
	if err != nil {
		s.log.Warn("webhooks: endpoint-off email", "endpoint", a.endpointID, "err", err)
	}
}
