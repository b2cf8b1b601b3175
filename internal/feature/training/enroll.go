package training

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
)

// Enrollment is an agent's place on a course: when they enrolled, their
// progress, and when they completed it (with its certificate's number).
type Enrollment struct {
	ID                int64      `json:"-"`
	CourseID          int64      `json:"courseId"`
	Course            Course     `json:"course"`
	EnrolledAt        time.Time  `json:"enrolledAt"`
	CompletedAt       *time.Time `json:"completedAt"`
	Progress          Progress   `json:"progress"`
	CertificateNumber *string    `json:"certificateNumber"`
}

// Errors of enrolment, with the spec's wording where it has one.
var (
	errAlreadyEnrolled = apperr.New(apperr.Conflict, "Already Enrolled")
	errNotOpen         = apperr.New(apperr.Conflict, "This course is not open for enrolment yet")
	errNotEnrolled     = apperr.New(apperr.NotFound, "You are not enrolled in this course")
	errEnrolFirst      = apperr.New(apperr.Forbidden, "Enroll in this course to track your progress")
	errModuleNotFound  = apperr.New(apperr.NotFound, "Module not found")
)

// Enroll enrols userID in course courseID. It returns NotFound for a
// missing course, Conflict "This course is not open for enrolment yet" for
// a course that is not available, and Conflict "Already Enrolled" when
// userID is enrolled already (of any number of simultaneous requests,
// exactly one enrols).
func (s *Service) Enroll(ctx context.Context, userID, courseID int64) (Enrollment, error) {
	var out Enrollment
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		status, err := courseStatus(ctx, tx, courseID)
		if err != nil {
			return err
		}
		if status != StatusAvailable {
			return errNotOpen
		}
		var id int64
		err = tx.QueryRowContext(ctx, `INSERT INTO enrollments (user_id, course_id, enrolled_at) VALUES ($1, $2, $3)
			ON CONFLICT (user_id, course_id) DO NOTHING RETURNING id`, userID, courseID, s.db.Time()).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return errAlreadyEnrolled
		}
		if err != nil {
			return apperr.Wrap(err, "enroll")
		}
		out, err = enrollmentOf(ctx, tx, userID, courseID)
		return err
	})
	return out, err
}

// Unenroll removes userID from course courseID and forgets their progress
// on it; a certificate already issued stays. It returns NotFound when
// userID is not enrolled.
func (s *Service) Unenroll(ctx context.Context, userID, courseID int64) error {
	return s.db.WithTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM enrollments WHERE user_id = $1 AND course_id = $2`, userID, courseID)
		if err != nil {
			return apperr.Wrap(err, "unenroll")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errNotEnrolled
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM module_progress WHERE user_id = $1 AND course_id = $2`, userID, courseID)
		return apperr.Wrap(err, "forget progress")
	})
}

// enrollmentSelect reads enrolments with their certificate's number.
const enrollmentSelect = `SELECT e.id, e.course_id, COALESCE(e.enrolled_at, NULL), e.completed_at,
	(SELECT t.number FROM certificates t WHERE t.user_id = e.user_id AND t.course_id = e.course_id)
	FROM enrollments e WHERE e.user_id = $1`

// Enrollments returns a page of userID's enrolments, newest first, and the
// id the next page starts before (0 on the last page).
func (s *Service) Enrollments(ctx context.Context, userID int64, page paging.Page) ([]Enrollment, int64, error) {
	query, args := page.Apply(enrollmentSelect, "e.id", []any{userID})
	list, err := enrollments(ctx, s.db, userID, query, args...)
	if err != nil {
		return nil, 0, err
	}
	list, next := paging.Trim(list, page, func(e Enrollment) int64 { return e.ID })
	return list, next, nil
}

// enrollmentOf returns userID's enrolment in courseID, or NotEnrolled.
func enrollmentOf(ctx context.Context, q store.Querier, userID, courseID int64) (Enrollment, error) {
	list, err := enrollments(ctx, q, userID, enrollmentSelect+` AND e.course_id = $2`, userID, courseID)
	if err != nil {
		return Enrollment{}, err
	}
	if len(list) == 0 {
		return Enrollment{}, errNotEnrolled
	}
	return list[0], nil
}

