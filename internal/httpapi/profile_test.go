package httpapi_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strconv"
	"strings"
	"testing"
	"time"

	"propmatch/internal/httpapi"
	"propmatch/internal/platform/auth"
)

// ---- helpers for profile, password and sessions -------------------------

const (
	chromeWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36"
	safariIPhone  = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
)

// signIn signs username in again with userAgent (and any more request
// options) and returns the new session's token, leaving the cookie jar empty.
func (a *apiTest) signIn(username, password, userAgent string, more ...reqOption) string {
	a.t.Helper()
	res := a.do("POST", "/api/login", map[string]any{"username": username, "password": password}, append(more, withHeader("User-Agent", userAgent))...)
	wantStatus(a.t, res, 200)
	a.client.Jar, _ = cookiejar.New(nil)
	c := res.cookie()
	if c == nil || c.Value == "" {
		a.t.Fatalf("sign-in of %s set no session cookie", username)
	}
	return c.Value
}

func profileBody(over ...any) map[string]any {
	return with(map[string]any{
		"fullName": "Anil Kumar", "email": "anil@example.in", "bio": "Resale flats in Gachibowli",
		"agentType": "seller", "reraNumber": "P02400001234",
	}, over...)
}

const anilPassword = "Tr1cky-anil-pass"

// ---- tests -----------------------------------------------------------------

func TestProfileRoutesNeedSignIn(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		for _, tc := range []struct{ name, method, path string }{
			{"Stats", "GET", "/api/user/stats"},
			{"Profile", "PUT", "/api/user/profile"},
			{"Password", "POST", "/api/user/password"},
			{"Sessions", "GET", "/api/user/sessions"},
			{"EndSession", "DELETE", "/api/user/sessions/1"},
			{"EndOthers", "POST", "/api/user/sessions/sign-out-others"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var body any
				if tc.method == "PUT" || tc.method == "POST" {
					body = map[string]any{}
				}
				wantError(t, a.sub(t).do(tc.method, tc.path, body, invalid()), 401)
			})
		}
	})
}

func TestUserStatsCountListingsAndSuccessfulMatches(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		seller, buyer := a.newAgent("anil", "9822222222"), a.newAgent("bina", "9833333333")
		a.create(seller, "/api/properties", listing())
		a.create(seller, "/api/properties", listing("title", "3BHK in Kondapur", "locality", "Kondapur", "bedrooms", 3))
		a.create(buyer, "/api/requirements", wanted())
		stats := func(g agent) map[string]any {
			res := a.do("GET", "/api/user/stats", nil, as(g))
			wantStatus(t, res, 200)
			return res.json(t)
		}
		defer func() {
			if t.Failed() {
				t.Log(a.logs.String())
			}
		}()
		if got := stats(seller); got["propertiesListed"] != 2.0 || got["successfulMatches"] != 0.0 {
			t.Fatalf("seller stats before = %v, want 2 listings, 0 successful", got)
		}
		matches := a.objects(buyer, "/api/matches")
		if len(matches) == 0 {
			t.Fatal("no matches to mark")
		}
		setStatus := func(g agent, mid int64, status string) {
			wantStatus(t, a.do("PUT", "/api/matches/"+itoa(mid)+"/status", map[string]any{"status": status}, as(g)), 200)
		}
		want := func(g agent, n float64, why string) {
			t.Helper()
			if got := stats(g)["successfulMatches"]; got != n {
				t.Errorf("agent %d successfulMatches = %v, want %v (%s)", g.id, got, n, why)
			}
		}
		m := idOf(matches[0])
		setStatus(buyer, m, "viewed")
		want(buyer, 0, "viewed is not successful")
		setStatus(buyer, m, "interested")
		want(buyer, 1, "interested on the buyer's side")
		want(seller, 0, "the seller's side is still new")
		setStatus(seller, m, "closed")
		want(seller, 1, "closed on the seller's side")
		if len(matches) > 1 {
			setStatus(buyer, idOf(matches[1]), "not_interested")
			want(buyer, 1, "not_interested is not successful")
		}
		if got := stats(buyer); got["propertiesListed"] != 0.0 {
			t.Errorf("buyer propertiesListed = %v, want 0", got["propertiesListed"])
		}
	})
}

