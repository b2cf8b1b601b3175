package httpapi_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ledongthuc/pdf"

	"propmatch/internal/httpapi"
)

// newAdmin signs up an agent and gives them the admin role.
func (a *apiTest) newAdmin(username, phone string) agent {
	a.t.Helper()
	g := a.newAgent(username, phone)
	if _, err := a.db.Exec(`UPDATE users SET role = 'admin' WHERE id = $1`, g.id); err != nil {
		a.t.Fatal(err)
	}
	return g
}

// course is a valid course body with n modules, changed by over.
func course(title string, modules int, over ...any) map[string]any {
	mods := []map[string]any{}
	for i := range modules {
		mods = append(mods, map[string]any{"title": fmt.Sprintf("Lesson %d", i+1), "duration": "15 minutes"})
	}
	return with(map[string]any{
		"title": title, "description": "What every agent should know", "instructor": "Adv. Kavita Rao",
		"duration": "2 hours", "level": "Beginner", "price": "Free", "category": "Legal & Compliance",
		"displayOrder": 1, "modules": mods,
	}, over...)
}

// addCourse creates a course as admin and returns it.
func (a *apiTest) addCourse(admin agent, body map[string]any) map[string]any {
	a.t.Helper()
	return a.create(admin, "/api/courses", body)
}

// moduleIDs returns the ids of a course detail's modules.
func moduleIDs(c map[string]any) []int64 {
	var out []int64
	for _, m := range c["modules"].([]any) {
		out = append(out, idOf(m.(map[string]any)))
	}
	return out
}

func coursePath(id int64, rest ...string) string {
	return fmt.Sprintf("/api/courses/%d", id) + strings.Join(rest, "")
}

func modulePath(course, module int64) string {
	return fmt.Sprintf("/api/courses/%d/modules/%d/complete", course, module)
}

func TestTrainingNeedsSignIn(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		for _, r := range []struct{ method, path string }{
			{"GET", "/api/courses"}, {"GET", "/api/courses/categories"}, {"GET", "/api/courses/1"},
			{"POST", "/api/courses"}, {"PUT", "/api/courses/1"}, {"DELETE", "/api/courses/1"},
			{"POST", "/api/courses/1/enroll"}, {"DELETE", "/api/courses/1/enroll"}, {"GET", "/api/enrollments"},
			{"PUT", "/api/courses/1/modules/1/complete"}, {"DELETE", "/api/courses/1/modules/1/complete"},
			{"GET", "/api/certificates"}, {"GET", "/api/certificates/PM-2026-ABCDEFGHJK/pdf"},
			{"GET", "/api/app-demos"}, {"PUT", "/api/app-demos/order"},
		} {
			t.Run(r.method+r.path, func(t *testing.T) {
				var body any
				if r.method == "POST" || r.method == "PUT" {
					body = map[string]any{}
				}
				wantError(t, a.sub(t).do(r.method, r.path, body, invalid()), 401)
			})
		}
	})
}

