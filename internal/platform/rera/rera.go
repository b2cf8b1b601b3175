// Package rera is RERA verification (issue 27): an agent submits their
// registration (number, state authority, last valid day, certificate), an
// admin approves or rejects it, and the badge (users.is_rera_verified,
// which this package alone writes) holds exactly while an approved,
// unexpired registration exists. Reminders go 30 and 7 days before expiry;
// a queued job lapses the badge the day after, once across instances.
package rera

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/audit"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/settings"
)

// The statuses of a registration.
const (
	Pending    = "pending"
	Approved   = "approved"
	Rejected   = "rejected"
	Lapsed     = "lapsed"
	Superseded = "superseded"
)

// dateLayout is how validUntil is written: YYYY-MM-DD.
const dateLayout = "2006-01-02"

// MaxValidYears is how far ahead a validity may end (UP RERA grants ten
// years, the other states five).
const MaxValidYears = 10

// MaxReasonLength bounds a rejection's reason.
const MaxReasonLength = 500

// Config tunes the Service.
type Config struct {
	// BaseURL is the origin reminder links point at (no trailing slash).
	BaseURL string
	// Template is the approved WhatsApp template of account updates
	// (parameters: first name, text, link); empty sends no WhatsApp.
	Template string
	// Unsubscribe returns the one-click unsubscribe link of kind's emails
	// (notifications.Service.UnsubscribeURL); nil sends none.
	Unsubscribe func(userID int64, kind settings.Kind) string
}

// Service is RERA verification.
type Service struct {
	db   *store.DB
	mail outbound.Mailer
	wa   outbound.TemplateSender
	cfg  Config
	log  *slog.Logger
}

// NewService returns the Service; mail and wa send the reminders (nil sends none).
func NewService(db *store.DB, mail outbound.Mailer, wa outbound.TemplateSender, cfg Config, log *slog.Logger) *Service {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{db: db, mail: mail, wa: wa, cfg: cfg, log: log}
}

// Registration is one submission as its agent and admins see it.
type Registration struct {
	ID              int64      `json:"id"`
	Number          string     `json:"number"`
	State           string     `json:"state"`
	ValidUntil      string     `json:"validUntil"`
	Status          string     `json:"status"`
	Reason          string     `json:"reason"`
	SubmittedAt     time.Time  `json:"submittedAt"`
	ReviewedAt      *time.Time `json:"reviewedAt"`
	CertificateURL  string     `json:"certificateUrl"`
	CertificateType string     `json:"certificateType"`
}

// Mine is an agent's RERA standing: the badge, its validity, their latest
// submission and the approved registration behind the badge.
type Mine struct {
	Verified   bool          `json:"isReraVerified"`
	ValidUntil *string       `json:"reraValidUntil"`
	Latest     *Registration `json:"latest"`
	Approved   *Registration `json:"approved"`
}

// QueueItem is a registration in the admins' review queue.
type QueueItem struct {
	Registration
	AgentID   int64  `json:"agentId"`
	AgentName string `json:"agentName"`
	Username  string `json:"username"`
	SearchURL string `json:"searchUrl"`
}

// CertificateURL is where registration id's certificate is served.
func CertificateURL(id int64) string {
	return "/api/rera/" + strconv.FormatInt(id, 10) + "/certificate"
}

const regColumns = `r.id, r.number, r.state, r.valid_until, r.status, r.reason, r.submitted_at, r.reviewed_at, r.certificate_type`

func scanReg(row interface{ Scan(...any) error }, r *Registration, extra ...any) error {
	var reviewed sql.Null[time.Time]
	var rt time.Time
	dest := append([]any{&r.ID, &r.Number, &r.State, &r.ValidUntil, &r.Status, &r.Reason, store.ScanTime(&r.SubmittedAt),
		nullTime{&reviewed}, &r.CertificateType}, extra...)
	if err := row.Scan(dest...); err != nil {
		return err
	}
	if reviewed.Valid {
		rt = reviewed.V
		r.ReviewedAt = &rt
	}
	r.CertificateURL = CertificateURL(r.ID)
	return nil
}

// nullTime scans a nullable timestamp of either engine.
type nullTime struct{ t *sql.Null[time.Time] }

func (n nullTime) Scan(v any) error {
	if v == nil {
		n.t.Valid = false
		return nil
	}
	n.t.Valid = true
	return store.ScanTime(&n.t.V).Scan(v)
}

// Today is the date in India at now, as validUntil is written.
func Today(now time.Time) string { return now.In(india.Zone).Format(dateLayout) }

