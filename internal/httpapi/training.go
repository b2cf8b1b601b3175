package httpapi

import (
	"net/http"

	"propmatch/internal/feature/training"
	"propmatch/internal/kit/paging"
	"propmatch/internal/platform/auth"
)

// trainingRoutes are courses, enrolments, certificates and the app demos
// (docs/product.md#training).
func (s *server) trainingRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/courses", s.signedIn(s.listCourses))
	mux.HandleFunc("GET /api/courses/categories", s.signedIn(s.courseCategories))
	mux.HandleFunc("GET /api/courses/{id}", s.signedIn(s.getCourse))
	mux.HandleFunc("POST /api/courses", s.adminOnlyTo("manage training content", s.createCourse))
	mux.HandleFunc("PUT /api/courses/{id}", s.adminOnlyTo("manage training content", s.updateCourse))
	mux.HandleFunc("DELETE /api/courses/{id}", s.adminOnlyTo("manage training content", s.deleteCourse))
	mux.HandleFunc("POST /api/courses/{id}/enroll", s.signedIn(s.enroll))
	mux.HandleFunc("DELETE /api/courses/{id}/enroll", s.signedIn(s.unenroll))
	mux.HandleFunc("GET /api/enrollments", s.signedIn(s.listEnrollments))
	mux.HandleFunc("PUT /api/courses/{id}/modules/{moduleId}/complete", s.signedIn(s.moduleDone(true)))
	mux.HandleFunc("DELETE /api/courses/{id}/modules/{moduleId}/complete", s.signedIn(s.moduleDone(false)))
	mux.HandleFunc("GET /api/certificates", s.signedIn(s.listCertificates))
	mux.HandleFunc("GET /api/certificates/{number}/pdf", s.signedIn(s.certificatePDF))
	mux.HandleFunc("GET /api/public/certificates/{number}", s.verifyLimited(s.verifyCertificate))
	mux.HandleFunc("GET /api/app-demos", s.signedIn(s.listAppDemos))
	mux.HandleFunc("PUT /api/app-demos/order", s.adminOnlyTo("manage training content", s.orderAppDemos))
}

func (s *server) listCourses(w http.ResponseWriter, r *http.Request, u auth.User) {
	q := r.URL.Query()
	p, err := paging.Parse(q.Get("limit"), "")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	list, next, err := s.Training.List(r.Context(), u.ID, training.Filter{Query: q.Get("q"), Category: q.Get("category")}, p.Limit, q.Get("cursor"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	setNextCursor(w, r, next)
	writeJSON(w, http.StatusOK, list)
}

func (s *server) courseCategories(w http.ResponseWriter, r *http.Request, _ auth.User) {
	list, err := s.Training.Categories(r.Context())
	s.reply(w, r, http.StatusOK, list, err)
}

func (s *server) getCourse(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.Training.Detail(r.Context(), u.ID, id)
	s.reply(w, r, http.StatusOK, c, err)
}

func (s *server) createCourse(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[training.CourseInput](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.Training.Create(r.Context(), actorOf(u), in)
	s.reply(w, r, http.StatusCreated, c, err)
}

func (s *server) updateCourse(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[training.CourseInput](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.Training.Update(r.Context(), actorOf(u), id, in)
	s.reply(w, r, http.StatusOK, c, err)
}

func (s *server) deleteCourse(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.noContent(w, r, s.Training.Delete(r.Context(), actorOf(u), id))
}

func (s *server) enroll(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	e, err := s.Training.Enroll(r.Context(), u.ID, id)
	s.reply(w, r, http.StatusCreated, e, err)
}

func (s *server) unenroll(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.noContent(w, r, s.Training.Unenroll(r.Context(), u.ID, id))
}

func (s *server) listEnrollments(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]training.Enrollment, int64, error) {
		return s.Training.Enrollments(r.Context(), u.ID, p)
	})
}

// moduleDone marks a module done (or not done) for the caller.
func (s *server) moduleDone(done bool) userHandler {
	return func(w http.ResponseWriter, r *http.Request, u auth.User) {
		id, err := pathID(r, "id")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		moduleID, err := pathID(r, "moduleId")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		c, err := s.Training.SetModuleDone(r.Context(), u.ID, id, moduleID, done)
		if c.Certificate != nil {
			c.Certificate.SetOrigin(s.origin(r))
		}
		s.reply(w, r, http.StatusOK, c, err)
	}
}

func (s *server) listCertificates(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]training.Certificate, int64, error) {
		list, next, err := s.Training.Certificates(r.Context(), u.ID, p)
		for i := range list {
			list[i].SetOrigin(s.origin(r))
		}
		return list, next, err
	})
}

func (s *server) certificatePDF(w http.ResponseWriter, r *http.Request, u auth.User) {
	number := r.PathValue("number")
	pdf, err := s.Training.CertificatePDF(r.Context(), u.ID, number, s.origin(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="propmatch-certificate-`+number+`.pdf"`)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(pdf) // the client is gone
}

// verifyCertificate is public: anyone holding a certificate's number may
// confirm it, and learns nothing else of the agent.
func (s *server) verifyCertificate(w http.ResponseWriter, r *http.Request) {
	v, err := s.Training.Verify(r.Context(), r.PathValue("number"))
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *server) listAppDemos(w http.ResponseWriter, r *http.Request, _ auth.User) {
	list, err := s.Training.AppDemos(r.Context())
	s.reply(w, r, http.StatusOK, list, err)
}

func (s *server) orderAppDemos(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[training.OrderInput](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	list, err := s.Training.SetAppDemoOrder(r.Context(), actorOf(u), in)
	s.reply(w, r, http.StatusOK, list, err)
}

// noContent answers 204, or err.
func (s *server) noContent(w http.ResponseWriter, r *http.Request, err error) {
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
