package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"propmatch/internal/platform/auth"
)

// journeySecrets is everything the account journey handled that must never
// be logged.
type journeySecrets struct {
	otp, resetCode                    string
	password, newPassword, wrong      string
	tokens                            []string
	phoneE164, phoneDigits, phoneSpcd string
}

var sixDigits = regexp.MustCompile(`\b(\d{6})\b`)

// accountJourney walks the whole account life through the API, checking each
// step, and returns the secrets it saw.
func accountJourney(t *testing.T, a *apiTest) journeySecrets {
	t.Helper()
	s := journeySecrets{
		password: "Monsoon-Terrace-42", newPassword: "Banyan-Courtyard-77", wrong: "Not-The-Password-1",
		phoneE164: "+919876543210", phoneDigits: "9876543210", phoneSpcd: "98765 43210",
	}
	const email = "asha.rao@example.com"

	// send-otp echoes the code in development mode.
	sent := a.do("POST", "/api/send-otp", map[string]any{"phone": "+91 98765-43210"})
	wantStatus(t, sent, 200)
	body := sent.json(t)
	if body["phone"] != s.phoneE164 {
		t.Fatalf("send-otp phone = %v, want %s", body["phone"], s.phoneE164)
	}
	s.otp, _ = body["otp"].(string)
	if !sixDigits.MatchString(s.otp) {
		t.Fatalf("send-otp otp = %q, want 6 digits", s.otp)
	}
	if wa := a.newestOutbox("whatsapp"); !strings.Contains(wa["body"].(string), s.otp) || wa["recipient"] != s.phoneE164 {
		t.Errorf("outbox WhatsApp message = %v, want the code for %s", wa, s.phoneE164)
	}

	ver := a.do("POST", "/api/verify-otp", map[string]any{"phone": s.phoneDigits, "otp": s.otp})
	wantStatus(t, ver, 200)
	if v := ver.json(t); v["verified"] != true || v["phone"] != s.phoneE164 {
		t.Errorf("verify-otp = %s", ver.body)
	}

	reg := a.do("POST", "/api/register", registration("asha", s.password, s.phoneSpcd, email))
	wantStatus(t, reg, 201)
	c := reg.cookie()
	if c == nil || c.Value == "" {
		t.Fatalf("register set no session cookie; Set-Cookie: %q", reg.header.Values("Set-Cookie"))
	}
	s.tokens = append(s.tokens, c.Value)
	if u := reg.json(t); u["username"] != "asha" || u["role"] != "agent" || u["phone"] != s.phoneE164 || u["isPhoneVerified"] != true {
		t.Errorf("register answered %s", reg.body)
	}

	me := a.do("GET", "/api/user", nil)
	wantStatus(t, me, 200)
	if me.json(t)["username"] != "asha" {
		t.Errorf("GET /api/user = %s", me.body)
	}

	wantStatus(t, a.do("POST", "/api/logout", nil), 200)
	wantError(t, a.do("GET", "/api/user", nil), 401)

	for _, id := range []string{"asha", "ASHA", s.phoneSpcd, s.phoneE164, "Asha.Rao@Example.com"} {
		res := a.do("POST", "/api/login", map[string]any{"username": id, "password": s.password})
		wantStatus(t, res, 200)
		if res.json(t)["username"] != "asha" {
			t.Errorf("login as %q answered %s", id, res.body)
		}
		if c := res.cookie(); c != nil {
			s.tokens = append(s.tokens, c.Value)
		}
		wantStatus(t, a.do("GET", "/api/user", nil), 200)
	}
	before := s.tokens[len(s.tokens)-1]

	// Forgot password.
	wantStatus(t, a.do("POST", "/api/send-reset-code", map[string]any{"email": email}), 200)
	mail := a.newestOutbox("email")
	if mail["recipient"] != email {
		t.Fatalf("newest email went to %v, want %s", mail["recipient"], email)
	}
	m := sixDigits.FindStringSubmatch(mail["body"].(string))
	if m == nil {
		t.Fatalf("no 6-digit code in the reset email: %q", mail["body"])
	}
	s.resetCode = m[1]
	vr := a.do("POST", "/api/verify-reset-code", map[string]any{"email": email, "code": s.resetCode})
	wantStatus(t, vr, 200)
	if vr.json(t)["valid"] != true {
		t.Errorf("verify-reset-code = %s", vr.body)
	}
	wantStatus(t, a.do("POST", "/api/reset-password", map[string]any{"email": email, "code": s.resetCode, "newPassword": s.newPassword}), 200)

	wantError(t, a.do("GET", "/api/user", nil, withToken(before)), 401)
	wantError(t, a.do("POST", "/api/login", map[string]any{"username": "asha", "password": s.password}), 401)
	wantError(t, a.do("POST", "/api/login", map[string]any{"username": "asha", "password": s.wrong}), 401)
	res := a.do("POST", "/api/login", map[string]any{"username": "asha", "password": s.newPassword})
	wantStatus(t, res, 200)
	if c := res.cookie(); c != nil {
		s.tokens = append(s.tokens, c.Value)
	}
	wantStatus(t, a.do("GET", "/api/user", nil), 200)
	// A reset code is single use.
	wantError(t, a.do("POST", "/api/reset-password", map[string]any{"email": email, "code": s.resetCode, "newPassword": "Another-Fresh-Pass-9"}), 400)
	return s
}

