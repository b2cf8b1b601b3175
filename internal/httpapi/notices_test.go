package httpapi_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"propmatch/internal/httpapi"
	"propmatch/internal/platform/outbound"
)

// verifyLink returns the token of the newest verification link in the outbox.
func (a *apiTest) verifyLink() string {
	a.t.Helper()
	a.drain()
	m := a.newestOutbox("email")
	body, _ := m["body"].(string)
	match := regexp.MustCompile(`/verify-email\?token=([A-Za-z0-9_%-]+)`).FindStringSubmatch(body)
	if match == nil {
		a.t.Fatalf("no verification link in the newest email: %v", m)
	}
	tok, _ := url.QueryUnescape(match[1])
	return tok
}

func (a *apiTest) me(g agent) map[string]any {
	a.t.Helper()
	res := a.do("GET", "/api/user", nil, as(g))
	wantStatus(a.t, res, 200)
	return res.json(a.t)
}

func TestEmailVerification(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		vera := a.emailAgent("vera", "9811100001", "vera@example.com")
		if a.me(vera)["emailVerified"] != false {
			t.Fatalf("a new email is verified before its link is opened")
		}
		tok := a.verifyLink()

		t.Run("WrongTokenIs400", func(t *testing.T) {
			a := a.sub(t)
			wantError(t, a.do("POST", "/api/user/verify-email", map[string]any{"token": "not-a-token"}), 400)
			wantError(t, a.do("POST", "/api/user/verify-email", map[string]any{"token": ""}), 400, "token")
			wantError(t, a.do("POST", "/api/user/verify-email", "{", undocumented()), 400)
		})
		t.Run("RightTokenVerifiesOnce", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("POST", "/api/user/verify-email", map[string]any{"token": tok})
			wantStatus(t, res, 200)
			// The link needs no sign-in: it answers that it worked, not the account.
			if got := strings.TrimSpace(string(res.body)); got != `{"verified":true}` {
				t.Fatalf("verify-email answered %s, want only {\"verified\":true}", got)
			}
			if a.me(vera)["emailVerified"] != true {
				t.Fatalf("email not verified after the link")
			}
			wantError(t, a.do("POST", "/api/user/verify-email", map[string]any{"token": tok}), 409)
			wantError(t, a.do("POST", "/api/user/resend-verification", nil, as(vera)), 409)
		})
		t.Run("ChangedEmailIsUnverifiedAndGetsALink", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("PUT", "/api/user/profile", map[string]any{"fullName": "Vera V", "email": "vera.new@example.com", "agentType": "both"}, as(vera))
			wantStatus(t, res, 200)
			if res.json(t)["emailVerified"] != false {
				t.Fatalf("a changed email stayed verified: %s", res.body)
			}
			newTok := a.verifyLink()
			if m := a.newestOutbox("email"); m["recipient"] != "vera.new@example.com" {
				t.Fatalf("link went to %v", m["recipient"])
			}
			// The same profile saved again keeps the verification once made.
			wantStatus(t, a.do("POST", "/api/user/verify-email", map[string]any{"token": newTok}), 200)
			res = a.do("PUT", "/api/user/profile", map[string]any{"fullName": "Vera W", "email": "Vera.New@example.com", "agentType": "both"}, as(vera))
			wantStatus(t, res, 200)
			if res.json(t)["emailVerified"] != true {
				t.Fatalf("an unchanged email lost its verification")
			}
		})
		t.Run("ExpiredTokenIs400", func(t *testing.T) {
			a := a.sub(t)
			wantStatus(t, a.do("PUT", "/api/user/profile", map[string]any{"fullName": "Vera", "email": "vera3@example.com", "agentType": "both"}, as(vera)), 200)
			tok := a.verifyLink()
			a.clock.Advance(25 * time.Hour)
			wantError(t, a.do("POST", "/api/user/verify-email", map[string]any{"token": tok}), 400)
		})
		t.Run("AnAdminsEditOfTheEmailUnverifiesIt", func(t *testing.T) {
			a := a.sub(t)
			admin := a.newAdmin("vadmin", "9811100009")
			a.verified(vera)
			res := a.do("PATCH", fmt.Sprintf("/api/admin/users/%d", vera.id), map[string]any{"email": "vera.admin@example.com"}, as(admin))
			wantStatus(t, res, 200)
			if res.json(t)["emailVerified"] != false {
				t.Fatalf("admin's email change left it verified: %s", res.body)
			}
			a.verifyLink()
			if m := a.newestOutbox("email"); m["recipient"] != "vera.admin@example.com" {
				t.Fatalf("link went to %v", m["recipient"])
			}
		})
		t.Run("LinkForAnOldAddressIsRefused", func(t *testing.T) {
			a := a.sub(t)
			wantStatus(t, a.do("POST", "/api/user/resend-verification", nil, as(vera)), 202)
			old := a.verifyLink()
			wantStatus(t, a.do("PUT", "/api/user/profile", map[string]any{"fullName": "Vera", "email": "vera4@example.com", "agentType": "both"}, as(vera)), 200)
			wantError(t, a.do("POST", "/api/user/verify-email", map[string]any{"token": old}), 409)
		})
	})
}

