package httpapi_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"strings"
	"sync"
	"testing"
	"time"

	"propmatch/internal/india"
)

// certPDF is a one-page certificate PDF.
var certPDF = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n" +
	"3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\nxref\n0 4\n0000000000 65535 f \n" +
	"trailer << /Size 4 /Root 1 0 R >>\nstartxref\n9\n%%EOF\n")

// reraForm is a multipart submission; cert nil leaves the file out.
func reraForm(t *testing.T, number, state, until string, cert []byte) ([]byte, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range map[string]string{"number": number, "state": state, "validUntil": until} {
		if err := w.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if cert != nil {
		f, err := w.CreateFormFile("certificate", "certificate.pdf")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = f.Write(cert)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), w.FormDataContentType()
}

func (a *apiTest) submitRera(g agent, number, state, until string, cert []byte, opts ...reqOption) response {
	a.t.Helper()
	body, ct := reraForm(a.t, number, state, until, cert)
	return a.do("POST", "/api/user/rera", body, append([]reqOption{as(g), withHeader("Content-Type", ct)}, opts...)...)
}

// reraVerify gives g the RERA badge the only way there is: a submission an
// admin approves.
func (a *apiTest) reraVerify(g, admin agent, until string) {
	a.t.Helper()
	res := a.submitRera(g, "A51700001835", "Maharashtra", until, certPDF)
	wantStatus(a.t, res, 201)
	id := idOf(res.json(a.t)["latest"].(map[string]any))
	wantStatus(a.t, a.do("POST", fmt.Sprintf("/api/admin/rera/%d/approve", id), nil, as(admin)), 200)
}

func TestReraSubmitReviewAndBadge(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("reraagent", "+919845012361")
		other := a.newAgent("reraother", "+919845012362")
		admin := a.newAdmin("reraadmin", "+919845012363")

		mine := a.do("GET", "/api/user/rera", nil, as(g))
		wantStatus(t, mine, 200)
		if m := mine.json(t); m["isReraVerified"] != false || m["latest"] != nil {
			t.Fatalf("before: %s", mine.body)
		}
		// Bad input: field errors, never a 500.
		wantError(t, a.submitRera(g, "P51700001835", "Maharashtra", "2020-01-01", []byte("<html><script>x</script>")), 400, "number", "validUntil", "certificate")
		wantError(t, a.submitRera(g, "", "", "", nil, invalid()), 400, "number", "state", "validUntil", "certificate")
		wantError(t, a.do("POST", "/api/user/rera", map[string]any{"number": "A51700001835"}, as(g), invalid()), 400)
		hostile := append([]byte{}, certPDF...)
		hostile = bytes.Replace(hostile, []byte("/MediaBox"), []byte("/OpenAction << /S /JavaScript /JS (app.alert(1)) >> /MediaBox"), 1)
		wantError(t, a.submitRera(g, "A51700001835", "Maharashtra", "2029-03-31", hostile), 400, "certificate")
		big := append(append([]byte{}, certPDF...), bytes.Repeat([]byte(" "), 5<<20)...)
		if res := a.submitRera(g, "A51700001835", "Maharashtra", "2029-03-31", big, invalid()); res.status != 400 && res.status != 413 {
			t.Errorf("a certificate over 5 MB answered %d: %s", res.status, res.body)
		}

		res := a.submitRera(g, "A51700001835", "Maharashtra", "2029-03-31", certPDF)
		wantStatus(t, res, 201)
		latest := res.json(t)["latest"].(map[string]any)
		id := idOf(latest)
		if latest["status"] != "pending" || latest["certificateUrl"] != fmt.Sprintf("/api/rera/%d/certificate", id) {
			t.Fatalf("submitted: %s", res.body)
		}
		// The certificate: its agent and admins; another agent gets 404.
		cert := a.do("GET", fmt.Sprintf("/api/rera/%d/certificate", id), nil, as(g))
		wantStatus(t, cert, 200)
		if !bytes.Equal(cert.body, certPDF) || cert.header.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.HasPrefix(cert.header.Get("Content-Disposition"), "attachment;") || cert.header.Get("Content-Type") != "application/pdf" {
			t.Errorf("certificate headers %v", cert.header)
		}
		wantStatus(t, a.do("GET", fmt.Sprintf("/api/rera/%d/certificate", id), nil, as(admin)), 200)
		wantError(t, a.do("GET", fmt.Sprintf("/api/rera/%d/certificate", id), nil, as(other)), 404)
		wantError(t, a.do("GET", fmt.Sprintf("/api/rera/%d/certificate", id), nil), 401)

		// Admins only.
		wantError(t, a.do("GET", "/api/admin/rera?status=pending", nil, as(g)), 403)
		wantError(t, a.do("POST", fmt.Sprintf("/api/admin/rera/%d/approve", id), nil, as(g)), 403)
		wantError(t, a.do("GET", "/api/admin/rera?status=nope", nil, as(admin), invalid()), 400)
		q := a.do("GET", "/api/admin/rera?status=pending", nil, as(admin))
		wantStatus(t, q, 200)
		items := q.list(t)
		if len(items) != 1 {
			t.Fatalf("queue: %s", q.body)
		}
		it := items[0].(map[string]any)
		if idOf(map[string]any{"id": it["agentId"]}) != g.id || it["username"] != "reraagent" || it["agentName"] == "" ||
			it["searchUrl"] != "https://maharera.maharashtra.gov.in/" || it["number"] != "A51700001835" {
			t.Errorf("queue item: %v", it)
		}
		wantError(t, a.do("POST", fmt.Sprintf("/api/admin/rera/%d/reject", id), map[string]any{"reason": " "}, as(admin)), 400, "reason")
		wantError(t, a.do("POST", "/api/admin/rera/999999/approve", nil, as(admin)), 404)

		wantStatus(t, a.do("POST", fmt.Sprintf("/api/admin/rera/%d/approve", id), nil, as(admin)), 200)
		wantError(t, a.do("POST", fmt.Sprintf("/api/admin/rera/%d/reject", id), map[string]any{"reason": "late"}, as(admin)), 409)
		me := a.do("GET", "/api/user", nil, as(g)).json(t)
		if me["isReraVerified"] != true || me["reraValidUntil"] != "2029-03-31" {
			t.Errorf("GET /api/user after approval: %v %v", me["isReraVerified"], me["reraValidUntil"])
		}
		if s := a.do("GET", "/api/session", nil, as(g)).json(t)["user"].(map[string]any); s["reraValidUntil"] != "2029-03-31" {
			t.Errorf("session: %v", s["reraValidUntil"])
		}
		// The directory shows the badge.
		dir := a.do("GET", "/api/agents", nil, as(other))
		if !strings.Contains(string(dir.body), `"isReraVerified":true,"reraValidUntil":"2029-03-31"`) {
			t.Errorf("directory without the badge: %s", dir.body)
		}
		// Another number: the badge goes at once.
		wantStatus(t, a.submitRera(g, "A51900021334", "Maharashtra", "2031-01-01", certPDF), 201)
		if me := a.do("GET", "/api/user", nil, as(g)).json(t); me["isReraVerified"] != false || me["reraValidUntil"] != nil {
			t.Errorf("after a new number: %v %v", me["isReraVerified"], me["reraValidUntil"])
		}
		// A rejection reaches the agent with its reason.
		pending := a.do("GET", "/api/admin/rera", nil, as(admin)).list(t)
		pid := idOf(pending[0].(map[string]any))
		wantStatus(t, a.do("POST", fmt.Sprintf("/api/admin/rera/%d/reject", pid), map[string]any{"reason": "The certificate is blurred"}, as(admin)), 200)
		m := a.do("GET", "/api/user/rera", nil, as(g)).json(t)
		if l := m["latest"].(map[string]any); l["status"] != "rejected" || l["reason"] != "The certificate is blurred" {
			t.Errorf("after reject: %v", l)
		}
	})
}

