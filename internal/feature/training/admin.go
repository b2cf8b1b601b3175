package training

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"propmatch/internal/core/listing"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/video"
	"propmatch/internal/platform/access"
	"propmatch/internal/platform/audit"
	"propmatch/internal/platform/media"
)

// CourseInput is the body of POST and PUT /api/courses: the course's fields
// and, optionally, its modules in order. On PUT an absent modules list keeps
// the modules as they are; a module given with its id is edited in place
// (agents keep their progress on it), one without an id is added, and a
// module left out is removed.
type CourseInput struct {
	Title        input.String  `json:"title"`
	Description  input.String  `json:"description" input:"multiline"`
	Instructor   input.String  `json:"instructor"`
	Duration     input.String  `json:"duration"`
	Level        input.String  `json:"level"`
	Price        input.String  `json:"price"`
	Category     input.String  `json:"category"`
	VideoURL     input.String  `json:"videoUrl"`
	ThumbnailURL input.String  `json:"thumbnailUrl"`
	Status       input.String  `json:"status"`
	DisplayOrder input.Float   `json:"displayOrder"`
	Tab          input.String  `json:"tab"`
	Modules      []ModuleInput `json:"modules"`
}

// ModuleInput is one module of a CourseInput.
type ModuleInput struct {
	ID       input.Int    `json:"id"`
	Title    input.String `json:"title"`
	VideoURL input.String `json:"videoUrl"`
	Duration input.String `json:"duration"`
}

// Limits of a course's text and modules.
const (
	maxTitle       = 200
	maxDescription = 5000
	maxShort       = 100 // instructor, duration, price
	MaxModules     = 50
)

// course is a validated CourseInput, ready to store.
type course struct {
	title, description, instructor, duration, level, price, category, status string
	videoURL, thumbnailURL                                                   *string
	displayOrder                                                             int
	modules                                                                  []module
	keepModules                                                              bool
}

type module struct {
	id       int64
	title    string
	videoURL *string
	duration string
}

// validate checks in and returns the course to store, or Invalid with a
// field error at each failing field.
func (in CourseInput) validate() (course, error) {
	var f apperr.Fields
	required := func(path string, v input.String, most int) string {
		s := string(v)
		if s == "" {
			f.Add(path, path+" is required")
		}
		listing.CheckLength(&f, path, s, most)
		return s
	}
	c := course{
		title:       required("title", in.Title, maxTitle),
		category:    required("category", in.Category, maxShort),
		instructor:  required("instructor", in.Instructor, maxShort),
		price:       required("price", in.Price, maxShort),
		description: required("description", in.Description, maxDescription),
		duration:    required("duration", in.Duration, maxShort),
		level:       required("level", in.Level, maxShort),
		status:      string(in.Status),
	}
	if c.category != "" && !slices.Contains(Categories, c.category) {
		f.Add("category", "Category must be one of "+strings.Join(Categories, ", "))
	}
	if c.level != "" && !slices.Contains(Levels, c.level) {
		f.Add("level", "Level must be Beginner, Intermediate or Advanced")
	}
	switch {
	case !in.DisplayOrder.Set:
		f.Add("displayOrder", "Display order is required")
	default:
		order, ok := in.DisplayOrder.DisplayOrder()
		if !ok {
			f.Add("displayOrder", input.DisplayOrderMessage)
		}
		c.displayOrder = order
	}
	if c.status == "" {
		c.status = StatusAvailable
	} else if c.status != StatusAvailable && c.status != StatusComingSoon {
		f.Add("status", "Status must be available or coming_soon")
	}
	if t := string(in.Tab); t != "" && t != Tab {
		f.Add("tab", "Tab must be courses")
	}
	c.videoURL = checkVideo(&f, "videoUrl", in.VideoURL)
	c.thumbnailURL = checkThumbnail(&f, "thumbnailUrl", in.ThumbnailURL)
	c.keepModules = in.Modules == nil
	if len(in.Modules) > MaxModules {
		f.Add("modules", fmt.Sprintf("A course has at most %d modules", MaxModules))
	}
	for i, m := range in.Modules {
		p := fmt.Sprintf("modules.%d.", i)
		title, duration := string(m.Title), string(m.Duration)
		if title == "" {
			f.Add(p+"title", "Each module needs a title")
		}
		listing.CheckLength(&f, p+"title", title, maxTitle)
		if duration == "" {
			f.Add(p+"duration", "Each module needs a duration")
		}
		listing.CheckLength(&f, p+"duration", duration, maxShort)
		c.modules = append(c.modules, module{id: m.ID.Value, title: title, duration: duration,
			videoURL: checkVideo(&f, p+"videoUrl", m.VideoURL)})
	}
	return c, f.Err()
}