func TestUpdateProfile(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("anil", "9822222222")
		other := a.newAgent("bina", "9833333333")
		wantStatus(t, a.do("PUT", "/api/user/profile", profileBody("email", "bina@example.in"), as(other)), 200)
		small := pngDataURL(t, 24, 24, false)
		big := pngDataURL(t, 190, 190, true)
		if size := base64.StdEncoding.DecodedLen(len(big) - len("data:image/png;base64,")); size <= auth.MaxPictureBytes || size >= 300*1024 {
			t.Fatalf("large picture is %d bytes, want just over 100 KB", size)
		}
		gif := "data:image/png;base64," + base64.StdEncoding.EncodeToString([]byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"))

		t.Run("SavesFieldsAndPicture", func(t *testing.T) {
			res := a.do("PUT", "/api/user/profile", profileBody("profilePicture", small), as(g))
			wantStatus(t, res, 200)
			u := res.json(t)
			for k, want := range map[string]any{"fullName": "Anil Kumar", "email": "anil@example.in", "bio": "Resale flats in Gachibowli",
				"agentType": "seller", "reraNumber": "P02400001234", "phone": "+919822222222", "city": "Hyderabad"} {
				if u[k] != want {
					t.Errorf("%s = %v, want %v", k, u[k], want)
				}
			}
			pic, _ := u["profilePicture"].(string)
			if !strings.HasPrefix(pic, "/media/") {
				t.Fatalf("profilePicture = %q, want a /media/ URL", pic)
			}
			img := a.do("GET", pic, nil, undocumented())
			wantStatus(t, img, 200)
			if ct := img.header.Get("Content-Type"); ct != "image/png" {
				t.Errorf("stored picture Content-Type = %q", ct)
			}
			me := a.do("GET", "/api/user", nil, as(g)).json(t)
			if me["profilePicture"] != pic || me["bio"] != "Resale flats in Gachibowli" {
				t.Errorf("GET /api/user after the edit = %v", me)
			}
			// Sending the same URL keeps the picture; empty removes it.
			kept := a.do("PUT", "/api/user/profile", profileBody("profilePicture", pic), as(g)).json(t)
			if kept["profilePicture"] != pic {
				t.Errorf("resending the URL changed the picture to %v", kept["profilePicture"])
			}
			gone := a.do("PUT", "/api/user/profile", profileBody("profilePicture", nil, "bio", "", "reraNumber", ""), as(g)).json(t)
			if gone["profilePicture"] != nil || gone["bio"] != nil || gone["reraNumber"] != nil {
				t.Errorf("empty picture, bio and RERA number = %v, %v, %v; want null", gone["profilePicture"], gone["bio"], gone["reraNumber"])
			}
		})

		for _, tc := range []struct {
			name    string
			body    map[string]any
			status  int
			path    string
			message string
		}{
			{"FullNameRequired", profileBody("fullName", "  "), 400, "fullName", ""},
			{"EmailFormat", profileBody("email", "anil@"), 400, "email", ""},
			{"EmailTaken", profileBody("email", "BINA@example.in"), 409, "email", "An account with this email already exists"},
			{"AgentTypeUnknown", profileBody("agentType", "landlord"), 400, "agentType", ""},
			{"BioTooLong", profileBody("bio", strings.Repeat("x", 1001)), 400, "bio", ""},
			{"PictureTooLarge", profileBody("profilePicture", big), 400, "profilePicture", "File too large: please select an image smaller than 100KB"},
			{"PictureNotAnImageByContent", profileBody("profilePicture", gif), 400, "profilePicture", "Invalid file type: please select a JPG or PNG image"},
			{"PictureNotADataURL", profileBody("profilePicture", "https://example.com/a.png"), 400, "profilePicture", ""},
			{"PhoneReadOnly", profileBody("phone", "+919844444444"), 400, "phone", ""},
			{"CityReadOnly", profileBody("city", "Pune"), 400, "city", ""},
			{"StateReadOnly", profileBody("state", "Maharashtra"), 400, "state", ""},
			{"GSTINWrongCheckCharacter", profileBody("gstin", "27AAACR5055K1Z8"), 400, "gstin", "wrong check character"},
			{"GSTINNotOne", profileBody("gstin", "ABC"), 400, "gstin", ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res := a.sub(t).do("PUT", "/api/user/profile", tc.body, as(g), invalid())
				wantError(t, res, tc.status, tc.path)
				if tc.message != "" && !bytes.Contains(res.body, []byte(tc.message)) {
					t.Errorf("body = %s, want the message %q", res.body, tc.message)
				}
			})
		}
		t.Run("GSTINIsSavedKeptAndRemoved", func(t *testing.T) {
			a := a.sub(t)
			u := a.do("PUT", "/api/user/profile", profileBody("gstin", " 27aaacr5055k1z7 "), as(g)).json(t)
			if u["gstin"] != "27AAACR5055K1Z7" {
				t.Fatalf("gstin = %v, want it upper case without spaces", u["gstin"])
			}
			if kept := a.do("PUT", "/api/user/profile", profileBody(), as(g)).json(t); kept["gstin"] != "27AAACR5055K1Z7" {
				t.Errorf("an edit without gstin changed it to %v", kept["gstin"])
			}
			if gone := a.do("PUT", "/api/user/profile", profileBody("gstin", ""), as(g)).json(t); gone["gstin"] != nil {
				t.Errorf("gstin \"\" left %v", gone["gstin"])
			}
		})
		t.Run("UnchangedReadOnlyFieldsPass", func(t *testing.T) {
			body := profileBody("phone", "+919822222222", "state", "Telangana", "city", "Hyderabad")
			wantStatus(t, a.sub(t).do("PUT", "/api/user/profile", body, as(g)), 200)
		})
		t.Run("RefusedEditChangesNothing", func(t *testing.T) {
			a.sub(t).do("PUT", "/api/user/profile", profileBody("fullName", "Changed", "profilePicture", big), as(g))
			if me := a.sub(t).do("GET", "/api/user", nil, as(g)).json(t); me["fullName"] != "Anil Kumar" {
				t.Errorf("fullName after a refused edit = %v", me["fullName"])
			}
		})
	})
}

