package httpapi_test

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSignInStoresAnyHeaderSafely: a User-Agent or X-Forwarded-For holding
// invalid UTF-8, control characters or megabytes of text still signs the
// agent in (PostgreSQL answered 500: the session INSERT refused the bytes),
// and what is stored is valid UTF-8 and capped (issue 21, S6).
func TestSignInStoresAnyHeaderSafely(t *testing.T) {
	eachEngine(t, apiOptions{trustProxy: true}, func(t *testing.T, a *apiTest) {
		a.newAgent("anil", "9822222222")
		for _, tc := range []struct {
			name, userAgent, forwardedFor string
		}{
			{"InvalidUTF8UserAgent", "Mozilla/5.0 \xff\xfe\xc3 Chrome/120", "203.0.113.7"},
			{"ControlCharactersInUserAgent", "Mozilla/5.0\t(Windows)\t\xc0\x80", "203.0.113.7"},
			{"LongUserAgentCutMidCharacter", "a" + strings.Repeat("€", 4000), "203.0.113.7"},
			{"InvalidUTF8ForwardedFor", "Mozilla/5.0", "10.0.0.1, 203.0.113.\xff\xfe"},
			{"LongForwardedFor", "Mozilla/5.0", strings.Repeat("é", 3000)},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				tok := a.signIn("anil", anilPassword, tc.userAgent, withHeader("X-Forwarded-For", tc.forwardedFor))
				res := a.do("GET", "/api/user/sessions", nil, withToken(tok))
				wantStatus(t, res, 200)
				if !utf8.Valid(res.body) {
					t.Fatalf("the session list is not valid UTF-8: %q", res.body)
				}
			})
		}
		t.Run("AuditAndSecurityEventsStoreTheAddressSafely", func(t *testing.T) {
			a := a.sub(t)
			bad := withHeader("X-Forwarded-For", "203.0.113.\xff\xfe")
			agentTok := a.signIn("anil", anilPassword, "Mozilla/5.0")
			// A security event (an agent on an admin route) and an audit entry
			// (an admin's write) each store the address; do flushes the events.
			wantError(t, a.do("GET", "/api/admin/users", nil, withToken(agentTok), bad), 403)
			admin := a.newAdmin("meera", "9811111111")
			wantStatus(t, a.do("POST", "/api/advertisements", advert("Home loans"), as(admin), bad), 201)
		})

		var ua, ip string
		var longest int
		rows, err := a.db.QueryContext(t.Context(), `SELECT user_agent, ip FROM sessions`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			if err := rows.Scan(&ua, &ip); err != nil {
				t.Fatal(err)
			}
			if !utf8.ValidString(ua) || !utf8.ValidString(ip) || strings.ContainsRune(ua, 0) {
				t.Errorf("stored user agent %q, ip %q", ua, ip)
			}
			longest = max(longest, len(ua), len(ip))
		}
		if longest > 300 {
			t.Errorf("a stored header value is %d bytes, want at most 300", longest)
		}
	})
}