// checkVideo returns the embed address of the video v names (nil when v is
// blank), adding a field error at path when it is not a YouTube address.
func checkVideo(f *apperr.Fields, path string, v input.String) *string {
	if v == "" {
		return nil
	}
	embed, ok := video.EmbedURL(string(v))
	if !ok {
		f.Add(path, input.Label(path)+" must be a YouTube address (youtube.com/watch?v=…, youtu.be/…, youtube.com/shorts/… or …/embed/…)")
		return nil
	}
	return &embed
}

// checkThumbnail returns a thumbnail address: nil when v is empty, v when
// it is one of PropMatch's own stored images (/media/{id}), and otherwise a
// field error at path. The pages' Content-Security-Policy loads images from
// PropMatch only (img-src 'self'), so another site's picture would never show.
func checkThumbnail(f *apperr.Fields, path string, v input.String) *string {
	if v == "" {
		return nil
	}
	s := string(v)
	if media.IDFromURL(s) == "" {
		f.Add(path, input.Label(path)+" must be an image stored in PropMatch (a /media/ address): pictures from other sites are blocked by the page's security policy")
		return nil
	}
	return &s
}

// errAdminOnly is what an agent gets for a course or demo-order write.
var errAdminOnly = apperr.New(apperr.Forbidden, "Only administrators can manage training content")

// courseColumns are the columns a course write sets, in the order of values.
var courseColumns = []string{"title", "description", "instructor", "duration", "level", "price", "category",
	"video_url", "thumbnail_url", "status", "display_order", "tab", "search_text", "updated_at"}

func (c course) values(now any) []any {
	search := strings.ToLower(strings.Join([]string{c.title, c.category, c.instructor, c.description}, " "))
	return []any{c.title, c.description, c.instructor, c.duration, c.level, c.price, c.category,
		c.videoURL, c.thumbnailURL, c.status, c.displayOrder, Tab, search, now}
}

// Create adds a course with its modules. It returns Forbidden unless actor
// is an admin, and Invalid with field errors for bad input.
func (s *Service) Create(ctx context.Context, actor access.Actor, in CourseInput) (CourseDetail, error) {
	if !actor.Admin {
		return CourseDetail{}, errAdminOnly
	}
	c, err := in.validate()
	if err != nil {
		return CourseDetail{}, err
	}
	for i, m := range c.modules {
		if m.id != 0 {
			return CourseDetail{}, apperr.Validation(apperr.FieldError{Path: fmt.Sprintf("modules.%d.id", i), Message: "A new course's modules have no id yet"})
		}
	}
	var out CourseDetail
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		now := s.db.Time()
		id, err := store.InsertID(ctx, tx, "courses", append(courseColumns, "created_at"), append(c.values(now), now))
		if err != nil {
			return apperr.Wrap(err, "insert course")
		}
		if err := saveModules(ctx, tx, id, c.modules); err != nil {
			return err
		}
		if out, err = detail(ctx, tx, actor.ID, id); err != nil {
			return err
		}
		return audit.Record(ctx, tx, now, audit.Entry{ActorID: actor.ID, Action: "course.create", TargetType: "course", TargetID: id, After: out})
	})
	return out, err
}

