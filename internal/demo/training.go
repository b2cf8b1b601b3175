package demo

import (
	"context"
	"database/sql"
	"fmt"
	mrand "math/rand/v2"
	"time"

	"propmatch/internal/feature/training"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/access"
)

// TrainingResult counts what SeedTraining added.
type TrainingResult struct {
	Courses, Enrollments, Certificates int64
}

// SeedTraining adds the demo courses (demoCourses) when db has none, and
// enrols up to 60 of its agents in a few of them with some progress, a few
// finishing a course and receiving its certificate. The showcase logins, when
// given, get set enrolments: the seller has completed RERA compliance (one
// certificate) and is part-way through two more; the buyer is part-way
// through two. Everything goes through the training service, as an admin and
// the agents would; the dates are then spread over the last six weeks.
func SeedTraining(ctx context.Context, db *store.DB, seed uint64, showcase *Showcase) (TrainingResult, error) {
	var res TrainingResult
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM courses`).Scan(&n); err != nil || n > 0 {
		return res, err
	}
	svc := training.NewService(db)
	courses := map[string]training.CourseDetail{}
	var open []training.CourseDetail
	for i, spec := range demoCourses {
		c, err := svc.Create(ctx, access.Actor{Admin: true}, spec.input(i+1))
		if err != nil {
			return res, fmt.Errorf("course %q: %w", spec.title, err)
		}
		courses[spec.title] = c
		if c.Status == training.StatusAvailable {
			open = append(open, c)
		}
		res.Courses++
	}
	s := &trainingSeeder{ctx: ctx, db: db, svc: svc, r: mrand.New(mrand.NewPCG(seed, 13)), now: db.Time(), res: &res}
	if showcase != nil {
		for _, e := range []struct {
			agent         int64
			course        string
			done, daysAgo int
		}{
			{showcase.Seller, "RERA Compliance for Agents", -1, 30}, {showcase.Seller, "Digital Marketing for Your Listings", 2, 12},
			{showcase.Seller, "Negotiation for Property Agents", 0, 2},
			{showcase.Buyer, "Home Loan Basics: Eligibility, LTV and EMIs", 3, 20}, {showcase.Buyer, "NRI Property Transactions", 1, 6},
		} {
			if err := s.enrol(e.agent, courses[e.course], e.done, e.daysAgo); err != nil {
				return res, err
			}
		}
	}
	agents, err := demoAgents(ctx, db, showcase)
	if err != nil {
		return res, err
	}
	for _, a := range agents {
		daysAgo := 10 + s.r.IntN(30) // an agent's later enrolments are newer
		for _, k := range s.r.Perm(len(open))[:s.r.IntN(4)] {
			c := open[k]
			done := s.r.IntN(len(c.Modules)) // part-way...
			if s.r.IntN(6) == 0 {
				done = -1 // ...or finished
			}
			daysAgo -= 1 + s.r.IntN(daysAgo/3)
			if err := s.enrol(a, c, done, daysAgo); err != nil {
				return res, err
			}
		}
	}
	return res, nil
}

// input is spec as the admin form would send it, at display order order.
func (spec courseSpec) input(order int) training.CourseInput {
	in := training.CourseInput{Title: input.String(spec.title), Description: input.String(spec.description),
		Instructor: input.String(spec.instructor), Duration: input.String(spec.duration), Level: input.String(spec.level),
		Price: input.String(spec.price), Category: input.String(spec.category),
		DisplayOrder: input.Float{Value: float64(order), Set: true}, Modules: []training.ModuleInput{}}
	if spec.comingSoon {
		in.Status = training.StatusComingSoon
	}
	for _, m := range spec.modules {
		in.Modules = append(in.Modules, training.ModuleInput{Title: input.String(m.title), Duration: input.String(fmt.Sprintf("%d minutes", m.minutes))})
	}
	return in
}

// demoAgents are up to 60 active agents other than the showcase logins.
func demoAgents(ctx context.Context, db *store.DB, showcase *Showcase) ([]int64, error) {
	var skip [2]int64
	if showcase != nil {
		skip = [2]int64{showcase.Seller, showcase.Buyer}
	}
	rows, err := db.QueryContext(ctx, `SELECT id FROM users WHERE role = 'agent' AND is_active = TRUE AND id <> $1 AND id <> $2 ORDER BY id LIMIT 60`,
		skip[0], skip[1])
	if err != nil {
		return nil, err
	}
	return store.Collect(rows, func(rows *sql.Rows, id *int64) error { return rows.Scan(id) })
}

// trainingSeeder enrols agents and moves their dates into the past.
type trainingSeeder struct {
	ctx context.Context
	db  *store.DB
	svc *training.Service
	r   *mrand.Rand
	now time.Time
	res *TrainingResult
}

// enrol enrols agent in c and marks its first done modules done (all of
// them when done is -1), then dates the enrolment daysAgo days ago and each
// module up to a day and a half after the one before.
func (s *trainingSeeder) enrol(agent int64, c training.CourseDetail, done, daysAgo int) error {
	if _, err := s.svc.Enroll(s.ctx, agent, c.ID); err != nil {
		return fmt.Errorf("enrol %d in %q: %w", agent, c.Title, err)
	}
	s.res.Enrollments++
	if done < 0 || done > len(c.Modules) {
		done = len(c.Modules)
	}
	at := s.now.AddDate(0, 0, -daysAgo).Add(-time.Duration(s.r.IntN(600)) * time.Minute)
	if err := s.exec(`UPDATE enrollments SET enrolled_at = $1 WHERE user_id = $2 AND course_id = $3`, at, agent, c.ID); err != nil {
		return err
	}
	for _, m := range c.Modules[:done] {
		res, err := s.svc.SetModuleDone(s.ctx, agent, c.ID, m.ID, true)
		if err != nil {
			return fmt.Errorf("module %d of %q: %w", m.ID, c.Title, err)
		}
		if at = at.Add(time.Duration(20+s.r.IntN(40*60)) * time.Minute); at.After(s.now) {
			at = s.now
		}
		if err := s.exec(`UPDATE module_progress SET done_at = $1 WHERE user_id = $2 AND module_id = $3`, at, agent, m.ID); err != nil {
			return err
		}
		if res.Certificate != nil {
			s.res.Certificates++
			if err := s.exec(`UPDATE enrollments SET completed_at = $1 WHERE user_id = $2 AND course_id = $3`, at, agent, c.ID); err != nil {
				return err
			}
			if err := s.exec(`UPDATE certificates SET issued_at = $1 WHERE user_id = $2 AND course_id = $3`, at, agent, c.ID); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *trainingSeeder) exec(query string, args ...any) error {
	_, err := s.db.ExecContext(s.ctx, query, args...)
	return err
}