// enrollments runs query (enrollmentSelect narrowed) and fills in each
// enrolment's course as userID sees it.
func enrollments(ctx context.Context, q store.Querier, userID int64, query string, args ...any) ([]Enrollment, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "enrollments")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, e *Enrollment) error {
		var done sql.NullTime
		if err := rows.Scan(&e.ID, &e.CourseID, store.ScanTime(&e.EnrolledAt), &done, &e.CertificateNumber); err != nil {
			return err
		}
		if done.Valid {
			t := done.Time.UTC()
			e.CompletedAt = &t
		}
		return nil
	})
	if err != nil || len(list) == 0 {
		return list, apperr.Wrap(err, "enrollments")
	}
	ids := make([]any, len(list)+1)
	ids[0] = userID
	for i, e := range list {
		ids[i+1] = e.CourseID
	}
	courses, err := queryCourses(ctx, q, `WHERE c.id IN (`+store.Placeholders(2, len(list))+`)`, ids...)
	if err != nil {
		return nil, err
	}
	// Two reads outside a transaction: an enrolment whose course went in
	// between is left out, and one left in between shows no progress.
	out := list[:0]
	for _, e := range list {
		for _, c := range courses {
			if c.ID == e.CourseID {
				e.Course, e.Progress = c, Progress{Total: c.ModuleCount}
				if c.Progress != nil {
					e.Progress = *c.Progress
				}
				out = append(out, e)
			}
		}
	}
	return out, nil
}

// Completion is the answer to marking a module done or not done: the
// enrolment as it now stands, and the course's certificate once it is
// complete (nil otherwise, and always nil when un-marking).
type Completion struct {
	Enrollment  Enrollment   `json:"enrollment"`
	Certificate *Certificate `json:"certificate"`
}

// SetModuleDone marks module moduleID of course courseID done (or, with
// done false, not done) for userID. When the last module is done, the
// course is complete and its certificate is issued: exactly one, however
// many completions race. It returns NotFound for a missing course or a
// module of another course, and Forbidden when userID is not enrolled.
func (s *Service) SetModuleDone(ctx context.Context, userID, courseID, moduleID int64, done bool) (Completion, error) {
	var out Completion
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		// Writing the enrolment row first locks it on PostgreSQL, so that
		// two completions of the same course run one after the other and
		// the second sees the first's module (SQLite's write lock does the same).
		res, err := tx.ExecContext(ctx, `UPDATE enrollments SET completed_at = completed_at WHERE user_id = $1 AND course_id = $2`, userID, courseID)
		if err != nil {
			return apperr.Wrap(err, "lock enrollment")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			if _, err := courseStatus(ctx, tx, courseID); err != nil {
				return err
			}
			return errEnrolFirst
		}
		var one int
		err = tx.QueryRowContext(ctx, `SELECT 1 FROM course_modules WHERE id = $1 AND course_id = $2`, moduleID, courseID).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return errModuleNotFound
		}
		if err != nil {
			return apperr.Wrap(err, "module")
		}
		now := s.db.Time()
		if done {
			_, err = tx.ExecContext(ctx, `INSERT INTO module_progress (user_id, course_id, module_id, done_at) VALUES ($1, $2, $3, $4)
				ON CONFLICT (user_id, module_id) DO NOTHING`, userID, courseID, moduleID, now)
		} else {
			_, err = tx.ExecContext(ctx, `DELETE FROM module_progress WHERE user_id = $1 AND module_id = $2`, userID, moduleID)
		}
		if err != nil {
			return apperr.Wrap(err, "module progress")
		}
		out.Enrollment, err = enrollmentOf(ctx, tx, userID, courseID)
		if err != nil || !done || out.Enrollment.Progress.Completed < out.Enrollment.Progress.Total {
			return err
		}
		cert, err := complete(ctx, tx, userID, courseID, now)
		if err != nil {
			return err
		}
		out.Certificate = &cert
		out.Enrollment, err = enrollmentOf(ctx, tx, userID, courseID)
		return err
	})
	return out, err
}

// complete records that userID completed courseID at now (unless they had
// already) and returns the course's certificate, issuing it the first time.
func complete(ctx context.Context, tx *sql.Tx, userID, courseID int64, now time.Time) (Certificate, error) {
	_, err := tx.ExecContext(ctx, `UPDATE enrollments SET completed_at = $1 WHERE user_id = $2 AND course_id = $3 AND completed_at IS NULL`,
		now, userID, courseID)
	if err != nil {
		return Certificate{}, apperr.Wrap(err, "complete enrollment")
	}
	return issue(ctx, tx, userID, courseID, now)
}