func TestAccountJourney(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) { accountJourney(t, a) })
}

func TestSecretsNeverAppearInLogs(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		s := accountJourney(t, a)
		logs := a.logs.String()
		if !strings.Contains(logs, "path=/api/login") {
			t.Fatalf("the request log is not captured:\n%s", logs)
		}
		secrets := map[string]string{
			"OTP": s.otp, "reset code": s.resetCode, "password": s.password, "new password": s.newPassword,
			"wrong password": s.wrong, "phone (E.164)": s.phoneE164, "phone (digits)": s.phoneDigits, "phone (spaced)": s.phoneSpcd,
		}
		for i, tok := range s.tokens {
			secrets[fmt.Sprintf("session token %d", i)] = tok
		}
		for what, v := range secrets {
			if v != "" && strings.Contains(logs, v) {
				t.Errorf("the log contains the %s %q:\n%s", what, v, logs)
			}
		}
	})
}

func TestSessionCookie(t *testing.T) {
	for _, tc := range []struct {
		name       string
		tls        bool
		wantSecure bool
	}{
		{"IsHttpOnlyLaxOnRootAndNotSecureOverPlainHTTP", false, false},
		{"IsSecureUnderTLS", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eachEngine(t, apiOptions{tls: tc.tls}, func(t *testing.T, a *apiTest) {
				pw := a.signUp("ravi", "9876512345", "")
				res := a.do("POST", "/api/login", map[string]any{"username": "ravi", "password": pw})
				wantStatus(t, res, 200)
				c := res.cookie()
				if c == nil {
					t.Fatalf("no session cookie; Set-Cookie: %q", res.header.Values("Set-Cookie"))
				}
				if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Secure != tc.wantSecure {
					t.Errorf("cookie = %q, want HttpOnly, SameSite=Lax, Path=/, Secure=%v", res.header.Get("Set-Cookie"), tc.wantSecure)
				}
				if len(c.Value) < 43 {
					t.Errorf("token %q is shorter than 256 bits in base64", c.Value)
				}
			})
		})
	}

	t.Run("EveryLoginGivesANewToken", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			pw := a.signUp("ravi", "9876512345", "")
			seen := map[string]bool{}
			for range 3 {
				res := a.do("POST", "/api/login", map[string]any{"username": "ravi", "password": pw})
				wantStatus(t, res, 200)
				tok := res.cookie().Value
				if seen[tok] {
					t.Fatalf("login reused token %q", tok)
				}
				seen[tok] = true
				wantStatus(t, a.do("GET", "/api/user", nil, withToken(tok)), 200)
			}
		})
	})

	t.Run("LoginEndsTheSessionTheBrowserHad", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			pw := a.signUp("ravi", "9876512345", "")
			first := a.do("POST", "/api/login", map[string]any{"username": "ravi", "password": pw}).cookie().Value
			wantStatus(t, a.do("POST", "/api/login", map[string]any{"username": "ravi", "password": pw}), 200)
			wantError(t, a.do("GET", "/api/user", nil, withToken(first)), 401)
		})
	})

	t.Run("LogoutClearsTheCookieAndKillsTheToken", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			pw := a.signUp("ravi", "9876512345", "")
			tok := a.do("POST", "/api/login", map[string]any{"username": "ravi", "password": pw}).cookie().Value
			out := a.do("POST", "/api/logout", nil)
			wantStatus(t, out, 200)
			c := out.cookie()
			if c == nil || c.Value != "" || c.MaxAge >= 0 {
				t.Errorf("logout Set-Cookie = %q, want the cookie cleared", out.header.Values("Set-Cookie"))
			}
			wantError(t, a.do("GET", "/api/user", nil), 401)
			wantError(t, a.do("GET", "/api/user", nil, withToken(tok)), 401)
			// Logging out without a session is fine too.
			wantStatus(t, a.do("POST", "/api/logout", nil), 200)
		})
	})

	t.Run("UnknownTokenIsSignedOut", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			wantError(t, a.do("GET", "/api/user", nil, withToken("forged-token-value")), 401)
		})
	})
}