func TestCourseWritesAreForAdmins(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("meera", "9811111111")
		A := a.newAgent("anil", "9822222222")
		c := a.addCourse(admin, course("RERA Basics", 3))
		id := idOf(c)
		for _, r := range []struct {
			name, method, path string
			body               any
		}{
			{"Create", "POST", "/api/courses", course("Mine", 1)},
			{"Update", "PUT", coursePath(id), course("Changed", 1)},
			{"Delete", "DELETE", coursePath(id), nil},
			{"OrderDemos", "PUT", "/api/app-demos/order", map[string]any{"ids": []int{2001}}},
		} {
			t.Run(r.name, func(t *testing.T) { wantError(t, a.sub(t).do(r.method, r.path, r.body, as(A)), 403) })
		}
		t.Run("NothingChanged", func(t *testing.T) {
			got := a.sub(t).do("GET", coursePath(id), nil, as(A))
			wantStatus(t, got, 200)
			if got.json(t)["title"] != "RERA Basics" {
				t.Errorf("course = %s", got.body)
			}
			if list := a.sub(t).objects(A, "/api/courses"); len(list) != 1 {
				t.Errorf("courses = %v", ids(list))
			}
		})
		t.Run("AdminEditsKeepingModuleProgress", func(t *testing.T) {
			a := a.sub(t)
			wantStatus(t, a.do("POST", coursePath(id, "/enroll"), nil, as(A)), 201)
			mods := moduleIDs(c)
			wantStatus(t, a.do("PUT", modulePath(id, mods[0]), nil, as(A)), 200)
			body := course("RERA Basics, revised", 0, "modules", []map[string]any{
				{"id": mods[0], "title": "Lesson one, revised", "duration": "20 minutes"},
				{"title": "A new lesson", "duration": "5 minutes", "videoUrl": "https://youtu.be/dQw4w9WgXcQ"},
			})
			res := a.do("PUT", coursePath(id), body, as(admin))
			wantStatus(t, res, 200)
			got := a.do("GET", coursePath(id), nil, as(A)).json(t)
			mods2 := got["modules"].([]any)
			if len(mods2) != 2 || idOf(mods2[0].(map[string]any)) != mods[0] || mods2[0].(map[string]any)["completed"] != true ||
				mods2[1].(map[string]any)["videoUrl"] != "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" {
				t.Errorf("modules after the edit = %v", mods2)
			}
			wantFields(t, "progress", got["progress"].(map[string]any), map[string]any{"completed": 1, "total": 2})
			// Without modules the modules stay.
			wantStatus(t, a.do("PUT", coursePath(id), with(course("RERA Basics", 0), "modules", nil), as(admin)), 200)
			if n := len(a.do("GET", coursePath(id), nil, as(A)).json(t)["modules"].([]any)); n != 2 {
				t.Errorf("modules after an edit without them = %d, want 2", n)
			}
		})
		t.Run("AdminDeletes", func(t *testing.T) {
			a := a.sub(t)
			wantStatus(t, a.do("DELETE", coursePath(id), nil, as(admin)), 204)
			wantError(t, a.do("GET", coursePath(id), nil, as(A)), 404)
			wantError(t, a.do("DELETE", coursePath(id), nil, as(admin)), 404)
			wantError(t, a.do("PUT", coursePath(id), course("x", 1), as(admin)), 404)
		})
	})
}

func TestCourseValidation(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("meera", "9811111111")
		other := a.addCourse(admin, course("Other", 1))
		for _, c := range []struct {
			name  string
			body  any
			paths []string
		}{
			{"Empty", map[string]any{}, []string{"title", "category", "instructor", "price", "description", "duration", "level", "displayOrder"}},
			{"BlankTitle", course("   ", 1), []string{"title"}},
			{"UnknownCategory", course("x", 1, "category", "Cooking"), []string{"category"}},
			{"UnknownLevel", course("x", 1, "level", "Expert"), []string{"level"}},
			{"FractionalDisplayOrder", course("x", 1, "displayOrder", 1.5), []string{"displayOrder"}},
			{"NegativeDisplayOrder", course("x", 1, "displayOrder", -1), []string{"displayOrder"}},
			{"DisplayOrderPastMost", course("x", 1, "displayOrder", 1_000_001), []string{"displayOrder"}},
			{"TextDisplayOrder", course("x", 1, "displayOrder", "first"), []string{"displayOrder"}},
			{"VimeoVideo", course("x", 1, "videoUrl", "https://vimeo.com/12345"), []string{"videoUrl"}},
			{"BadThumbnail", course("x", 1, "thumbnailUrl", "not a url"), []string{"thumbnailUrl"}},
			{"JavaScriptThumbnail", course("x", 1, "thumbnailUrl", "javascript:alert(1)"), []string{"thumbnailUrl"}},
			{"ThumbnailFromAnotherSite", course("x", 1, "thumbnailUrl", "https://img.example/course.png"), []string{"thumbnailUrl"}},
			{"ThumbnailMediaPathWithQuery", course("x", 1, "thumbnailUrl", "/media/abc?x=1"), []string{"thumbnailUrl"}},
			{"UnknownStatus", course("x", 1, "status", "archived"), []string{"status"}},
			{"OtherTab", course("x", 1, "tab", "app-demo"), []string{"tab"}},
			{"TooLongTitle", course(strings.Repeat("a", 201), 1), []string{"title"}},
			{"ModuleWithoutTitle", course("x", 0, "modules", []map[string]any{{"duration": "5 minutes"}}), []string{"modules.0.title"}},
			{"ModuleWithoutDuration", course("x", 0, "modules", []map[string]any{{"title": "a"}}), []string{"modules.0.duration"}},
			{"ModuleOtherVideoHost", course("x", 0, "modules", []map[string]any{{"title": "a", "duration": "1 minute",
				"videoUrl": "https://example.com/v.mp4"}}), []string{"modules.0.videoUrl"}},
			{"ModuleIDOnCreate", course("x", 0, "modules", []map[string]any{{"id": moduleIDs(other)[0], "title": "a", "duration": "1 minute"}}),
				[]string{"modules.0.id"}},
			{"TooManyModules", course("x", 51), []string{"modules"}},
			{"ModulesNotAList", course("x", 0, "modules", "many"), []string{"modules"}},
			{"NotAnObject", `[1]`, nil},
		} {
			t.Run(c.name, func(t *testing.T) {
				wantError(t, a.sub(t).do("POST", "/api/courses", c.body, as(admin), invalid()), 400, c.paths...)
			})
		}
		t.Run("ModuleOfAnotherCourseOnUpdate", func(t *testing.T) {
			a := a.sub(t)
			mine := a.addCourse(admin, course("Mine", 1))
			body := course("Mine", 0, "modules", []map[string]any{{"id": moduleIDs(other)[0], "title": "stolen", "duration": "1 minute"}})
			wantError(t, a.do("PUT", coursePath(idOf(mine)), body, as(admin)), 400, "modules.0.id")
			if got := a.do("GET", coursePath(idOf(other)), nil, as(admin)).json(t); got["modules"].([]any)[0].(map[string]any)["title"] != "Lesson 1" {
				t.Errorf("the other course's module changed: %v", got["modules"])
			}
		})
		t.Run("BadIDs", func(t *testing.T) {
			a := a.sub(t)
			wantError(t, a.do("GET", "/api/courses/abc", nil, as(admin), invalid()), 400, "id")
			wantError(t, a.do("POST", "/api/courses/0/enroll", nil, as(admin), invalid()), 400, "id")
			wantError(t, a.do("PUT", "/api/courses/1/modules/x/complete", nil, as(admin), invalid()), 400, "moduleId")
		})
		t.Run("ThumbnailStoredInPropMatchIsKept", func(t *testing.T) {
			c := a.sub(t).addCourse(admin, course("x", 1, "thumbnailUrl", "/media/0123abcd"))
			if c["thumbnailUrl"] != "/media/0123abcd" {
				t.Errorf("thumbnailUrl = %v, want /media/0123abcd", c["thumbnailUrl"])
			}
		})
		t.Run("BlankURLsAreNone", func(t *testing.T) {
			c := a.sub(t).addCourse(admin, course("x", 1, "videoUrl", "", "thumbnailUrl", "  "))
			if c["videoUrl"] != nil || c["thumbnailUrl"] != nil || c["status"] != "available" || c["tab"] != "courses" {
				t.Errorf("course = %v", c)
			}
		})
	})
}

