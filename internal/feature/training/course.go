// Package training is PropMatch's training programme (docs/product.md#training):
// courses made of ordered modules, which agents enrol in and work through;
// the certificate issued when every module is done, with its public
// verification and its PDF; and the app demo videos, whose order admins set.
// Course writes are for admins only.
package training

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// Course statuses: only an available course takes enrolments.
const (
	StatusAvailable  = "available"
	StatusComingSoon = "coming_soon"
)

// Tab is the one tab courses are shown on (the spec's tab field; app demos
// are the other tab, and are not courses).
const Tab = "courses"

// Categories are the ten course categories, in the spec's order.
var Categories = []string{"Course", "Finance", "Knowledge", "Legal & Compliance", "Marketing",
	"Project Training", "Sales", "Technology", "Valuation", "What's New"}

// Levels are the three course levels.
var Levels = []string{"Beginner", "Intermediate", "Advanced"}

// Service runs the training programme on one database.
type Service struct {
	db *store.DB
}

// NewService returns a Service on db.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// Progress is how many of a course's modules an agent has done.
type Progress struct {
	Completed int `json:"completed"`
	Total     int `json:"total"`
}

// Course is a course as an agent sees it: its fields, real counts, and the
// caller's enrolment and progress (nil when not enrolled).
type Course struct {
	ID               int64     `json:"id"`
	Title            string    `json:"title"`
	Description      string    `json:"description"`
	Instructor       string    `json:"instructor"`
	Duration         string    `json:"duration"`
	Level            string    `json:"level"`
	Price            string    `json:"price"`
	Category         string    `json:"category"`
	VideoURL         *string   `json:"videoUrl"`
	ThumbnailURL     *string   `json:"thumbnailUrl"`
	Status           string    `json:"status"`
	DisplayOrder     int       `json:"displayOrder"`
	Tab              string    `json:"tab"`
	StudentsEnrolled int       `json:"studentsEnrolled"`
	ModuleCount      int       `json:"moduleCount"`
	Enrolled         bool      `json:"enrolled"`
	Progress         *Progress `json:"progress"`
	CreatedAt        time.Time `json:"createdAt"`
}

// Module is one lesson of a course, with whether the caller has done it.
type Module struct {
	ID        int64   `json:"id"`
	Title     string  `json:"title"`
	VideoURL  *string `json:"videoUrl"`
	Duration  string  `json:"duration"`
	Position  int     `json:"position"`
	Completed bool    `json:"completed"`
}

// CourseDetail is a course with its modules in order.
type CourseDetail struct {
	Course
	Modules []Module `json:"modules"`
}

// courseSelect reads a course for the agent $1: its columns, the number of
// agents enrolled and of modules, and the agent's enrolment and modules done.
const courseSelect = `SELECT c.id, c.title, c.description, c.instructor, c.duration, c.level, c.price, c.category,
	c.video_url, c.thumbnail_url, c.status, c.display_order, c.tab, COALESCE(c.created_at, NULL),
	(SELECT COUNT(*) FROM enrollments n WHERE n.course_id = c.id),
	(SELECT COUNT(*) FROM course_modules m WHERE m.course_id = c.id),
	e.id IS NOT NULL,
	(SELECT COUNT(*) FROM module_progress p WHERE p.user_id = $1 AND p.course_id = c.id)
	FROM courses c LEFT JOIN enrollments e ON e.course_id = c.id AND e.user_id = $1 `

func scanCourse(rows *sql.Rows, c *Course) error {
	var done int
	err := rows.Scan(&c.ID, &c.Title, &c.Description, &c.Instructor, &c.Duration, &c.Level, &c.Price, &c.Category,
		&c.VideoURL, &c.ThumbnailURL, &c.Status, &c.DisplayOrder, &c.Tab, store.ScanTime(&c.CreatedAt),
		&c.StudentsEnrolled, &c.ModuleCount, &c.Enrolled, &done)
	if c.Enrolled {
		c.Progress = &Progress{Completed: done, Total: c.ModuleCount}
	}
	return err
}

func queryCourses(ctx context.Context, q store.Querier, where string, args ...any) ([]Course, error) {
	rows, err := q.QueryContext(ctx, courseSelect+where, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "courses")
	}
	list, err := store.Collect(rows, scanCourse)
	return list, apperr.Wrap(err, "courses")
}