func TestSessionsListAndEnd(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("anil", "9822222222")
		other := a.newAgent("bina", "9833333333")
		phone := a.signIn("anil", anilPassword, safariIPhone)
		laptop := agent{id: g.id, tok: a.signIn("anil", anilPassword, chromeWindows)}

		res := a.do("GET", "/api/user/sessions", nil, as(laptop))
		wantStatus(t, res, 200)
		if bytes.Contains(res.body, []byte(laptop.tok)) || bytes.Contains(res.body, []byte(phone)) || bytes.Contains(res.body, []byte("token")) {
			t.Fatalf("the session list carries a token: %s", res.body)
		}
		list := a.objects(laptop, "/api/user/sessions")
		if len(list) != 3 {
			t.Fatalf("%d sessions, want 3 (sign-up, phone, laptop): %v", len(list), list)
		}
		devices, current := map[string]bool{}, 0
		var phoneID int64
		for _, s := range list {
			devices[s["device"].(string)] = true
			if s["current"] == true {
				current++
				if s["device"] != "Chrome on Windows" {
					t.Errorf("current session device = %v, want Chrome on Windows", s["device"])
				}
			}
			if s["device"] == "Safari on iPhone" {
				phoneID = idOf(s)
			}
			if s["ip"] != "127.0.0.1" {
				t.Errorf("session ip = %v", s["ip"])
			}
		}
		if current != 1 || !devices["Safari on iPhone"] {
			t.Fatalf("sessions = %v, want one current and the iPhone", list)
		}

		t.Run("AnotherAgentsSessionIsNotFound", func(t *testing.T) {
			wantError(t, a.sub(t).do("DELETE", "/api/user/sessions/"+itoa(phoneID), nil, as(other)), 404)
			wantStatus(t, a.sub(t).do("GET", "/api/user", nil, withToken(phone)), 200)
		})
		t.Run("BadID", func(t *testing.T) {
			wantError(t, a.sub(t).do("DELETE", "/api/user/sessions/abc", nil, as(laptop), invalid()), 400, "id")
			wantError(t, a.sub(t).do("DELETE", "/api/user/sessions/999999", nil, as(laptop)), 404)
		})
		t.Run("SignOutOne", func(t *testing.T) {
			wantStatus(t, a.sub(t).do("DELETE", "/api/user/sessions/"+itoa(phoneID), nil, as(laptop)), 200)
			wantError(t, a.sub(t).do("GET", "/api/user", nil, withToken(phone)), 401)
			wantError(t, a.sub(t).do("DELETE", "/api/user/sessions/"+itoa(phoneID), nil, as(laptop)), 404)
		})
		t.Run("SignOutEverywhereElse", func(t *testing.T) {
			res := a.sub(t).do("POST", "/api/user/sessions/sign-out-others", nil, as(laptop))
			wantStatus(t, res, 200)
			if n := res.json(t)["sessionsEnded"]; n != 1.0 {
				t.Errorf("sessionsEnded = %v, want 1 (the sign-up session)", n)
			}
			wantError(t, a.sub(t).do("GET", "/api/user", nil, as(g)), 401)
			wantStatus(t, a.sub(t).do("GET", "/api/user", nil, as(laptop)), 200)
			wantStatus(t, a.sub(t).do("GET", "/api/user", nil, as(other)), 200)
		})
		t.Run("SignOutThisOneClearsTheCookie", func(t *testing.T) {
			list := a.objects(laptop, "/api/user/sessions")
			res := a.sub(t).do("DELETE", "/api/user/sessions/"+itoa(idOf(list[0])), nil, as(laptop))
			wantStatus(t, res, 200)
			if c := res.cookie(); c == nil || c.MaxAge >= 0 {
				t.Errorf("ending the current session left the cookie: %v", c)
			}
			wantError(t, a.sub(t).do("GET", "/api/user", nil, as(laptop)), 401)
		})
	})
}