func TestReraLandingCountAndLapse(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("lapseadmin", "+919845012371")
		g := a.newAgent("lapseagent", "+919845012372")
		h := a.newAgent("flagagent", "+919845012373")
		until := a.clock.Now().In(india.Zone).AddDate(0, 0, 2).Format("2006-01-02")
		a.reraVerify(g, admin, until)
		// A flag set by hand, without an approved registration, counts for nothing.
		if _, err := a.db.Exec(`UPDATE users SET is_rera_verified = TRUE WHERE id = $1`, h.id); err != nil {
			t.Fatal(err)
		}
		if f := a.do("GET", "/api/site/figures", nil).json(t); f["reraVerifiedAgents"] != 1.0 {
			t.Errorf("landing count = %v, want 1", f["reraVerifiedAgents"])
		}
		// Past expiry, the queued job lapses the badge.
		a.clock.Advance(3 * 24 * time.Hour)
		a.drain()
		if me := a.do("GET", "/api/user", nil, as(g)).json(t); me["isReraVerified"] != false {
			t.Errorf("badge after expiry: %v", me["isReraVerified"])
		}
		if f := a.do("GET", "/api/site/figures", nil).json(t); f["reraVerifiedAgents"] != 0.0 {
			t.Errorf("landing count after expiry = %v, want 0", f["reraVerifiedAgents"])
		}
	})
}