func TestResendVerificationIsLimitedUnderConcurrency(t *testing.T) {
	eachEngine(t, apiOptions{manualQueue: true}, func(t *testing.T, a *apiTest) {
		rena := a.emailAgent("rena", "9811100002", "rena@example.com")
		wantError(t, a.do("POST", "/api/user/resend-verification", nil), 401)
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[int]int{}
		for range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := a.do("POST", "/api/user/resend-verification", nil, as(rena), undocumented())
				mu.Lock()
				codes[res.status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if codes[202] != 3 || codes[429] != 97 {
			t.Fatalf("statuses %v; want 3 accepted and 97 refused", codes)
		}
		a.drain()
	})
}

// emailAgent signs up an agent with an email (unverified) and returns it.
func (a *apiTest) emailAgent(username, phone, email string) agent {
	a.t.Helper()
	a.signUp(username, phone, email)
	u, _ := url.Parse(a.srv.URL)
	var tok string
	for _, c := range a.client.Jar.Cookies(u) {
		if c.Name == httpapi.SessionCookie {
			tok = c.Value
		}
	}
	a.client.Jar, _ = cookiejar.New(nil)
	m := a.me(agent{tok: tok})
	return agent{id: idOf(m), phone: m["phone"].(string), tok: tok}
}

// outboxTo returns the captured emails to address, newest first.
func (a *apiTest) outboxTo(address string) []map[string]any {
	a.t.Helper()
	a.drain()
	res := a.do("GET", "/api/dev/outbox", nil)
	wantStatus(a.t, res, 200)
	var out []map[string]any
	for _, m := range res.list(a.t) {
		if msg := m.(map[string]any); msg["channel"] == "email" && msg["recipient"] == address {
			out = append(out, msg)
		}
	}
	return out
}

func (a *apiTest) verified(g agent) {
	a.t.Helper()
	if _, err := a.db.Exec(`UPDATE users SET email_verified_at = created_at WHERE id = $1`, g.id); err != nil {
		a.t.Fatal(err)
	}
}

func TestNewMatchesReachTheAgentAsADigest(t *testing.T) {
	eachEngine(t, apiOptions{publicOrigin: "https://propmatch.example.com"}, func(t *testing.T, a *apiTest) {
		seller := a.emailAgent("sona", "9811100011", "sona@example.com")
		buyer := a.emailAgent("bhanu", "9811100012", "bhanu@example.com")
		a.verified(seller)
		matchesFor := func() []map[string]any {
			var out []map[string]any
			for _, m := range a.outboxTo("sona@example.com") {
				if strings.Contains(m["subject"].(string), "new match") {
					out = append(out, m)
				}
			}
			return out
		}
		a.create(seller, "/api/properties", listing())
		a.create(buyer, "/api/requirements", wanted("minBedrooms", 2))
		got := matchesFor()
		if len(got) != 1 || !strings.Contains(got[0]["body"].(string), "2BHK in Gachibowli") || !strings.Contains(got[0]["body"].(string), "/matches") {
			t.Fatalf("after the first match: %v; want one email naming the listing", got)
		}
		// Two more within the interval: gathered into the next digest.
		a.clock.Advance(time.Minute)
		a.create(buyer, "/api/requirements", wanted("minBedrooms", 2, "clientName", "Anita Rao"))
		a.create(buyer, "/api/requirements", wanted("minBedrooms", 1, "clientName", "Vikram Das"))
		if got := matchesFor(); len(got) != 1 {
			t.Fatalf("%d match emails within the interval; want 1", len(got))
		}
		a.clock.Advance(15 * time.Minute)
		got = matchesFor()
		if len(got) != 2 || !strings.Contains(got[0]["subject"].(string), "2 new matches") {
			t.Fatalf("after the interval: %v; want a second email with 2 new matches", got)
		}
		// The unverified buyer got only the verification link.
		for _, m := range a.outboxTo("bhanu@example.com") {
			if m["subject"] != "Confirm your email for PropMatch" {
				t.Errorf("unverified email got %q", m["subject"])
			}
		}
		// Unsubscribe from the email's link: GET asks, POST turns matches' email off.
		link := regexp.MustCompile(`/api/unsubscribe\?token=\S+`).FindString(got[0]["body"].(string))
		if link == "" {
			t.Fatalf("no unsubscribe link in %s", got[0]["body"])
		}
		page := a.do("GET", link, nil)
		wantStatus(t, page, 200)
		if !strings.Contains(string(page.body), "New matches") || !strings.Contains(string(page.body), `method="post"`) {
			t.Errorf("confirmation page: %s", page.body)
		}
		// A mail client posts from its own origin (RFC 8058): the signed
		// token is the authentication, so the cross-site check lets it in.
		res := a.do("POST", link, "List-Unsubscribe=One-Click", withHeader("Content-Type", "application/x-www-form-urlencoded"),
			withHeader("Origin", "https://mail.example.net"), withHeader("Sec-Fetch-Site", "cross-site"))
		wantStatus(t, res, 200)
		if res.json(t)["kind"] != "matches" {
			t.Errorf("unsubscribed %s", res.body)
		}
		// Any other write from that origin is still refused.
		wantStatus(t, a.do("POST", "/api/properties", listing(), as(seller), withHeader("Origin", "https://mail.example.net"),
			withHeader("Sec-Fetch-Site", "cross-site")), 403)
		// The link opened again says these emails are already off, with no button.
		page = a.do("GET", link, nil)
		wantStatus(t, page, 200)
		if !strings.Contains(string(page.body), "already off") || strings.Contains(string(page.body), `method="post"`) {
			t.Errorf("the page after unsubscribing: %s", page.body)
		}
		var on bool
		if err := a.db.QueryRow(`SELECT matches_email FROM user_settings WHERE user_id = $1`, seller.id).Scan(&on); err != nil || on {
			t.Errorf("matches_email = %v (%v) after unsubscribe; want false", on, err)
		}
		a.clock.Advance(time.Hour)
		a.create(buyer, "/api/requirements", wanted("minBedrooms", 2, "clientName", "Kavya Nair"))
		if got := matchesFor(); len(got) != 2 {
			t.Errorf("%d match emails after unsubscribing; want still 2", len(got))
		}
	})
}

func TestUnsubscribeRefusesBadTokens(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		for _, tok := range []string{"", "abc", "1.matches.forged", "1.nothing.x"} {
			wantError(t, a.do("POST", "/api/unsubscribe?token="+url.QueryEscape(tok), nil), 400)
			wantStatus(t, a.do("GET", "/api/unsubscribe?token="+url.QueryEscape(tok), nil), 400)
		}
	})
}