func TestChangePassword(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("anil", "9822222222")
		wantStatus(t, a.do("PUT", "/api/user/profile", profileBody(), as(g)), 200)
		phone := a.signIn("anil", anilPassword, safariIPhone)
		const newPassword = "Monsoon-Ledger-42-Teak"

		for _, tc := range []struct {
			name string
			body map[string]any
			path string
		}{
			{"MissingBoth", map[string]any{}, "currentPassword"},
			{"MissingNew", map[string]any{"currentPassword": anilPassword}, "newPassword"},
			{"WrongCurrent", map[string]any{"currentPassword": "Not-my-password-9", "newPassword": newPassword}, "currentPassword"},
			{"TooShort", map[string]any{"currentPassword": anilPassword, "newPassword": "Ab1-"}, "newPassword"},
			{"Common", map[string]any{"currentPassword": anilPassword, "newPassword": "password123"}, "newPassword"},
			{"BuiltOnName", map[string]any{"currentPassword": anilPassword, "newPassword": "anilkumar1"}, "newPassword"},
			{"SameAsCurrent", map[string]any{"currentPassword": anilPassword, "newPassword": anilPassword}, "newPassword"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				wantError(t, a.sub(t).do("POST", "/api/user/password", tc.body, as(g), invalid()), 400, tc.path)
			})
		}
		wantStatus(t, a.do("GET", "/api/user", nil, withToken(phone)), 200)

		res := a.do("POST", "/api/user/password", map[string]any{"currentPassword": anilPassword, "newPassword": newPassword}, as(g))
		wantStatus(t, res, 200)
		if n := res.json(t)["sessionsEnded"]; n != 1.0 {
			t.Errorf("sessionsEnded = %v, want 1", n)
		}
		wantStatus(t, a.do("GET", "/api/user", nil, as(g)), 200)
		wantError(t, a.do("GET", "/api/user", nil, withToken(phone)), 401)
		wantError(t, a.do("POST", "/api/login", map[string]any{"username": "anil", "password": anilPassword}), 401)
		a.signIn("anil", newPassword, chromeWindows)

		mail := a.newestOutbox("email")
		if mail["recipient"] != "anil@example.in" || mail["subject"] != auth.PasswordChangedSubject {
			t.Errorf("newest email = %v, want the password notice to anil@example.in", mail)
		}
		body, _ := mail["body"].(string)
		if strings.Contains(body, newPassword) || strings.Contains(a.logs.String(), newPassword) {
			t.Error("the new password appears in the email or the logs")
		}
	})
}