// pageThrough follows a list's Link headers from path and returns every item.
func (a *apiTest) pageThrough(g agent, path string) []map[string]any {
	a.t.Helper()
	var all []map[string]any
	for i := 0; path != ""; i++ {
		if i > 50 {
			a.t.Fatal("more than 50 pages")
		}
		res := a.do("GET", path, nil, as(g))
		wantStatus(a.t, res, 200)
		all = append(all, jsonObjects(a.t, res)...)
		path = ""
		if m := linkNext.FindStringSubmatch(res.header.Get("Link")); m != nil {
			path = m[1]
		}
	}
	return all
}

func TestCourseListSearchAndPages(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("meera", "9811111111")
		A := a.newAgent("anil", "9822222222")
		specs := []struct {
			title, category, instructor, description string
			order                                    int
		}{
			{"RERA Compliance Essentials", "Legal & Compliance", "Adv. Kavita Rao", "Registration of projects and agents", 3},
			{"Home Loan Basics and LTV", "Finance", "Sanjay Iyer", "Loan-to-value ratios and EMIs", 1},
			{"Stamp Duty in Maharashtra", "Legal & Compliance", "Neha Joshi", "Ready reckoner rates", 2},
			{"Negotiation for Closers", "Sales", "Rohit Malhotra", "Anchoring and concessions", 2},
			{"Instagram Reels for Listings", "Marketing", "Ananya Das", "Short video for property marketing", 5},
			{"Valuation Methods", "Valuation", "Prakash Menon", "Comparable sales and the income method", 4},
			{"GST on Under-Construction Flats", "Finance", "CA Meenal Shah", "Input tax credit and 5% GST", 3},
		}
		for _, s := range specs {
			a.addCourse(admin, course(s.title, 1, "category", s.category, "instructor", s.instructor, "description", s.description, "displayOrder", s.order))
		}
		titles := func(list []map[string]any) []string {
			out := []string{}
			for _, c := range list {
				out = append(out, c["title"].(string))
			}
			return out
		}
		t.Run("DisplayOrderThenID", func(t *testing.T) {
			got := titles(a.sub(t).objects(A, "/api/courses"))
			want := []string{"Home Loan Basics and LTV", "Stamp Duty in Maharashtra", "Negotiation for Closers", "RERA Compliance Essentials",
				"GST on Under-Construction Flats", "Valuation Methods", "Instagram Reels for Listings"}
			if !slices.Equal(got, want) {
				t.Errorf("order = %q\nwant %q", got, want)
			}
		})
		t.Run("PagesOfTwoGiveEveryCourseOnce", func(t *testing.T) {
			a := a.sub(t)
			all := titles(a.pageThrough(A, "/api/courses?limit=2"))
			if !slices.Equal(all, titles(a.objects(A, "/api/courses"))) {
				t.Errorf("paged = %q", all)
			}
			legal := titles(a.pageThrough(A, "/api/courses?limit=1&category="+url.QueryEscape("Legal & Compliance")))
			if !slices.Equal(legal, []string{"Stamp Duty in Maharashtra", "RERA Compliance Essentials"}) {
				t.Errorf("legal paged = %q", legal)
			}
		})
		for _, c := range []struct {
			name, query string
			want        []string
		}{
			{"TitleAnyCase", "q=rera", []string{"RERA Compliance Essentials"}},
			{"Instructor", "q=" + url.QueryEscape("meenal shah"), []string{"GST on Under-Construction Flats"}},
			{"Category", "q=valuation", []string{"Valuation Methods"}},
			{"Description", "q=EMI", []string{"Home Loan Basics and LTV"}},
			{"Percent", "q=" + url.QueryEscape("5%"), []string{"GST on Under-Construction Flats"}},
			{"CategoryFilter", "category=Finance", []string{"Home Loan Basics and LTV", "GST on Under-Construction Flats"}},
			{"SearchWithinCategory", "category=Finance&q=gst", []string{"GST on Under-Construction Flats"}},
			{"NoMatch", "q=cricket", []string{}},
		} {
			t.Run("Search"+c.name, func(t *testing.T) {
				if got := titles(a.sub(t).objects(A, "/api/courses?"+c.query)); !slices.Equal(got, c.want) {
					t.Errorf("GET ?%s = %q, want %q", c.query, got, c.want)
				}
			})
		}
		t.Run("BadFilters", func(t *testing.T) {
			a := a.sub(t)
			wantError(t, a.do("GET", "/api/courses?category=Cooking", nil, as(A), invalid()), 400, "category")
			wantError(t, a.do("GET", "/api/courses?cursor=garbage", nil, as(A)), 400, "cursor")
			wantError(t, a.do("GET", "/api/courses?limit=0", nil, as(A), invalid()), 400, "limit")
		})
		t.Run("Categories", func(t *testing.T) {
			res := a.sub(t).do("GET", "/api/courses/categories", nil, as(A))
			wantStatus(t, res, 200)
			got := fmt.Sprint(jsonValue(res.list(t)))
			want := "[map[category:Finance count:2] map[category:Legal & Compliance count:2] map[category:Marketing count:1] " +
				"map[category:Sales count:1] map[category:Valuation count:1]]"
			if got != want {
				t.Errorf("categories = %s\nwant %s", got, want)
			}
		})
	})
}