// Filter narrows the course list: Query is searched for in the title,
// category, instructor and description (any case); Category keeps one category.
type Filter struct {
	Query, Category string
}

// List returns one page of the courses userID sees, in display order (then
// by id), with the cursor of the next page ("" on the last). It returns
// Invalid for an unknown category or a cursor this server did not make.
func (s *Service) List(ctx context.Context, userID int64, f Filter, limit int, cursor string) ([]Course, string, error) {
	var fe apperr.Fields
	if f.Category != "" && !slices.Contains(Categories, f.Category) {
		fe.Add("category", "Category must be one of "+strings.Join(Categories, ", "))
	}
	after, err := parseCursor(cursor)
	if err != nil {
		fe.Add("cursor", "Cursor is not one this server gave out")
	}
	if err := fe.Err(); err != nil {
		return nil, "", err
	}
	where, args := `WHERE c.tab = $2`, []any{userID, Tab}
	if f.Category != "" {
		args = append(args, f.Category)
		where += ` AND c.category = $3`
	}
	var match string
	match, args = store.Contains("c.search_text", f.Query, args)
	where += match
	where, args = after.apply(where, args, limit)
	list, err := queryCourses(ctx, s.db, where, args...)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(list) > limit {
		list = list[:limit]
		last := list[limit-1]
		next = cursorOf(last.DisplayOrder, last.ID)
	}
	return list, next, nil
}

// CategoryCount is how many courses one category has.
type CategoryCount struct {
	Category string `json:"category"`
	Count    int    `json:"count"`
}

// Categories returns the categories that have courses, with their counts,
// in the order of Categories.
func (s *Service) Categories(ctx context.Context) ([]CategoryCount, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT category, COUNT(*) FROM courses WHERE tab = $1 GROUP BY category`, Tab)
	if err != nil {
		return nil, apperr.Wrap(err, "course categories")
	}
	counts, err := store.Collect(rows, func(rows *sql.Rows, c *CategoryCount) error { return rows.Scan(&c.Category, &c.Count) })
	if err != nil {
		return nil, apperr.Wrap(err, "course categories")
	}
	out := []CategoryCount{}
	for _, name := range Categories {
		for _, c := range counts {
			if c.Category == name {
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// errCourseNotFound is what every call naming a missing course returns.
var errCourseNotFound = apperr.New(apperr.NotFound, "Course not found")

// Detail returns the course id with its modules as userID sees them. It
// returns NotFound for a missing course.
func (s *Service) Detail(ctx context.Context, userID, id int64) (CourseDetail, error) {
	return detail(ctx, s.db, userID, id)
}

func detail(ctx context.Context, q store.Querier, userID, id int64) (CourseDetail, error) {
	list, err := queryCourses(ctx, q, `WHERE c.id = $2`, userID, id)
	if err != nil {
		return CourseDetail{}, err
	}
	if len(list) == 0 {
		return CourseDetail{}, errCourseNotFound
	}
	rows, err := q.QueryContext(ctx, `SELECT m.id, m.title, m.video_url, m.duration, m.position, p.module_id IS NOT NULL
		FROM course_modules m LEFT JOIN module_progress p ON p.module_id = m.id AND p.user_id = $1
		WHERE m.course_id = $2 ORDER BY m.position, m.id`, userID, id)
	if err != nil {
		return CourseDetail{}, apperr.Wrap(err, "course modules")
	}
	modules, err := store.Collect(rows, func(rows *sql.Rows, m *Module) error {
		return rows.Scan(&m.ID, &m.Title, &m.VideoURL, &m.Duration, &m.Position, &m.Completed)
	})
	if err != nil {
		return CourseDetail{}, apperr.Wrap(err, "course modules")
	}
	return CourseDetail{Course: list[0], Modules: modules}, nil
}

// courseStatus returns the status of course id, or NotFound.
func courseStatus(ctx context.Context, q store.Querier, id int64) (string, error) {
	var status string
	err := q.QueryRowContext(ctx, `SELECT status FROM courses WHERE id = $1`, id).Scan(&status)
	if errors.Is(err, sql.ErrNoRows) {
		return "", errCourseNotFound
	}
	return status, apperr.Wrap(err, "course status")
}