// postEndpoints are the JSON POST endpoints and, for each, a body with a
// wrong type at one field and the field errors an empty object gives.
var postEndpoints = []struct {
	path       string
	wrongType  string
	wrongPath  string
	emptyPaths []string
}{
	{"/api/send-otp", `{"phone": 123}`, "phone", []string{"phone"}},
	{"/api/verify-otp", `{"phone": "9876543210", "otp": 123456}`, "otp", []string{"phone"}},
	{"/api/register", `{"username": 5, "password": "Monsoon-Terrace-42"}`, "username", []string{"username", "password", "phone", "fullName", "agentType", "state", "city"}},
	{"/api/login", `{"username": true, "password": "x"}`, "username", []string{"username", "password"}},
	{"/api/send-reset-code", `{"email": ["a@b.in"]}`, "email", []string{"email"}},
	{"/api/verify-reset-code", `{"email": "a@example.com", "code": 123456}`, "code", []string{"email", "code"}},
	{"/api/reset-password", `{"email": "a@example.com", "code": "123456", "newPassword": 12345678}`, "newPassword", []string{"newPassword"}},
}

func TestBadInputIs400NeverA500(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		for _, ep := range postEndpoints {
			cases := []struct {
				name  string
				body  string
				paths []string
			}{
				{"MalformedJSON", `{"phone": "98765`, nil},
				{"NotJSON", `phone=9876543210`, nil},
				{"ArrayInsteadOfObject", `[{"phone": "9876543210"}]`, nil},
				{"StringInsteadOfObject", `"hello"`, nil},
				{"TrailingData", `{} {}`, nil},
				{"EmptyBody", ``, nil},
				{"WrongType", ep.wrongType, []string{ep.wrongPath}},
				{"MissingFields", `{}`, ep.emptyPaths},
				{"Null", `null`, ep.emptyPaths},
			}
			for _, tc := range cases {
				t.Run(strings.TrimPrefix(ep.path, "/api/")+"/"+tc.name, func(t *testing.T) {
					wantError(t, a.do("POST", ep.path, tc.body), 400, tc.paths...)
				})
			}
		}
	})
}

func TestBodyOver1MiBIs413(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		big := `{"phone": "` + strings.Repeat("9", 1<<20) + `"}`
		for _, ep := range postEndpoints {
			t.Run(strings.TrimPrefix(ep.path, "/api/")+"/WithContentLength", func(t *testing.T) {
				wantError(t, a.do("POST", ep.path, big), 413)
			})
			t.Run(strings.TrimPrefix(ep.path, "/api/")+"/Chunked", func(t *testing.T) {
				// An io.Reader of unknown length is sent chunked, without Content-Length.
				wantError(t, a.do("POST", ep.path, io.MultiReader(strings.NewReader(big))), 413)
			})
		}
	})
}

func TestErrorsAreJSON(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		for _, tc := range []struct {
			name, method, path string
			status             int
			documented         bool
		}{
			{"UnknownAPIRouteGETIs404", "GET", "/api/no-such-thing", 404, false},
			{"UnknownAPIRoutePOSTIs404", "POST", "/api/no-such-thing", 404, false},
			{"DeepUnknownAPIRouteIs404", "GET", "/api/a/b/c", 404, false},
			{"WrongMethodOnAPIRouteIs405", "GET", "/api/login", 405, false}, // with Allow: POST (methods_test.go)
			{"UnknownStateIs404", "GET", "/api/cities/Atlantis", 404, true},
			{"SignedOutUserIs401", "GET", "/api/user", 401, true},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var opts []reqOption
				if !tc.documented {
					opts = append(opts, undocumented())
				}
				res := a.do(tc.method, tc.path, nil, opts...)
				wantError(t, res, tc.status)
				if cc := res.header.Get("Cache-Control"); cc != "no-store" {
					t.Errorf("Cache-Control = %q, want no-store on /api", cc)
				}
			})
		}
	})
}