// Update replaces the fields of course id (and its modules, when given). It
// returns Forbidden unless actor is an admin, NotFound for a missing course,
// and Invalid for bad input or a module id of another course.
func (s *Service) Update(ctx context.Context, actor access.Actor, id int64, in CourseInput) (CourseDetail, error) {
	if !actor.Admin {
		return CourseDetail{}, errAdminOnly
	}
	c, err := in.validate()
	if err != nil {
		return CourseDetail{}, err
	}
	var out CourseDetail
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		before, err := detail(ctx, tx, actor.ID, id)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE courses SET `+store.SetClause(courseColumns, 1)+
			fmt.Sprintf(` WHERE id = $%d`, len(courseColumns)+1), append(c.values(s.db.Time()), id)...)
		if err != nil {
			return apperr.Wrap(err, "update course")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errCourseNotFound
		}
		if !c.keepModules {
			if err := saveModules(ctx, tx, id, c.modules); err != nil {
				return err
			}
		}
		if out, err = detail(ctx, tx, actor.ID, id); err != nil {
			return err
		}
		return audit.Record(ctx, tx, s.db.Time(), audit.Entry{ActorID: actor.ID, Action: "course.update", TargetType: "course", TargetID: id, Before: before, After: out})
	})
	return out, err
}

// saveModules makes modules the modules of course, in order: it edits those
// with an id, adds the others and removes the course's modules not listed.
func saveModules(ctx context.Context, tx *sql.Tx, course int64, modules []module) error {
	rows, err := tx.QueryContext(ctx, `SELECT id FROM course_modules WHERE course_id = $1`, course)
	if err != nil {
		return apperr.Wrap(err, "course modules")
	}
	existing, err := store.Collect(rows, func(rows *sql.Rows, id *int64) error { return rows.Scan(id) })
	if err != nil {
		return apperr.Wrap(err, "course modules")
	}
	keep := map[int64]bool{}
	var f apperr.Fields
	for i, m := range modules {
		if m.id == 0 {
			continue
		}
		if !slices.Contains(existing, m.id) || keep[m.id] {
			f.Add(fmt.Sprintf("modules.%d.id", i), "No such module in this course")
		}
		keep[m.id] = true
	}
	if err := f.Err(); err != nil {
		return err
	}
	for _, id := range existing {
		if !keep[id] {
			if _, err := tx.ExecContext(ctx, `DELETE FROM course_modules WHERE id = $1`, id); err != nil {
				return apperr.Wrap(err, "delete module")
			}
		}
	}
	for i, m := range modules {
		if m.id != 0 {
			_, err = tx.ExecContext(ctx, `UPDATE course_modules SET position = $1, title = $2, video_url = $3, duration = $4 WHERE id = $5`,
				i+1, m.title, m.videoURL, m.duration, m.id)
		} else {
			_, err = tx.ExecContext(ctx, `INSERT INTO course_modules (course_id, position, title, video_url, duration) VALUES ($1, $2, $3, $4, $5)`,
				course, i+1, m.title, m.videoURL, m.duration)
		}
		if err != nil {
			return apperr.Wrap(err, "save module")
		}
	}
	return nil
}

// Delete removes course id with its modules and enrolments; certificates
// already issued for it stay valid. It returns Forbidden unless actor is an
// admin, and NotFound for a missing course.
func (s *Service) Delete(ctx context.Context, actor access.Actor, id int64) error {
	if !actor.Admin {
		return errAdminOnly
	}
	return s.db.WithTx(ctx, func(tx *sql.Tx) error {
		before, err := detail(ctx, tx, actor.ID, id)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM courses WHERE id = $1`, id)
		if err != nil {
			return apperr.Wrap(err, "delete course")
		}
		// Two admins deleting at once (PostgreSQL reads without locking): only
		// the delete that removed the row succeeds and is recorded.
		if n, err := res.RowsAffected(); err != nil {
			return apperr.Wrap(err, "delete course")
		} else if n == 0 {
			return errCourseNotFound
		}
		return audit.Record(ctx, tx, s.db.Time(), audit.Entry{ActorID: actor.ID, Action: "course.delete", TargetType: "course", TargetID: id, Before: before})
	})
}