// failingMail fails every send with err.
type failingMail struct{ err error }

func (f failingMail) SendEmail(context.Context, outbound.Email) error { return f.err }

func TestEmailTestRoute(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("adya", "9811100021")
		agentA := a.newAgent("arun", "9811100022")
		body := map[string]any{"type": "match", "testEmail": "qa@example.com"}
		wantError(t, a.do("POST", "/api/test-email", body), 401)
		wantError(t, a.do("POST", "/api/test-email", body, as(agentA)), 403)
		wantError(t, a.do("GET", "/api/admin/email-preview?type=match", nil), 401)
		wantError(t, a.do("GET", "/api/admin/email-preview?type=match", nil, as(agentA)), 403)
		wantError(t, a.do("GET", "/api/admin/email-preview/html?type=match", nil, as(agentA)), 403)
		for _, bad := range []map[string]any{
			{"type": "spam", "testEmail": "qa@example.com"},
			{"type": "match", "testEmail": ""},
			{"type": "match", "testEmail": "not-an-address"},
			{"type": "test"}, // the admin has no email of their own
		} {
			wantError(t, a.do("POST", "/api/test-email", bad, as(admin)), 400)
		}
		wantError(t, a.do("GET", "/api/admin/email-preview?type=spam", nil, as(admin)), 400, "type")

		for _, typ := range []string{"match", "message", "connection", "test"} {
			res := a.do("GET", "/api/admin/email-preview?type="+typ, nil, as(admin))
			wantStatus(t, res, 200)
			m := res.json(t)
			if !strings.Contains(m["html"].(string), "PropMatch") || m["text"] == "" || m["subject"] == "" {
				t.Errorf("%s preview: %v", typ, m)
			}
		}
		html := a.do("GET", "/api/admin/email-preview/html?type=match", nil, as(admin))
		wantStatus(t, html, 200)
		if csp := html.header.Get("Content-Security-Policy"); !strings.Contains(csp, "sandbox") || !strings.Contains(csp, "frame-ancestors 'self'") {
			t.Errorf("preview policy %q", csp)
		}
		res := a.do("POST", "/api/test-email", body, as(admin))
		wantStatus(t, res, 200)
		if got := a.outboxTo("qa@example.com"); len(got) != 1 || !strings.Contains(got[0]["subject"].(string), "new matches") {
			t.Errorf("test email not in the outbox: %v", got)
		}
		// 'test' goes to the admin's own address, whatever is sent.
		if _, err := a.db.Exec(`UPDATE users SET email = 'adya@example.com' WHERE id = $1`, admin.id); err != nil {
			t.Fatal(err)
		}
		res = a.do("POST", "/api/test-email", map[string]any{"type": "test", "testEmail": "someone@else.com"}, as(admin))
		wantStatus(t, res, 200)
		if res.json(t)["to"] != "adya@example.com" {
			t.Errorf("test email went to %v", res.json(t)["to"])
		}
	})
}

func TestEmailTestSaysWhySMTPFailedInPlainWords(t *testing.T) {
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"Refused", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}, outbound.ProblemRefused},
		{"Auth", errors.New("SMTP AUTH failed: 535 5.7.8 Authentication failed"), outbound.ProblemAuth},
		{"TLS", errors.New(`STARTTLS mode set to: "TLSMandatory", but target host does not support STARTTLS`), outbound.ProblemTLS},
	} {
		t.Run(tt.name, func(t *testing.T) {
			eachEngine(t, apiOptions{mail: failingMail{tt.err}}, func(t *testing.T, a *apiTest) {
				admin := a.newAdmin("adya", "9811100031")
				res := a.do("POST", "/api/test-email", map[string]any{"type": "connection", "testEmail": "qa@example.com"}, as(admin))
				wantStatus(t, res, 503)
				if got := res.json(t)["message"]; got != tt.want {
					t.Errorf("message %q; want %q", got, tt.want)
				}
				if got := a.lastAudit(); got.action != "email.test" {
					t.Errorf("failed test email not audited: %+v", got)
				}
			})
		})
	}
}
