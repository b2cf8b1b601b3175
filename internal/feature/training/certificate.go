package training

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"regexp"
	"time"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
)

// Certificate proves that an agent completed a course. The agent's name and
// the course's title are kept as they were when it was issued; CourseID is
// nil once the course has been deleted.
type Certificate struct {
	ID          int64     `json:"-"`
	Number      string    `json:"number"`
	CourseID    *int64    `json:"courseId"`
	CourseTitle string    `json:"courseTitle"`
	AgentName   string    `json:"agentName"`
	IssuedAt    time.Time `json:"issuedAt"`
	// VerifyURL is the public page that confirms the certificate: the path
	// until SetOrigin makes it absolute.
	VerifyURL string `json:"verifyUrl"`
	// Issuer signs the PDF: the course's instructor (DefaultIssuer when
	// the course is gone). Read only for the PDF.
	Issuer string `json:"-"`
}

// VerifyPath is the path of the public page that confirms certificate number.
func VerifyPath(number string) string { return "/certificates/" + number }

// SetOrigin makes c's verification address absolute on origin (such as
// https://propmatch.example.com).
func (c *Certificate) SetOrigin(origin string) { c.VerifyURL = origin + VerifyPath(c.Number) }

// numberAlphabet has no 0, O, 1 or I, which read alike.
const numberAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

// numberLength random characters give 50 bits: a number cannot be guessed.
const numberLength = 10

// numberPattern is the shape of every certificate number.
var numberPattern = regexp.MustCompile(`^PM-\d{4}-[` + numberAlphabet + `]{10}$`)

// newNumber returns a fresh certificate number for a certificate issued at
// at, such as PM-2026-7K3Q9X2AHM (the year is India's).
func newNumber(at time.Time) string {
	b := make([]byte, numberLength)
	rand.Read(b)
	for i := range b {
		b[i] = numberAlphabet[int(b[i])%len(numberAlphabet)] // 256 is a multiple of 32: no bias
	}
	return "PM-" + at.In(india.Zone).Format("2006") + "-" + string(b)
}

const certificateSelect = `SELECT id, number, course_id, course_title, agent_name, COALESCE(issued_at, NULL) FROM certificates `

func scanCertificate(row interface{ Scan(...any) error }, c *Certificate) error {
	err := row.Scan(&c.ID, &c.Number, &c.CourseID, &c.CourseTitle, &c.AgentName, store.ScanTime(&c.IssuedAt))
	c.VerifyURL = VerifyPath(c.Number)
	return err
}

// issue returns userID's certificate for courseID, issuing it at now with a
// fresh number if there is none yet.
func issue(ctx context.Context, tx *sql.Tx, userID, courseID int64, now time.Time) (Certificate, error) {
	for range 3 { // a number already taken (50 random bits: never in practice) gets another try
		_, err := tx.ExecContext(ctx, `INSERT INTO certificates (number, user_id, course_id, course_title, agent_name, issued_at)
			SELECT $1, u.id, c.id, c.title, u.full_name, $4 FROM users u, courses c WHERE u.id = $2 AND c.id = $3
			ON CONFLICT DO NOTHING`, newNumber(now), userID, courseID, now)
		if err != nil {
			return Certificate{}, apperr.Wrap(err, "issue certificate")
		}
		var c Certificate
		err = scanCertificate(tx.QueryRowContext(ctx, certificateSelect+`WHERE user_id = $1 AND course_id = $2`, userID, courseID), &c)
		if !errors.Is(err, sql.ErrNoRows) {
			return c, apperr.Wrap(err, "certificate")
		}
	}
	return Certificate{}, apperr.Wrap(errors.New("no free certificate number"), "issue certificate")
}

// Certificates returns a page of userID's certificates, newest first, and
// the id the next page starts before (0 on the last page).
func (s *Service) Certificates(ctx context.Context, userID int64, page paging.Page) ([]Certificate, int64, error) {
	query, args := page.Apply(certificateSelect+`WHERE user_id = $1`, "id", []any{userID})
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "certificates")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, c *Certificate) error { return scanCertificate(rows, c) })
	if err != nil {
		return nil, 0, apperr.Wrap(err, "certificates")
	}
	list, next := paging.Trim(list, page, func(c Certificate) int64 { return c.ID })
	return list, next, nil
}

// errCertificateNotFound answers an unknown number, and another agent's.
var errCertificateNotFound = apperr.New(apperr.NotFound, "Certificate not found")

// byNumber returns the certificate number, or NotFound.
func (s *Service) byNumber(ctx context.Context, number string) (Certificate, int64, error) {
	if !numberPattern.MatchString(number) {
		return Certificate{}, 0, errCertificateNotFound
	}
	var c Certificate
	var owner int64
	err := s.db.QueryRowContext(ctx, `SELECT id, number, course_id, course_title, agent_name, COALESCE(issued_at, NULL), user_id
		FROM certificates WHERE number = $1`, number).Scan(&c.ID, &c.Number, &c.CourseID, &c.CourseTitle, &c.AgentName,
		store.ScanTime(&c.IssuedAt), &owner)
	if errors.Is(err, sql.ErrNoRows) {
		return Certificate{}, 0, errCertificateNotFound
	}
	c.VerifyURL = VerifyPath(c.Number)
	return c, owner, apperr.Wrap(err, "certificate")
}

// Verification is what anyone may learn of a certificate from its number:
// that it is genuine, whose it is and for which course. Nothing else of the
// agent is shown.
type Verification struct {
	Number      string    `json:"number"`
	AgentName   string    `json:"agentName"`
	CourseTitle string    `json:"courseTitle"`
	IssuedAt    time.Time `json:"issuedAt"`
	Valid       bool      `json:"valid"`
}

// Verify returns the public confirmation of certificate number, or NotFound.
func (s *Service) Verify(ctx context.Context, number string) (Verification, error) {
	c, _, err := s.byNumber(ctx, number)
	if err != nil {
		return Verification{}, err
	}
	return Verification{Number: c.Number, AgentName: c.AgentName, CourseTitle: c.CourseTitle, IssuedAt: c.IssuedAt, Valid: true}, nil
}

// CertificatePDF returns the PDF of userID's certificate number, whose
// verification page is on origin. Another agent's certificate is NotFound.
func (s *Service) CertificatePDF(ctx context.Context, userID int64, number, origin string) ([]byte, error) {
	c, owner, err := s.byNumber(ctx, number)
	if err != nil {
		return nil, err
	}
	if owner != userID {
		return nil, errCertificateNotFound
	}
	if c.CourseID != nil {
		err := s.db.QueryRowContext(ctx, `SELECT instructor FROM courses WHERE id = $1`, *c.CourseID).Scan(&c.Issuer)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, apperr.Wrap(err, "certificate issuer")
		}
	}
	c.SetOrigin(origin)
	return renderPDF(c)
}