func TestRegister(t *testing.T) {
	const phone = "9876501234"
	verify := func(t *testing.T, a *apiTest, phone string) {
		t.Helper()
		code := a.do("POST", "/api/send-otp", map[string]any{"phone": phone}).json(t)["otp"]
		wantStatus(t, a.do("POST", "/api/verify-otp", map[string]any{"phone": phone, "otp": code}), 200)
	}
	t.Run("RoleInTheBodyIsIgnored", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			verify(t, a, phone)
			body := registration("sneaky", "Monsoon-Terrace-42", phone, "")
			body["role"] = "admin"
			body["isActive"] = false
			body["isReraVerified"] = true
			res := a.do("POST", "/api/register", body)
			wantStatus(t, res, 201)
			u := res.json(t)
			if u["role"] != "agent" || u["isReraVerified"] != false || u["isActive"] != true {
				t.Errorf("register took privileged fields from the body: %s", res.body)
			}
			if me := a.do("GET", "/api/user", nil).json(t); me["role"] != "agent" {
				t.Errorf("GET /api/user role = %v, want agent", me["role"])
			}
		})
	})
	for _, tc := range []struct {
		name, password string
	}{
		{"CommonPasswordIsRefused", "password123"},
		{"CommonPasswordInCapitalsIsRefused", "PASSWORD123"},
		{"SevenCharacterPasswordIsRefused", "Ab3$xyz"},
		{"PasswordOver128CharactersIsRefused", strings.Repeat("Ab3$", 33)},
		{"PasswordEqualToUsernameIsRefused", "asha_rao_99"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
				verify(t, a, phone)
				wantError(t, a.do("POST", "/api/register", registration("asha_rao_99", tc.password, phone, "")), 400, "password")
			})
		})
	}
	t.Run("EightCharacterPasswordIsAccepted", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			verify(t, a, phone)
			wantStatus(t, a.do("POST", "/api/register", registration("asha", "Ab3$xyzq", phone, "")), 201)
		})
	})
	t.Run("TakenUsernameIs409", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			a.signUp("asha", phone, "asha@example.com")
			a.do("POST", "/api/logout", nil)
			verify(t, a, "9876501235")
			wantError(t, a.do("POST", "/api/register", registration("ASHA", "Monsoon-Terrace-42", "9876501235", "")), 409, "username")
		})
	})
	t.Run("TakenEmailAnswersLikeANewOneAndTellsItsOwner", func(t *testing.T) {
		// Registration answers alike for a new address and another account's,
		// so it does not tell who has an account: the new address gets its
		// verification link, the taken one's owner a notice (issue 21, F8).
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			a.signUp("asha", phone, "asha@example.com")
			a.do("POST", "/api/logout", nil)
			answer := func(username, phone, email string) response {
				t.Helper()
				verify(t, a, phone)
				res := a.do("POST", "/api/register", registration(username, "Monsoon-Terrace-42", phone, email))
				wantStatus(t, res, 201)
				a.do("POST", "/api/logout", nil)
				return res
			}
			taken := answer("meera", "9876501235", "Asha@Example.com")
			fresh := answer("neha", "9876501236", "neha@example.com")
			strip := func(res response) map[string]any {
				m := res.json(t)
				for _, k := range []string{"id", "username", "fullName", "phone", "createdAt", "updatedAt"} {
					delete(m, k) // the registrant's own details differ, and only they
				}
				return m
			}
			if a, b := strip(taken), strip(fresh); !reflect.DeepEqual(a, b) {
				t.Fatalf("a taken email answered %v, a new one %v", a, b)
			}
			a.auth.Drain(t.Context())
			notices, link := 0, false
			for _, m := range a.outboxTo("asha@example.com") {
				if strings.Contains(m["subject"].(string), "tried to register") {
					notices++
				}
			}
			for _, m := range a.outboxTo("neha@example.com") {
				link = link || strings.Contains(m["body"].(string), "/verify-email?token=")
			}
			if notices != 1 || !link {
				t.Fatalf("the owner got %d notices, want 1; the new address got its link: %v", notices, link)
			}
			if me := a.do("GET", "/api/user", nil, withToken(a.signIn("meera", "Monsoon-Terrace-42", chromeWindows))).json(t); me["email"] != nil {
				t.Errorf("the new account took the taken address: %v", me["email"])
			}
		})
	})
	t.Run("RegisteredPhoneCannotGetACode", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			a.signUp("asha", phone, "")
			wantError(t, a.do("POST", "/api/send-otp", map[string]any{"phone": phone}), 409, "phone")
		})
	})
	t.Run("UnverifiedPhoneIs403", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			wantError(t, a.do("POST", "/api/register", registration("asha", "Monsoon-Terrace-42", phone, "")), 403)
			// A code sent but not verified is not enough either.
			wantStatus(t, a.do("POST", "/api/send-otp", map[string]any{"phone": phone}), 200)
			wantError(t, a.do("POST", "/api/register", registration("asha", "Monsoon-Terrace-42", phone, "")), 403)
		})
	})
	t.Run("VerificationOlderThan30MinutesIs403", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			verify(t, a, phone)
			a.clock.Advance(31 * time.Minute)
			wantError(t, a.do("POST", "/api/register", registration("asha", "Monsoon-Terrace-42", phone, "")), 403)
		})
	})
	t.Run("ResponsesNeverCarryAPasswordOrHash", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			verify(t, a, phone)
			const pw = "Monsoon-Terrace-42"
			answers := []response{a.do("POST", "/api/register", registration("asha", pw, phone, "asha@example.com"))}
			answers = append(answers, a.do("GET", "/api/user", nil), a.do("POST", "/api/login", map[string]any{"username": "asha", "password": pw}))
			for _, res := range answers {
				for k := range res.json(t) {
					if l := strings.ToLower(k); strings.Contains(l, "password") || strings.Contains(l, "hash") || strings.Contains(l, "token") {
						t.Errorf("response has a field %q: %s", k, res.body)
					}
				}
				if bytes.Contains(res.body, []byte(pw)) || bytes.Contains(res.body, []byte("argon2")) {
					t.Errorf("response carries the password or its hash: %s", res.body)
				}
			}
		})
	})
}