func TestEnrolment(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("meera", "9811111111")
		A := a.newAgent("anil", "9822222222")
		B := a.newAgent("bina", "9833333333")
		c := idOf(a.addCourse(admin, course("RERA Basics", 2)))
		soon := idOf(a.addCourse(admin, course("Coming Later", 2, "status", "coming_soon")))

		t.Run("MissingCourse", func(t *testing.T) { wantError(t, a.sub(t).do("POST", coursePath(99999, "/enroll"), nil, as(A)), 404) })
		t.Run("NotAvailable", func(t *testing.T) {
			res := a.sub(t).do("POST", coursePath(soon, "/enroll"), nil, as(A))
			wantError(t, res, 409)
			if res.json(t)["message"] != "This course is not open for enrolment yet" {
				t.Errorf("message = %s", res.body)
			}
		})
		t.Run("EnrolThenTwice", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("POST", coursePath(c, "/enroll"), nil, as(A))
			wantStatus(t, res, 201)
			e := res.json(t)
			if e["courseId"] != float64(c) || e["completedAt"] != nil || e["certificateNumber"] != nil {
				t.Errorf("enrollment = %s", res.body)
			}
			wantFields(t, "progress", e["progress"].(map[string]any), map[string]any{"completed": 0, "total": 2})
			again := a.do("POST", coursePath(c, "/enroll"), nil, as(A))
			wantError(t, again, 409)
			if again.json(t)["message"] != "Already Enrolled" {
				t.Errorf("message = %s", again.body)
			}
		})
		t.Run("CountsAndFlags", func(t *testing.T) {
			a := a.sub(t)
			wantStatus(t, a.do("POST", coursePath(c, "/enroll"), nil, as(B)), 201)
			mine := findID(a.objects(A, "/api/courses"), c)
			if mine["studentsEnrolled"] != float64(2) || mine["enrolled"] != true || mine["moduleCount"] != float64(2) {
				t.Errorf("A's view = %v", mine)
			}
			theirs := findID(a.objects(admin, "/api/courses"), c)
			if theirs["enrolled"] != false || theirs["progress"] != nil {
				t.Errorf("admin's view = %v", theirs)
			}
			list := a.objects(A, "/api/enrollments")
			if len(list) != 1 || list[0]["courseId"] != float64(c) || list[0]["course"].(map[string]any)["title"] != "RERA Basics" {
				t.Errorf("enrollments = %v", list)
			}
			st := a.do("GET", "/api/dashboard/stats", nil, as(A)).json(t)
			if st["courses"] != float64(1) || st["enrolledCourses"] != float64(1) {
				t.Errorf("stats courses = %v, enrolledCourses = %v; want 1 available and 1 enrolled", st["courses"], st["enrolledCourses"])
			}
		})
		t.Run("Unenrol", func(t *testing.T) {
			a := a.sub(t)
			wantStatus(t, a.do("DELETE", coursePath(c, "/enroll"), nil, as(B)), 204)
			wantError(t, a.do("DELETE", coursePath(c, "/enroll"), nil, as(B)), 404)
			wantError(t, a.do("DELETE", coursePath(99999, "/enroll"), nil, as(B)), 404)
			if got := a.objects(B, "/api/enrollments"); len(got) != 0 {
				t.Errorf("B's enrollments = %v", got)
			}
		})
		t.Run("EnrollmentsPage", func(t *testing.T) {
			a := a.sub(t)
			for i := range 3 {
				id := idOf(a.addCourse(admin, course(fmt.Sprintf("Extra %d", i), 1)))
				wantStatus(t, a.do("POST", coursePath(id, "/enroll"), nil, as(A)), 201)
			}
			all := a.pageThrough(A, "/api/enrollments?limit=3")
			if len(all) != 4 || all[0]["course"].(map[string]any)["title"] != "Extra 2" || all[3]["courseId"] != float64(c) {
				t.Errorf("enrollments newest first = %v", all)
			}
		})
	})
}

