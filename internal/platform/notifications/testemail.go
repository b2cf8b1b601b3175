package notifications

import (
	"context"
	"database/sql"
	"slices"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/audit"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/limits"
	"propmatch/internal/platform/outbound"
)

// TestEmailsPerHour is how many test emails one admin may send in an hour.
const TestEmailsPerHour = 20

// SampleTypes are the templates the admins' test page can show and send.
var SampleTypes = []string{"match", "message", "connection", "test"}

var errSampleType = apperr.Validation(apperr.FieldError{Path: "type", Message: "Type must be match, message, connection or test"})

// Admin is the admin who previews or sends a sample email.
type Admin struct {
	ID       int64
	FullName string
	Email    string // the admin's own address; may be empty
}

// TestEmail is what the test page asks to send: a sample Type, and the
// address To (ignored for "test", which goes to the admin's own address).
type TestEmail struct {
	Type      string `json:"type"`
	TestEmail string `json:"testEmail"`
}

// TestResult says, in plain words, what became of a test email.
type TestResult struct {
	Message string `json:"message"`
	To      string `json:"to"`
	Sent    bool   `json:"sent"`
}

// SampleEmail renders the sample email of type typ for a, addressed to to
// (a placeholder address when empty). It returns Invalid for an unknown type.
func (s *Service) SampleEmail(a Admin, typ, to string) (outbound.Email, error) {
	n, ok := s.Sample(typ, a.ID, a.FullName, s.db.Time())
	if !ok {
		return outbound.Email{}, errSampleType
	}
	if to == "" {
		to = "agent@example.com"
	}
	return outbound.NoticeEmail(to, n)
}

// SendTestEmail sends a sample email through the real mail path, at most
// TestEmailsPerHour per admin, and records it in the audit log whether or
// not it went. It returns field errors for a bad type or address,
// TooManyRequests past the limit, and Unavailable (with the mail server's
// trouble in plain words) when the email could not be sent.
func (s *Service) SendTestEmail(ctx context.Context, a Admin, in TestEmail) (TestResult, error) {
	to := strings.TrimSpace(in.TestEmail)
	var f apperr.Fields
	switch {
	case !slices.Contains(SampleTypes, in.Type):
		f = append(f, errSampleType.Fields...)
	case in.Type == "test":
		if to = a.Email; to == "" {
			f.Add("testEmail", "Add an email address to your profile to send yourself a test email")
		}
	case to == "":
		f.Add("testEmail", "Enter the address to send the test email to")
	default:
		if msg := auth.CheckEmail(to); msg != "" {
			f.Add("testEmail", msg)
		}
	}
	if err := f.Err(); err != nil {
		return TestResult{}, err
	}
	ok, wait, err := limits.Take(ctx, s.db, "test-email:"+strconv.FormatInt(a.ID, 10), s.db.Time(),
		limits.Window{Max: TestEmailsPerHour, Every: time.Hour})
	if err != nil {
		return TestResult{}, apperr.Wrap(err, "count test emails")
	}
	if !ok {
		return TestResult{}, apperr.Throttled(wait, "Too many test emails. Try again in %s", apperr.Wait(wait))
	}
	m, err := s.SampleEmail(a, in.Type, to)
	if err != nil {
		return TestResult{}, err
	}
	sendCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	sendErr := s.mail.SendEmail(sendCtx, m)
	out := TestResult{To: to, Sent: sendErr == nil}
	switch {
	case sendErr != nil:
		out.Message = outbound.Explain(sendErr)
		s.log.WarnContext(ctx, "test email failed", "err", sendErr)
	case s.cfg.Dev:
		out.Message = "Captured in the development outbox (development mode sends no email): the " + in.Type + " email for " + to + "."
	default:
		out.Message = "Sent: the SMTP server accepted the " + in.Type + " email for " + to + "."
	}
	err = s.db.WithTx(context.WithoutCancel(ctx), func(tx *sql.Tx) error {
		return audit.Record(ctx, tx, s.db.Time(), audit.Entry{ActorID: a.ID, Action: "email.test", TargetType: "email",
			After: map[string]any{"type": in.Type, "to": to, "sent": out.Sent, "result": out.Message}})
	})
	if err != nil {
		return TestResult{}, err
	}
	if !out.Sent {
		return out, apperr.New(apperr.Unavailable, "%s", out.Message)
	}
	return out, nil
}