func TestCrossOriginWritesAreRefused(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		for i, tc := range []struct {
			name    string
			headers map[string]string
			want    int
		}{
			{"SecFetchSiteCrossSiteIs403", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
			{"SecFetchSiteSameSiteIs403", map[string]string{"Sec-Fetch-Site": "same-site"}, 403},
			{"OriginOfAnotherHostIs403", map[string]string{"Origin": "http://evil.example"}, 403},
			{"SecFetchSiteSameOriginWorks", map[string]string{"Sec-Fetch-Site": "same-origin"}, 200},
			{"OriginOfThisHostWorks", map[string]string{"Origin": a.srv.URL}, 200},
			{"NonBrowserClientWorks", nil, 200},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var opts []reqOption
				for k, v := range tc.headers {
					opts = append(opts, withHeader(k, v))
				}
				phone := fmt.Sprintf("98765000%02d", i)
				res := a.do("POST", "/api/send-otp", map[string]any{"phone": phone}, opts...)
				if tc.want != 200 {
					wantError(t, res, tc.want)
					wantError(t, a.do("POST", "/api/login", map[string]any{"username": "x", "password": "y"}, opts...), tc.want)
					wantStatus(t, a.do("GET", "/api/states", nil, opts...), 200) // reads stay open
					return
				}
				wantStatus(t, res, 200)
			})
		}
	})
}