// raw sends one request as g without the contract check, for use from
// many goroutines at once, and returns its status.
func (a *apiTest) raw(g agent, method, path string) (int, error) {
	req, err := http.NewRequest(method, a.srv.URL+path, nil)
	if err != nil {
		return 0, err
	}
	req.AddCookie(&http.Cookie{Name: httpapi.SessionCookie, Value: g.tok})
	res, err := a.bare.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode, nil
}

// concurrently sends n requests at once and counts the answers by status.
func (a *apiTest) concurrently(n int, send func(i int) (int, error)) map[int]int {
	a.t.Helper()
	var mu sync.Mutex
	var wg sync.WaitGroup
	counts := map[int]int{}
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			status, err := send(i)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				a.t.Errorf("request %d: %v", i, err)
			}
			counts[status]++
		}()
	}
	close(start)
	wg.Wait()
	return counts
}

func TestHundredSimultaneousEnrolmentsEnrolOnce(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("meera", "9811111111")
		A := a.newAgent("anil", "9822222222")
		c := idOf(a.addCourse(admin, course("RERA Basics", 2)))
		counts := a.concurrently(100, func(int) (int, error) { return a.raw(A, "POST", coursePath(c, "/enroll")) })
		if counts[201] != 1 || counts[409] != 99 {
			t.Fatalf("answers = %v, want one 201 and 99 409", counts)
		}
		var n int
		if err := a.db.QueryRow(`SELECT COUNT(*) FROM enrollments WHERE user_id = $1`, A.id).Scan(&n); err != nil || n != 1 {
			t.Fatalf("enrollments = %d, %v", n, err)
		}
	})
}