func TestReraConcurrentDecisionsLeaveOne(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("raceadmin", "+919845012381")
		g := a.newAgent("raceagent", "+919845012382")
		res := a.submitRera(g, "UPRERAAGT10202", "Uttar Pradesh", "2030-06-30", certPDF)
		id := idOf(res.json(t)["latest"].(map[string]any))
		var mu sync.Mutex
		codes := map[int]int{}
		var wg sync.WaitGroup
		for i := range 100 {
			wg.Go(func() {
				var r response
				if i%2 == 0 {
					r = a.do("POST", fmt.Sprintf("/api/admin/rera/%d/approve", id), nil, as(admin))
				} else {
					r = a.do("POST", fmt.Sprintf("/api/admin/rera/%d/reject", id), map[string]any{"reason": "Not legible"}, as(admin))
				}
				mu.Lock()
				codes[r.status]++
				mu.Unlock()
			})
		}
		wg.Wait()
		if codes[200] != 1 || codes[409] != 99 {
			t.Errorf("answers %v, want one 200 and 99 409s", codes)
		}
	})
}

func TestReraEditingTheNumberOnTheProfileRemovesTheBadge(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("editadmin", "+919845012391")
		g := a.newAgent("editagent", "+919845012392")
		a.reraVerify(g, admin, a.clock.Now().AddDate(3, 0, 0).Format("2006-01-02"))
		me := a.do("GET", "/api/user", nil, as(g)).json(t)
		profile := map[string]any{"fullName": me["fullName"], "agentType": me["agentType"], "reraNumber": "A51700001835", "bio": "Pune resale"}
		// The same number: the badge stays.
		if res := a.do("PUT", "/api/user/profile", profile, as(g)); res.status != 200 || res.json(t)["isReraVerified"] != true {
			t.Fatalf("same number: %d %s", res.status, res.body)
		}
		profile["reraNumber"] = "A51900021334"
		res := a.do("PUT", "/api/user/profile", profile, as(g))
		wantStatus(t, res, 200)
		if res.json(t)["isReraVerified"] != false {
			t.Errorf("another number kept the badge: %s", res.body)
		}
		if m := a.do("GET", "/api/user/rera", nil, as(g)).json(t); m["isReraVerified"] != false || m["approved"] != nil {
			t.Errorf("standing after edit: %v", m)
		}
		// An admin's edit does the same.
		a.reraVerify(g, admin, a.clock.Now().AddDate(3, 0, 0).Format("2006-01-02"))
		wantStatus(t, a.do("PATCH", fmt.Sprintf("/api/admin/users/%d", g.id), map[string]any{"reraNumber": "A52100000001"}, as(admin)), 200)
		if me := a.do("GET", "/api/user", nil, as(g)).json(t); me["isReraVerified"] != false {
			t.Errorf("an admin's edit kept the badge")
		}
	})
}