// VerifiedCondition is the SQL condition, on the users row aliased alias,
// that the agent holds an approved registration valid on the date of
// parameter $n (Today): what every count of verified agents uses.
func VerifiedCondition(alias string, n int) string {
	return fmt.Sprintf(`%[1]s.is_rera_verified = TRUE AND EXISTS (SELECT 1 FROM rera_registrations rr
		WHERE rr.user_id = %[1]s.id AND rr.status = 'approved' AND rr.valid_until >= $%[2]d)`, alias, n)
}

// Mine returns userID's standing.
func (s *Service) Mine(ctx context.Context, userID int64) (Mine, error) {
	return mine(ctx, s.db, userID, Today(s.db.Time()))
}

func mine(ctx context.Context, q store.Querier, userID int64, today string) (Mine, error) {
	var out Mine
	if err := q.QueryRowContext(ctx, `SELECT is_rera_verified FROM users WHERE id = $1`, userID).Scan(&out.Verified); err != nil {
		return out, apperr.Wrap(err, "read badge")
	}
	var latest Registration
	err := scanReg(q.QueryRowContext(ctx, `SELECT `+regColumns+` FROM rera_registrations r WHERE r.user_id = $1 ORDER BY r.id DESC LIMIT 1`, userID), &latest)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return out, apperr.Wrap(err, "read registration")
	default:
		out.Latest = &latest
	}
	var approved Registration
	err = scanReg(q.QueryRowContext(ctx, `SELECT `+regColumns+` FROM rera_registrations r WHERE r.user_id = $1 AND r.status = 'approved'`, userID), &approved)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return out, apperr.Wrap(err, "read approved registration")
	default:
		out.Approved = &approved
		if out.Verified && approved.ValidUntil >= today {
			v := approved.ValidUntil
			out.ValidUntil = &v
		}
	}
	out.Verified = out.ValidUntil != nil
	return out, nil
}

// Submission is what an agent submits.
type Submission struct {
	Number, State, ValidUntil string
	Certificate               []byte
}

// Submit records userID's submission for review. It replaces their
// submission still waiting (never reviewed, it is deleted with its
// certificate). A number or state other than the approved registration's
// removes the badge until this one is approved; the same number and state
// (a renewal) keep the badge on the approved registration meanwhile.
func (s *Service) Submit(ctx context.Context, userID int64, in Submission) (Mine, error) {
	now := s.db.Time()
	today := Today(now)
	var f apperr.Fields
	state, stateOK := india.CheckState(&f, "state", in.State, "Choose the state authority that registered you")
	number := normalize(in.Number)
	if !utf8.ValidString(number) || strings.ContainsAny(number, "\x00<>") {
		f.Add("number", "The registration number has characters it cannot have")
	} else if stateOK || state == "" {
		if msg := checkNumber(state, number); msg != "" {
			f.Add("number", msg)
		}
	}
	validUntil := strings.TrimSpace(in.ValidUntil)
	if d, err := time.Parse(dateLayout, validUntil); err != nil {
		f.Add("validUntil", "Enter the last day of validity as YYYY-MM-DD")
	} else if validUntil <= today {
		f.Add("validUntil", "This registration has expired: the last day of validity must be after today")
	} else if d.After(now.In(india.Zone).AddDate(MaxValidYears, 0, 1)) {
		f.Add("validUntil", fmt.Sprintf("A registration is valid for at most %d years", MaxValidYears))
	}
	cert, certType, certErr := checkCertificate(ctx, in.Certificate, "certificate")
	var ae *apperr.Error
	if errors.As(certErr, &ae) && ae.Code == apperr.Invalid {
		f = append(f, ae.Fields...)
	} else if certErr != nil {
		return Mine{}, certErr
	}
	if err := f.Err(); err != nil {
		return Mine{}, err
	}
	var out Mine
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := lockUser(ctx, tx, s.db.Engine, userID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM rera_registrations WHERE user_id = $1 AND status = 'pending'`, userID); err != nil {
			return apperr.Wrap(err, "replace pending registration")
		}
		var approvedID int64
		var approvedNumber, approvedState string
		err := tx.QueryRowContext(ctx, `SELECT id, number, state FROM rera_registrations WHERE user_id = $1 AND status = 'approved'`, userID).
			Scan(&approvedID, &approvedNumber, &approvedState)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return apperr.Wrap(err, "read approved registration")
		}
		if approvedID != 0 && (approvedNumber != number || approvedState != state) {
			if _, err := tx.ExecContext(ctx, `UPDATE rera_registrations SET status = 'superseded' WHERE id = $1`, approvedID); err != nil {
				return apperr.Wrap(err, "supersede registration")
			}
			if err := jobs.Cancel(ctx, tx, jobKey(approvedID)); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE users SET is_rera_verified = FALSE, updated_at = $1 WHERE id = $2`, now, userID); err != nil {
				return apperr.Wrap(err, "remove badge")
			}
		}
		if _, err := store.InsertID(ctx, tx, "rera_registrations",
			[]string{"user_id", "number", "state", "valid_until", "certificate", "certificate_type", "status", "submitted_at"},
			[]any{userID, number, state, validUntil, cert, certType, Pending, now}); err != nil {
			return apperr.Wrap(err, "save registration")
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET rera_number = $1, updated_at = $2 WHERE id = $3`, number, now, userID); err != nil {
			return apperr.Wrap(err, "save number")
		}
		out, err = mine(ctx, tx, userID, today)
		return err
	})
	return out, err
}

// lockUser serializes an agent's RERA writes on PostgreSQL (SQLite's
// transactions are serialized already).
func lockUser(ctx context.Context, tx *sql.Tx, engine store.Engine, userID int64) error {
	if engine != store.Postgres {
		return nil
	}
	err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE id = $1 FOR UPDATE`, userID).Scan(new(int64))
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.New(apperr.NotFound, "Account not found")
	}
	return apperr.Wrap(err, "lock account")
}