func TestThrottling(t *testing.T) {
	wantRetryAfter := func(t *testing.T, res response, most int) {
		t.Helper()
		wantError(t, res, 429)
		n, err := strconv.Atoi(res.header.Get("Retry-After"))
		if err != nil || n < 1 || n > most {
			t.Errorf("Retry-After = %q, want 1..%d seconds", res.header.Get("Retry-After"), most)
		}
	}
	t.Run("SecondCodeToOnePhoneWithin30sIs429", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			wantStatus(t, a.do("POST", "/api/send-otp", map[string]any{"phone": "9876543210"}), 200)
			a.clock.Advance(10 * time.Second)
			wantRetryAfter(t, a.do("POST", "/api/send-otp", map[string]any{"phone": "+919876543210"}), 20)
			a.clock.Advance(21 * time.Second)
			wantStatus(t, a.do("POST", "/api/send-otp", map[string]any{"phone": "9876543210"}), 200)
		})
	})
	t.Run("SixthAccountRequestFromOneAddressWithin30sIs429", func(t *testing.T) {
		eachEngine(t, apiOptions{authRate: 2, authBurst: 5}, func(t *testing.T, a *apiTest) {
			for i := range 5 {
				wantStatus(t, a.do("POST", "/api/send-otp", map[string]any{"phone": fmt.Sprintf("98765432%02d", i)}), 200)
			}
			wantRetryAfter(t, a.do("POST", "/api/send-otp", map[string]any{"phone": "9876543299"}), 60)
			wantRetryAfter(t, a.do("POST", "/api/login", map[string]any{"username": "x", "password": "Some-Password-1"}), 60)
			// Reads and sign-out are not account writes and stay open.
			wantStatus(t, a.do("GET", "/api/states", nil), 200)
			wantStatus(t, a.do("POST", "/api/logout", nil), 200)
		})
	})
	t.Run("BurstLimitWithZeroBurstStillLetsRequestsThrough", func(t *testing.T) {
		eachEngine(t, apiOptions{authRate: 30, authBurst: 0}, func(t *testing.T, a *apiTest) {
			wantStatus(t, a.do("POST", "/api/send-otp", map[string]any{"phone": "9876543210"}), 200)
		})
	})
	t.Run("SixthCodeFromOneAddressInAnHourIs429", func(t *testing.T) {
		opts := apiOptions{authConfig: func(c *auth.Config) { c.OTPPerIPPerHour = 5 }}
		eachEngine(t, opts, func(t *testing.T, a *apiTest) {
			for i := range 5 {
				wantStatus(t, a.do("POST", "/api/send-otp", map[string]any{"phone": fmt.Sprintf("98765432%02d", i)}), 200)
			}
			wantRetryAfter(t, a.do("POST", "/api/send-otp", map[string]any{"phone": "9876543299"}), 3600)
		})
	})
	t.Run("SixthCodeToOnePhoneInAnHourIs429", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			for range 5 {
				wantStatus(t, a.do("POST", "/api/send-otp", map[string]any{"phone": "9876543210"}), 200)
				a.clock.Advance(31 * time.Second)
			}
			wantRetryAfter(t, a.do("POST", "/api/send-otp", map[string]any{"phone": "9876543210"}), 3600)
		})
	})
	t.Run("SixthLoginAfterFiveWrongPasswordsIs429EvenWithTheRightOne", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			pw := a.signUp("ravi", "9876512345", "")
			for range 5 {
				wantError(t, a.do("POST", "/api/login", map[string]any{"username": "ravi", "password": "Wrong-Password-1"}), 401)
			}
			wantRetryAfter(t, a.do("POST", "/api/login", map[string]any{"username": "ravi", "password": pw}), 15*60)
			a.clock.Advance(16 * time.Minute)
			wantStatus(t, a.do("POST", "/api/login", map[string]any{"username": "ravi", "password": pw}), 200)
		})
	})
	t.Run("SixthWrongOTPIs429", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			code := a.do("POST", "/api/send-otp", map[string]any{"phone": "9876543210"}).json(t)["otp"].(string)
			wrong := "000000"
			if code == wrong {
				wrong = "111111"
			}
			for range 4 {
				wantError(t, a.do("POST", "/api/verify-otp", map[string]any{"phone": "9876543210", "otp": wrong}), 400)
			}
			wantError(t, a.do("POST", "/api/verify-otp", map[string]any{"phone": "9876543210", "otp": wrong}), 429)
			wantError(t, a.do("POST", "/api/verify-otp", map[string]any{"phone": "9876543210", "otp": code}), 429)
		})
	})
}

// failingWhatsApp is a WhatsApp provider that is down.
type failingWhatsApp struct{}

func (failingWhatsApp) SendOTP(ctx context.Context, phone, code string) error {
	return errors.New("provider says: token EAAG-secret expired")
}