// A hundred deletes of one course at once: one succeeds and is audited,
// the rest find no course.
func TestHundredSimultaneousCourseDeletesDeleteOnce(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("meera", "9811111111")
		c := idOf(a.addCourse(admin, course("RERA Basics", 2)))
		counts := a.concurrently(100, func(int) (int, error) { return a.raw(admin, "DELETE", coursePath(c, "")) })
		if counts[204] != 1 || counts[404] != 99 {
			t.Fatalf("answers = %v, want one 204 and 99 404", counts)
		}
		var n int
		if err := a.db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE action = 'course.delete' AND target_id = $1`, c).Scan(&n); err != nil || n != 1 {
			t.Fatalf("audit rows = %d, %v; want 1", n, err)
		}
	})
}

func TestSimultaneousCompletionsIssueOneCertificate(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("meera", "9811111111")
		agents := []agent{a.newAgent("anil", "9822222222"), a.newAgent("bina", "9833333333")}
		detail := a.addCourse(admin, course("Fifty Lessons", 50))
		c, mods := idOf(detail), moduleIDs(detail)
		for _, g := range agents {
			wantStatus(t, a.do("POST", coursePath(c, "/enroll"), nil, as(g)), 201)
		}
		// Each agent marks each module once, all 100 at once: the last two
		// modules of an agent often race, and each must see the other.
		counts := a.concurrently(100, func(i int) (int, error) {
			return a.raw(agents[i%2], "PUT", modulePath(c, mods[i/2]))
		})
		if counts[200] != 100 {
			t.Fatalf("answers = %v, want 100 200s", counts)
		}
		for _, g := range agents {
			var certs, done int
			if err := a.db.QueryRow(`SELECT (SELECT COUNT(*) FROM certificates WHERE user_id = $1),
				(SELECT COUNT(*) FROM module_progress WHERE user_id = $1)`, g.id).Scan(&certs, &done); err != nil {
				t.Fatal(err)
			}
			if certs != 1 || done != 50 {
				t.Errorf("agent %d: certificates = %d, modules done = %d; want 1 and 50", g.id, certs, done)
			}
			if e := a.objects(g, "/api/enrollments")[0]; e["completedAt"] == nil || e["certificateNumber"] == nil {
				t.Errorf("enrollment = %v", e)
			}
		}
	})
}

func TestCompletingACourseIssuesItsCertificate(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("meera", "9811111111")
		A := a.newAgent("anil", "9822222222")
		B := a.newAgent("bina", "9833333333")
		detail := a.addCourse(admin, course("RERA Compliance Essentials", 3))
		c, mods := idOf(detail), moduleIDs(detail)
		other := a.addCourse(admin, course("Other", 1))

		t.Run("NotEnrolled", func(t *testing.T) { wantError(t, a.sub(t).do("PUT", modulePath(c, mods[0]), nil, as(A)), 403) })
		t.Run("MissingCourse", func(t *testing.T) { wantError(t, a.sub(t).do("PUT", modulePath(99999, mods[0]), nil, as(A)), 404) })
		wantStatus(t, a.do("POST", coursePath(c, "/enroll"), nil, as(A)), 201)
		t.Run("ModuleOfAnotherCourse", func(t *testing.T) {
			wantError(t, a.sub(t).do("PUT", modulePath(c, moduleIDs(other)[0]), nil, as(A)), 404)
		})
		t.Run("PartWayNoCertificate", func(t *testing.T) {
			a := a.sub(t)
			for _, m := range mods[:2] {
				res := a.do("PUT", modulePath(c, m), nil, as(A))
				wantStatus(t, res, 200)
				if res.json(t)["certificate"] != nil {
					t.Fatalf("certificate before the last module: %s", res.body)
				}
			}
			again := a.do("PUT", modulePath(c, mods[1]), nil, as(A)).json(t) // marking twice is harmless
			wantFields(t, "progress", again["enrollment"].(map[string]any)["progress"].(map[string]any), map[string]any{"completed": 2, "total": 3})
			undo := a.do("DELETE", modulePath(c, mods[1]), nil, as(A)).json(t)
			wantFields(t, "progress", undo["enrollment"].(map[string]any)["progress"].(map[string]any), map[string]any{"completed": 1, "total": 3})
			wantStatus(t, a.do("PUT", modulePath(c, mods[1]), nil, as(A)), 200)
		})
		var number string
		t.Run("LastModuleIssuesIt", func(t *testing.T) {
			res := a.sub(t).do("PUT", modulePath(c, mods[2]), nil, as(A))
			wantStatus(t, res, 200)
			got := res.json(t)
			cert, _ := got["certificate"].(map[string]any)
			if cert == nil {
				t.Fatalf("no certificate: %s", res.body)
			}
			number = cert["number"].(string)
			if cert["agentName"] != "Test anil" || cert["courseTitle"] != "RERA Compliance Essentials" || cert["courseId"] != float64(c) ||
				cert["verifyUrl"] != a.srv.URL+"/certificates/"+number || !strings.HasPrefix(number, "PM-20") {
				t.Errorf("certificate = %v", cert)
			}
			e := got["enrollment"].(map[string]any)
			if e["completedAt"] == nil || e["certificateNumber"] != number {
				t.Errorf("enrollment = %v", e)
			}
		})
		t.Run("CertificatesList", func(t *testing.T) {
			a := a.sub(t)
			if list := a.objects(A, "/api/certificates"); len(list) != 1 || list[0]["number"] != number {
				t.Errorf("A's certificates = %v", list)
			}
			if list := a.objects(B, "/api/certificates"); len(list) != 0 {
				t.Errorf("B's certificates = %v", list)
			}
		})
		t.Run("PDFForTheOwnerOnly", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("GET", "/api/certificates/"+number+"/pdf", nil, as(A))
			wantStatus(t, res, 200)
			if ct := res.header.Get("Content-Type"); ct != "application/pdf" {
				t.Errorf("Content-Type = %q", ct)
			}
			if cd := res.header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment;") || !strings.Contains(cd, number) {
				t.Errorf("Content-Disposition = %q", cd)
			}
			text := strings.Join(strings.Fields(pdfText(t, res.body)), " ")
			for _, want := range []string{"Test anil", "RERA Compliance Essentials", number, a.srv.URL + "/certificates/" + number} {
				if !strings.Contains(text, want) {
					t.Errorf("PDF lacks %q: %q", want, text)
				}
			}
			wantError(t, a.do("GET", "/api/certificates/"+number+"/pdf", nil, as(B)), 404)
			wantError(t, a.do("GET", "/api/certificates/"+number+"/pdf", nil, as(admin)), 404)
			wantError(t, a.do("GET", "/api/certificates/PM-2026-ABCDEFGHJK/pdf", nil, as(A)), 404)
			wantError(t, a.do("GET", "/api/certificates/nonsense/pdf", nil, as(A)), 404)
		})
		t.Run("PublicVerification", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("GET", "/api/public/certificates/"+number, nil)
			wantStatus(t, res, 200)
			got := res.json(t)
			keys := []string{}
			for k := range got {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			if !slices.Equal(keys, []string{"agentName", "courseTitle", "issuedAt", "number", "valid"}) || got["valid"] != true ||
				got["agentName"] != "Test anil" || got["number"] != number {
				t.Errorf("verification = %s", res.body)
			}
			if bytes.Contains(res.body, []byte(A.phone)) || bytes.Contains(res.body, []byte("anil@")) {
				t.Errorf("verification shows more of the agent: %s", res.body)
			}
			wantError(t, a.do("GET", "/api/public/certificates/PM-2026-ABCDEFGHJK", nil), 404)
			wantError(t, a.do("GET", "/api/public/certificates/"+strings.ToLower(number), nil), 404)
		})
		t.Run("UnmarkingKeepsTheCertificate", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("DELETE", modulePath(c, mods[0]), nil, as(A))
			wantStatus(t, res, 200)
			if res.json(t)["certificate"] != nil {
				t.Errorf("un-mark answered a certificate: %s", res.body)
			}
			wantStatus(t, a.do("GET", "/api/public/certificates/"+number, nil), 200)
			again := a.do("PUT", modulePath(c, mods[0]), nil, as(A)).json(t)
			if cert, _ := again["certificate"].(map[string]any); cert == nil || cert["number"] != number {
				t.Errorf("completing again gave %v, want the same certificate", again["certificate"])
			}
		})
		t.Run("CertificateOutlivesItsCourse", func(t *testing.T) {
			a := a.sub(t)
			wantStatus(t, a.do("DELETE", coursePath(c), nil, as(admin)), 204)
			res := a.do("GET", "/api/public/certificates/"+number, nil)
			wantStatus(t, res, 200)
			if list := a.objects(A, "/api/certificates"); len(list) != 1 || list[0]["courseId"] != nil || list[0]["courseTitle"] != "RERA Compliance Essentials" {
				t.Errorf("certificates after the course went = %v", list)
			}
		})
	})
}

// pdfText parses b as a PDF and returns its text.
func pdfText(t *testing.T, b []byte) string {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("not a PDF: %v", err)
	}
	rd, err := r.GetPlainText()
	if err != nil {
		t.Fatalf("read the PDF's text: %v", err)
	}
	text, _ := io.ReadAll(rd)
	return string(text)
}

func TestAppDemos(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("meera", "9811111111")
		A := a.newAgent("anil", "9822222222")
		demoIDs := func(list []map[string]any) []int64 { return ids(list) }
		defaults := []int64{2001, 2002, 2003, 2004, 2005, 3001, 3002, 3003, 3004, 3005, 4001, 4002}
		t.Run("TwelveInDefaultOrderWithNumberedSteps", func(t *testing.T) {
			list := a.sub(t).objects(A, "/api/app-demos")
			if got := demoIDs(list); !slices.Equal(got, defaults) {
				t.Fatalf("ids = %v", got)
			}
			for i, d := range list {
				steps := d["tutorialSteps"].([]any)
				if d["displayOrder"] != float64(i+1) || d["tab"] != "app-demo" || d["videoUrl"] != "" || len(steps) < 4 ||
					!strings.HasPrefix(steps[0].(string), "1. ") || !strings.HasPrefix(steps[len(steps)-1].(string), fmt.Sprintf("%d. ", len(steps))) {
					t.Errorf("demo %v", d)
				}
			}
		})
		t.Run("BadOrders", func(t *testing.T) {
			a := a.sub(t)
			short := defaults[:11]
			dup := slices.Clone(defaults)
			dup[11] = 2001
			unknown := slices.Clone(defaults)
			unknown[0] = 9999
			for _, c := range []struct {
				name  string
				body  any
				paths []string
			}{
				{"Missing", map[string]any{"ids": short}, []string{"ids"}},
				{"Twice", map[string]any{"ids": dup}, []string{"ids.11"}},
				{"Unknown", map[string]any{"ids": unknown}, []string{"ids.0"}},
				{"NotNumbers", map[string]any{"ids": []string{"a"}}, []string{"ids"}},
				{"NoBody", map[string]any{}, []string{"ids"}},
			} {
				t.Run(c.name, func(t *testing.T) {
					wantError(t, a.sub(t).do("PUT", "/api/app-demos/order", c.body, as(admin), invalid()), 400, c.paths...)
				})
			}
		})
		t.Run("SavedOrderIsEveryones", func(t *testing.T) {
			a := a.sub(t)
			order := slices.Clone(defaults)
			slices.Reverse(order)
			res := a.do("PUT", "/api/app-demos/order", map[string]any{"ids": order}, as(admin))
			wantStatus(t, res, 200)
			if got := demoIDs(jsonObjects(t, res)); !slices.Equal(got, order) {
				t.Errorf("answer = %v", got)
			}
			list := a.objects(A, "/api/app-demos")
			if got := demoIDs(list); !slices.Equal(got, order) || list[0]["displayOrder"] != float64(1) {
				t.Errorf("agent sees %v", got)
			}
		})
		t.Run("SimultaneousSavesEachWinWhole", func(t *testing.T) {
			a := a.sub(t)
			counts := a.concurrently(20, func(i int) (int, error) {
				order := slices.Clone(defaults)
				if i%2 == 0 {
					slices.Reverse(order)
				}
				body := fmt.Sprintf(`{"ids":[%s]}`, strings.Trim(strings.Join(strings.Fields(fmt.Sprint(order)), ","), "[]"))
				req, _ := http.NewRequest("PUT", a.srv.URL+"/api/app-demos/order", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.AddCookie(&http.Cookie{Name: httpapi.SessionCookie, Value: admin.tok})
				res, err := a.bare.Do(req)
				if err != nil {
					return 0, err
				}
				res.Body.Close()
				return res.StatusCode, nil
			})
			if counts[200] != 20 {
				t.Fatalf("answers = %v", counts)
			}
			got := demoIDs(a.objects(A, "/api/app-demos"))
			rev := slices.Clone(defaults)
			slices.Reverse(rev)
			if !slices.Equal(got, defaults) && !slices.Equal(got, rev) {
				t.Errorf("order after racing saves = %v, want one of the two saved whole", got)
			}
		})
	})
}