// statusFilter is the admin queue's filter: one status, or every one.
func statusFilter(status string) (string, error) {
	switch status {
	case "", Pending:
		return Pending, nil
	case Approved, Rejected, Lapsed, Superseded, "all":
		return status, nil
	}
	return "", apperr.Validation(apperr.FieldError{Path: "status", Message: "Status is one of pending, approved, rejected, lapsed, superseded or all"})
}

// QueueLimit is how many registrations one queue page lists.
const QueueLimit = 200

// Queue lists registrations of status (pending when empty; "all" for
// every one) for the admins: the oldest submission first, so the queue is
// worked in order.
func (s *Service) Queue(ctx context.Context, status string) ([]QueueItem, error) {
	status, err := statusFilter(status)
	if err != nil {
		return nil, err
	}
	where, args := `r.status = $1`, []any{status, QueueLimit}
	if status == "all" {
		where, args = `$1 = 'all'`, []any{status, QueueLimit}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+regColumns+`, u.id, u.full_name, u.username FROM rera_registrations r
		JOIN users u ON u.id = r.user_id WHERE `+where+` ORDER BY r.submitted_at, r.id LIMIT $2`, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "list registrations")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, it *QueueItem) error {
		if err := scanReg(rows, &it.Registration, &it.AgentID, &it.AgentName, &it.Username); err != nil {
			return err
		}
		it.SearchURL = SearchPage(it.State)
		return nil
	})
	return list, apperr.Wrap(err, "list registrations")
}

// review locks registration id for an admin's decision: it returns its
// agent and validity, NotFound when there is none, Conflict when it was
// reviewed (or replaced) already.
func review(ctx context.Context, tx *sql.Tx, engine store.Engine, id int64) (userID int64, validUntil string, err error) {
	lock := ""
	if engine == store.Postgres {
		lock = " FOR UPDATE"
	}
	var status string
	err = tx.QueryRowContext(ctx, `SELECT user_id, valid_until, status FROM rera_registrations WHERE id = $1`+lock, id).Scan(&userID, &validUntil, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", apperr.New(apperr.NotFound, "Registration not found")
	}
	if err != nil {
		return 0, "", apperr.Wrap(err, "read registration")
	}
	if status != Pending {
		return 0, "", apperr.New(apperr.Conflict, "This registration was %s already", status)
	}
	return userID, validUntil, nil
}