func TestWhatsAppProviderFailureIs503WithoutDetails(t *testing.T) {
	eachEngine(t, apiOptions{otp: failingWhatsApp{}}, func(t *testing.T, a *apiTest) {
		res := a.do("POST", "/api/send-otp", map[string]any{"phone": "9876543210"})
		wantError(t, res, 503)
		if bytes.Contains(res.body, []byte("EAAG")) {
			t.Errorf("the provider's error reached the client: %s", res.body)
		}
		// The failed send does not count against the resend gap.
		res = a.do("POST", "/api/send-otp", map[string]any{"phone": "9876543210"})
		wantError(t, res, 503)
	})
}

func TestDevelopmentAndProductionModes(t *testing.T) {
	t.Run("ProductionHasNoOutboxAndNoEcho", func(t *testing.T) {
		eachEngine(t, apiOptions{production: true}, func(t *testing.T, a *apiTest) {
			sent := a.do("POST", "/api/send-otp", map[string]any{"phone": "9876543210"})
			wantStatus(t, sent, 200)
			if _, ok := sent.json(t)["otp"]; ok {
				t.Errorf("production send-otp echoed the code: %s", sent.body)
			}
			wantError(t, a.do("GET", "/api/dev/outbox", nil), 404)
			page := a.do("GET", "/dev/outbox", nil, undocumented())
			wantStatus(t, page, 404)
			if bytes.Contains(page.body, []byte("outbox")) {
				t.Errorf("production /dev/outbox shows the outbox: %s", page.body)
			}
		})
	})
	t.Run("ProductionWithTheWebAppDoesNotShowTheOutbox", func(t *testing.T) {
		eachEngine(t, apiOptions{production: true, web: testWeb}, func(t *testing.T, a *apiTest) {
			a.do("POST", "/api/send-otp", map[string]any{"phone": "9876543210"})
			page := a.do("GET", "/dev/outbox", nil, undocumented())
			if bytes.Contains(page.body, []byte("Development outbox")) || bytes.Contains(page.body, []byte("verification code")) {
				t.Errorf("production /dev/outbox shows the outbox: %s", page.body)
			}
		})
	})
	t.Run("DevelopmentOutboxPageListsTheWhatsAppMessage", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			code := a.do("POST", "/api/send-otp", map[string]any{"phone": "9876543210"}).json(t)["otp"].(string)
			page := a.do("GET", "/dev/outbox", nil, undocumented())
			wantStatus(t, page, 200)
			if ct := page.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
				t.Errorf("Content-Type = %q, want text/html", ct)
			}
			text := html.UnescapeString(string(page.body))
			for _, want := range []string{"Development outbox", "whatsapp", "+919876543210", code} {
				if !strings.Contains(text, want) {
					t.Errorf("/dev/outbox does not show %q:\n%s", want, page.body)
				}
			}
			list := a.do("GET", "/api/dev/outbox", nil).list(t)
			if len(list) != 1 {
				t.Errorf("/api/dev/outbox has %d messages, want 1", len(list))
			}
		})
	})
	t.Run("DevelopmentOutboxStartsEmpty", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			if got := a.do("GET", "/api/dev/outbox", nil).list(t); len(got) != 0 {
				t.Errorf("outbox = %v, want []", got)
			}
			page := a.do("GET", "/dev/outbox", nil, undocumented())
			wantStatus(t, page, 200)
			if !bytes.Contains(page.body, []byte("No messages yet")) {
				t.Errorf("empty outbox page: %s", page.body)
			}
		})
	})
}

func TestStatesAndCities(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		t.Run("There are 36 states and union territories", func(t *testing.T) {
			states := a.do("GET", "/api/states", nil).list(t)
			if len(states) != 36 {
				t.Errorf("got %d states, want 36", len(states))
			}
		})
		for _, tc := range []struct{ name, state, city string }{
			{"TelanganaIncludesHyderabad", "Telangana", "Hyderabad"},
			{"StateNameIsCaseInsensitive", "tELANGANA", "Hyderabad"},
			{"StateNameWithASpace", "Tamil%20Nadu", "Chennai"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res := a.do("GET", "/api/cities/"+tc.state, nil)
				wantStatus(t, res, 200)
				found := false
				for _, c := range res.list(t) {
					found = found || c == tc.city
				}
				if !found {
					t.Errorf("cities of %s do not include %s: %s", tc.state, tc.city, res.body)
				}
			})
		}
	})
}