// TestHundredConcurrentWrongCurrentPasswordsAreThrottled: guesses at the
// current password share sign-in's throttles, so of 100 at once only the
// free few are checked and the rest wait.
func TestHundredConcurrentWrongCurrentPasswordsAreThrottled(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("anil", "9822222222")
		body := `{"currentPassword":"Not-my-password-9","newPassword":"Monsoon-Ledger-42-Teak"}`
		counts := a.concurrently(100, func(int) (int, error) { return a.rawBody(g, "POST", "/api/user/password", body) })
		checked := counts[400]
		if checked+counts[429] != 100 || checked > auth.DefaultConfig().LoginPerPair.Free || checked == 0 {
			t.Fatalf("answers %v: want at most %d checked (400), the rest 429", counts, auth.DefaultConfig().LoginPerPair.Free)
		}
		t.Logf("100 concurrent wrong current passwords: %v", counts)
		// The right password waits too, until the delay has passed.
		right := map[string]any{"currentPassword": anilPassword, "newPassword": "Monsoon-Ledger-42-Teak"}
		wantError(t, a.do("POST", "/api/user/password", right, as(g)), 429)
		a.clock.Advance(16 * time.Minute)
		wantStatus(t, a.do("POST", "/api/user/password", right, as(g)), 200)
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// rawBody is raw with a JSON body.
func (a *apiTest) rawBody(g agent, method, path, body string) (int, error) {
	req, err := http.NewRequest(method, a.srv.URL+path, strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.AddCookie(&http.Cookie{Name: httpapi.SessionCookie, Value: g.tok})
	res, err := a.bare.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode, nil
}

// TestHundredConcurrentEmailClaimsGiveItToOneAgent: ten agents each send ten
// profile edits claiming the same email at once; exactly one agent gets it,
// every other answer is 409 (or 200 for the winner's repeats), never a 500.
func TestHundredConcurrentEmailClaimsGiveItToOneAgent(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		var agents []agent
		for i := range 10 {
			agents = append(agents, a.newAgent(fmt.Sprintf("claim%d", i), fmt.Sprintf("98%08d", 22220000+i)))
		}
		body := `{"fullName":"Claimant","email":"same@example.in","agentType":"both"}`
		counts := a.concurrently(100, func(i int) (int, error) { return a.rawBody(agents[i%10], "PUT", "/api/user/profile", body) })
		if counts[200]+counts[409] != 100 || counts[409] < 90 {
			t.Fatalf("answers %v: want one agent's edits 200 and at least 90 answered 409", counts)
		}
		var holders int
		if err := a.db.QueryRow(`SELECT COUNT(*) FROM users WHERE lower(email) = 'same@example.in'`).Scan(&holders); err != nil {
			t.Fatal(err)
		}
		if holders != 1 {
			t.Fatalf("%d accounts hold the email, want 1", holders)
		}
		t.Logf("100 concurrent claims of one email by 10 agents: %v", counts)
	})
}