// Approve approves pending registration id as admin adminID: it becomes
// the agent's badge (any earlier approved registration is superseded), the
// reminders and the lapse are queued, and the action is audited. A
// registration reviewed already is a Conflict, one that has expired since
// it was submitted too.
func (s *Service) Approve(ctx context.Context, adminID, id int64) (QueueItem, error) {
	now := s.db.Time()
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		userID, validUntil, err := review(ctx, tx, s.db.Engine, id)
		if err != nil {
			return err
		}
		if validUntil < Today(now) {
			return apperr.New(apperr.Conflict, "This registration expired on %s; the agent must submit a current one", validUntil)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE rera_registrations SET status = 'superseded' WHERE user_id = $1 AND status = 'approved'`, userID); err != nil {
			return apperr.Wrap(err, "supersede registration")
		}
		var number string
		if err := tx.QueryRowContext(ctx, `UPDATE rera_registrations SET status = 'approved', reviewed_at = $1, reviewed_by = $2
			WHERE id = $3 AND status = 'pending' RETURNING number`, now, adminID, id).Scan(&number); err != nil {
			return apperr.Wrap(err, "approve registration")
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET is_rera_verified = TRUE, rera_number = $1, updated_at = $2 WHERE id = $3`, number, now, userID); err != nil {
			return apperr.Wrap(err, "give badge")
		}
		if err := s.schedule(ctx, tx, now, id, validUntil); err != nil {
			return err
		}
		return audit.Record(ctx, tx, now, audit.Entry{ActorID: adminID, Action: "rera.approve", TargetType: "rera_registration", TargetID: id,
			Before: map[string]any{"status": Pending}, After: map[string]any{"status": Approved, "userId": userID, "number": number, "validUntil": validUntil}})
	})
	if err != nil {
		return QueueItem{}, err
	}
	return s.item(ctx, id)
}