func TestHealth(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		wantStatus(t, a.do("GET", "/healthz", nil), 200)
		wantStatus(t, a.do("GET", "/readyz", nil), 200)
		a.db.Close()
		wantStatus(t, a.do("GET", "/readyz", nil), 503)
		wantStatus(t, a.do("GET", "/healthz", nil), 200)
	})
}

const (
	testIndex = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>`
)

var testJS = strings.Repeat("console.log('PropMatch web app');\n", 200)

var testWeb = fstest.MapFS{
	"index.html":           {Data: []byte(testIndex)},
	"assets/app-abc123.js": {Data: []byte(testJS)},
}

func TestWebApp(t *testing.T) {
	eachEngine(t, apiOptions{web: testWeb}, func(t *testing.T, a *apiTest) {
		for _, path := range []string{"/", "/dashboard", "/some/deep/route", "/login?next=%2Fdashboard"} {
			t.Run("IndexFor"+path, func(t *testing.T) {
				res := a.do("GET", path, nil, undocumented())
				wantStatus(t, res, 200)
				if page, _ := withoutNonce(res.body); page != testIndex {
					t.Errorf("body = %q, want index.html", res.body)
				}
				if cc := res.header.Get("Cache-Control"); cc != "no-cache" {
					t.Errorf("Cache-Control = %q, want no-cache", cc)
				}
				if ct := res.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
					t.Errorf("Content-Type = %q, want text/html", ct)
				}
			})
		}
		t.Run("HashedAssetIsImmutableAndGzipped", func(t *testing.T) {
			res := a.do("GET", "/assets/app-abc123.js", nil, undocumented(), withHeader("Accept-Encoding", "gzip"))
			wantStatus(t, res, 200)
			if cc := res.header.Get("Cache-Control"); !strings.Contains(cc, "immutable") || !strings.Contains(cc, "max-age=31536000") {
				t.Errorf("Cache-Control = %q, want a year, immutable", cc)
			}
			if ce := res.header.Get("Content-Encoding"); ce != "gzip" {
				t.Fatalf("Content-Encoding = %q, want gzip", ce)
			}
			zr, err := gzip.NewReader(bytes.NewReader(res.body))
			if err != nil {
				t.Fatal(err)
			}
			plain, _ := io.ReadAll(zr)
			if string(plain) != testJS {
				t.Errorf("gunzipped asset differs from the file")
			}
			if len(res.body) >= len(testJS) {
				t.Errorf("gzipped size %d is not smaller than %d", len(res.body), len(testJS))
			}
			if ct := res.header.Get("Content-Type"); !strings.Contains(ct, "javascript") {
				t.Errorf("Content-Type = %q, want JavaScript", ct)
			}
		})
		t.Run("AssetWithoutGzipIsPlain", func(t *testing.T) {
			res := a.do("GET", "/assets/app-abc123.js", nil, undocumented(), withHeader("Accept-Encoding", "identity"))
			wantStatus(t, res, 200)
			if res.header.Get("Content-Encoding") != "" || string(res.body) != testJS {
				t.Errorf("Content-Encoding = %q, body %d bytes", res.header.Get("Content-Encoding"), len(res.body))
			}
		})
		t.Run("MissingAssetIs404", func(t *testing.T) {
			res := a.do("GET", "/assets/missing.js", nil, undocumented())
			wantStatus(t, res, 404)
			if bytes.Contains(res.body, []byte("<div id=\"root\">")) {
				t.Errorf("a missing asset got index.html")
			}
		})
		for _, path := range []string{"/api/whatever", "/api/", "/api/dashboard/deep"} {
			t.Run("APIPathNeverGetsIndex"+path, func(t *testing.T) {
				res := a.do("GET", path, nil, undocumented())
				wantError(t, res, 404)
				if bytes.Contains(res.body, []byte("<div id=\"root\">")) {
					t.Errorf("%s got index.html", path)
				}
			})
		}
		t.Run("DotDotCannotEscape", func(t *testing.T) {
			res := a.do("GET", "/assets/../../../etc/passwd", nil, undocumented())
			if bytes.Contains(res.body, []byte("root:")) {
				t.Errorf("path traversal: %s", res.body)
			}
		})
	})
}

func TestOpenAPIDocumentIsValid(t *testing.T) {
	if _, err := loadContract(); err != nil {
		t.Fatal(err)
	}
}