// Reject rejects pending registration id as admin adminID with reason,
// which the agent sees; audited.
func (s *Service) Reject(ctx context.Context, adminID, id int64, reason string) (QueueItem, error) {
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		return QueueItem{}, apperr.Validation(apperr.FieldError{Path: "reason", Message: "Say why the registration is rejected: the agent sees it"})
	case utf8.RuneCountInString(reason) > MaxReasonLength:
		return QueueItem{}, apperr.Validation(apperr.FieldError{Path: "reason", Message: fmt.Sprintf("The reason is at most %d characters", MaxReasonLength)})
	}
	now := s.db.Time()
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		userID, _, err := review(ctx, tx, s.db.Engine, id)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE rera_registrations SET status = 'rejected', reason = $1, reviewed_at = $2, reviewed_by = $3
			WHERE id = $4 AND status = 'pending'`, reason, now, adminID, id)
		if err != nil {
			return apperr.Wrap(err, "reject registration")
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return apperr.New(apperr.Conflict, "This registration was reviewed already")
		}
		return audit.Record(ctx, tx, now, audit.Entry{ActorID: adminID, Action: "rera.reject", TargetType: "rera_registration", TargetID: id,
			Before: map[string]any{"status": Pending}, After: map[string]any{"status": Rejected, "userId": userID, "reason": reason}})
	})
	if err != nil {
		return QueueItem{}, err
	}
	return s.item(ctx, id)
}

func (s *Service) item(ctx context.Context, id int64) (QueueItem, error) {
	var it QueueItem
	err := scanReg(s.db.QueryRowContext(ctx, `SELECT `+regColumns+`, u.id, u.full_name, u.username FROM rera_registrations r
		JOIN users u ON u.id = r.user_id WHERE r.id = $1`, id), &it.Registration, &it.AgentID, &it.AgentName, &it.Username)
	if errors.Is(err, sql.ErrNoRows) {
		return it, apperr.New(apperr.NotFound, "Registration not found")
	}
	it.SearchURL = SearchPage(it.State)
	return it, apperr.Wrap(err, "read registration")
}

// Certificate is a stored certificate file.
type Certificate struct {
	Data        []byte
	ContentType string
	Filename    string
}

// Certificate returns registration id's certificate to its agent, or to
// an admin (isAdmin); anyone else gets NotFound, as for no such registration.
func (s *Service) Certificate(ctx context.Context, viewerID int64, isAdmin bool, id int64) (Certificate, error) {
	var c Certificate
	var owner int64
	err := s.db.QueryRowContext(ctx, `SELECT user_id, certificate, certificate_type FROM rera_registrations WHERE id = $1`, id).
		Scan(&owner, &c.Data, &c.ContentType)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && owner != viewerID && !isAdmin) {
		return Certificate{}, apperr.New(apperr.NotFound, "Certificate not found")
	}
	if err != nil {
		return Certificate{}, apperr.Wrap(err, "read certificate")
	}
	ext := ".pdf"
	switch c.ContentType {
	case "image/png":
		ext = ".png"
	case "image/jpeg":
		ext = ".jpg"
	}
	c.Filename = "rera-certificate-" + strconv.FormatInt(id, 10) + ext
	return c, nil
}

// ValidUntil is the last valid day of userID's badge, or nil without one:
// what GET /api/user adds to isReraVerified.
func (s *Service) ValidUntil(ctx context.Context, userID int64) (*string, error) {
	var v string
	err := s.db.QueryRowContext(ctx, `SELECT r.valid_until FROM rera_registrations r JOIN users u ON u.id = r.user_id
		WHERE r.user_id = $1 AND r.status = 'approved' AND r.valid_until >= $2 AND u.is_rera_verified = TRUE`, userID, Today(s.db.Time())).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, apperr.Wrap(err, "read badge")
	}
	return &v, nil
}

// NumberChangedTx is called, in the caller's transaction, when userID's
// RERA number is edited on the profile (by the agent or an admin) to
// number: a number other than the approved registration's supersedes it
// and removes the badge, as a new submission would. It reports whether
// the agent still has the badge.
func NumberChangedTx(ctx context.Context, tx *sql.Tx, now time.Time, userID int64, number string) (bool, error) {
	var id int64
	var approved string
	err := tx.QueryRowContext(ctx, `SELECT id, number FROM rera_registrations WHERE user_id = $1 AND status = 'approved'`, userID).Scan(&id, &approved)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, apperr.Wrap(err, "read approved registration")
	}
	if normalize(number) == approved {
		var v bool
		err := tx.QueryRowContext(ctx, `SELECT is_rera_verified FROM users WHERE id = $1`, userID).Scan(&v)
		return v, apperr.Wrap(err, "read badge")
	}
	if _, err := tx.ExecContext(ctx, `UPDATE rera_registrations SET status = 'superseded' WHERE id = $1`, id); err != nil {
		return false, apperr.Wrap(err, "supersede registration")
	}
	if err := jobs.Cancel(ctx, tx, jobKey(id)); err != nil {
		return false, err
	}
	_, err = tx.ExecContext(ctx, `UPDATE users SET is_rera_verified = FALSE, updated_at = $1 WHERE id = $2`, now, userID)
	return false, apperr.Wrap(err, "remove badge")
}

// demoCertificate is the certificate file of the demo market's registrations.
var demoCertificate = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n" +
	"3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\nxref\n0 4\n0000000000 65535 f \n" +
	"trailer << /Size 4 /Root 1 0 R >>\nstartxref\n9\n%%EOF\n")

// SeedDemo gives each agent the demo market marked verified (the flag set
// with a RERA number by `propmatch demo`) the approved registration the
// badge now needs: valid one to five years from now, with its reminders and
// lapse queued. It returns how many it added.
func SeedDemo(ctx context.Context, db *store.DB) (int, error) {
	now := db.Time()
	rows, err := db.QueryContext(ctx, `SELECT u.id, u.rera_number, u.state FROM users u WHERE u.is_rera_verified = TRUE
		AND u.rera_number IS NOT NULL AND NOT EXISTS (SELECT 1 FROM rera_registrations r WHERE r.user_id = u.id AND r.status = 'approved')`)
	if err != nil {
		return 0, apperr.Wrap(err, "demo verified agents")
	}
	type agent struct {
		id            int64
		number, state string
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, a *agent) error { return rows.Scan(&a.id, &a.number, &a.state) })
	if err != nil {
		return 0, apperr.Wrap(err, "demo verified agents")
	}
	s := &Service{db: db}
	for i := 0; i < len(list); i += 200 {
		chunk := list[i:min(i+200, len(list))]
		err := db.WithTx(ctx, func(tx *sql.Tx) error {
			for _, a := range chunk {
				until := now.In(india.Zone).AddDate(1+int(a.id%5), int(a.id%12), 0).Format(dateLayout)
				id, err := store.InsertID(ctx, tx, "rera_registrations",
					[]string{"user_id", "number", "state", "valid_until", "certificate", "certificate_type", "status", "submitted_at", "reviewed_at"},
					[]any{a.id, a.number, a.state, until, demoCertificate, typePDF, Approved, now, now})
				if err != nil {
					return apperr.Wrap(err, "demo registration")
				}
				if err := s.schedule(ctx, tx, now, id, until); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return 0, err
		}
	}
	return len(list), nil
}

// ValidUntilSQL is a scalar subquery of the last valid day of the badge of
// the users row aliased alias (NULL without the badge): what a list of
// agents selects to show "RERA verified · valid until …".
func ValidUntilSQL(alias string) string {
	return `(SELECT rr.valid_until FROM rera_registrations rr WHERE rr.user_id = ` + alias + `.id AND rr.status = 'approved' AND ` + alias + `.is_rera_verified = TRUE)`
}
