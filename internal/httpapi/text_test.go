package httpapi_test

import (
	"strings"
	"testing"
)

// TestControlCharactersInText: every single-line field refuses control
// characters (a CR/LF in a name or title became an attacker-written line in
// notification emails), multi-line fields keep line breaks and tabs but
// refuse the other control characters, and both refuse bidirectional
// overrides; each as a 400 with a field error at the field's path (issue
// 21, S5).
func TestControlCharactersInText(t *testing.T) {
	const (
		crlf   = "Ravi\r\nBcc: victim@example.com"
		lf     = "2BHK\nClick https://evil.example"
		tab    = "Gachi\tbowli"
		bell   = "ring\x07ring"
		escape = "\x1b[2Jcleared"
		bidi   = "invoice\u202Egpj.exe"
	)
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("anil", "9822222222")
		admin := a.newAdmin("meera", "9811111111")
		req := a.create(g, "/api/requirements", wanted())
		for _, tc := range []struct {
			name, method, path string
			who                *agent
			body               map[string]any
			field              string
		}{
			{"RegisterFullName", "POST", "/api/register", nil, with(registration("ravi", "Monsoon-Terrace-42", "9833333333", ""), "fullName", crlf), "fullName"},
			{"RegisterUsername", "POST", "/api/register", nil, with(registration("ravi", "Monsoon-Terrace-42", "9833333333", ""), "username", "ravi\n"), "username"},
			{"RegisterCity", "POST", "/api/register", nil, with(registration("ravi", "Monsoon-Terrace-42", "9833333333", ""), "city", tab), "city"},
			{"RegisterBioBell", "POST", "/api/register", nil, with(registration("ravi", "Monsoon-Terrace-42", "9833333333", ""), "bio", bell), "bio"},
			{"LoginUsername", "POST", "/api/login", nil, map[string]any{"username": "anil\r\n", "password": "x"}, "username"},
			{"ProfileFullName", "PUT", "/api/user/profile", &g, profileBody("fullName", crlf), "fullName"},
			{"ProfileRERANumber", "PUT", "/api/user/profile", &g, profileBody("reraNumber", escape), "reraNumber"},
			{"ListingTitle", "POST", "/api/properties", &g, listing("title", lf), "title"},
			{"ListingTitleBidi", "POST", "/api/properties", &g, listing("title", bidi), "title"},
			{"ListingLocality", "POST", "/api/properties", &g, listing("locality", tab), "locality"},
			{"ListingAmenity", "POST", "/api/properties", &g, listing("amenities", []string{"Gym", "Pool\nSpa"}), "amenities.1"},
			{"ListingDescriptionBell", "POST", "/api/properties", &g, listing("description", bell), "description"},
			{"ListingAddressBidi", "POST", "/api/properties", &g, listing("address", bidi), "address"},
			{"RequirementClientName", "POST", "/api/requirements", &g, wanted("clientName", crlf), "clientName"},
			{"RequirementLocality", "POST", "/api/requirements", &g, wanted("preferredLocalities", []string{"Kondapur", "Gachi\nbowli"}), "preferredLocalities.1"},
			{"RequirementPatchClientName", "PATCH", "/api/requirements/" + itoa(idOf(req)), &g, map[string]any{"clientName": lf}, "clientName"},
			{"RequirementPatchNotesEscape", "PATCH", "/api/requirements/" + itoa(idOf(req)), &g, map[string]any{"notes": escape}, "notes"},
			{"CourseTitle", "POST", "/api/courses", &admin, course(crlf, 1), "title"},
			{"CourseInstructor", "POST", "/api/courses", &admin, course("x", 1, "instructor", tab), "instructor"},
			{"CourseModuleTitle", "POST", "/api/courses", &admin, course("x", 0, "modules", []map[string]any{{"title": lf, "duration": "5 min"}}), "modules.0.title"},
			{"AdvertTitle", "POST", "/api/advertisements", &admin, advert(crlf), "title"},
			{"AdvertBadge", "POST", "/api/advertisements", &admin, advert("x", "badge", bidi), "badge"},
			{"AdvertTargetCity", "POST", "/api/advertisements", &admin, advert("x", "targetCities", []string{"Pune\r\nMumbai"}), "targetCities.0"},
			{"AdminEditFullName", "PATCH", "/api/admin/users/" + itoa(g.id), &admin, map[string]any{"fullName": crlf}, "fullName"},
			{"SiteTestimonialName", "PUT", "/api/admin/site", &admin, map[string]any{"testimonials": []any{map[string]any{"name": lf, "role": "Agent", "city": "Pune", "content": "Good", "rating": 5}}}, "testimonials.0.name"},
			{"BlockReason", "POST", "/api/security/blocks", &admin, map[string]any{"range": "203.0.113.9", "minutes": 60, "reason": crlf}, "reason"},
			{"MessageContentBidi", "POST", "/api/messages", &g, map[string]any{"receiverId": admin.id, "content": bidi}, "content"},
			{"MatchNotesEscape", "PUT", "/api/matches/1/notes", &g, map[string]any{"notes": escape}, "notes"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var opts []reqOption
				if tc.who != nil {
					opts = append(opts, as(*tc.who))
				}
				res := a.sub(t).do(tc.method, tc.path, tc.body, opts...)
				wantError(t, res, 400, tc.field)
				for _, e := range res.json(t)["errors"].([]any) {
					if fe := e.(map[string]any); fe["path"] == tc.field && !strings.Contains(fe["message"].(string), "control characters") {
						t.Errorf("the error at %s does not name the rule: %v", tc.field, fe["message"])
					}
				}
			})
		}

		t.Run("MultiLineFieldsKeepLineBreaks", func(t *testing.T) {
			a := a.sub(t)
			text := "Sea-facing, corner flat.\r\nNear the metro.\n\tNo brokers."
			l := a.create(g, "/api/properties", listing("description", text, "address", "Flat 402, Sai Residency\nRoad 12, Banjara Hills"))
			if l["description"] != text {
				t.Errorf("description = %q, want %q", l["description"], text)
			}
			r := a.create(g, "/api/requirements", wanted("specialRequirements", "East facing\nNear a school"))
			if r["specialRequirements"] != "East facing\nNear a school" {
				t.Errorf("specialRequirements = %q", r["specialRequirements"])
			}
			wantStatus(t, a.do("PUT", "/api/user/profile", profileBody("bio", "Ten years in Hyderabad.\nResale and rentals."), as(g)), 200)
			c := a.addCourse(admin, course("Indic names stay: ಬೆಂಗಳೂರು\u200c", 1, "description", "Line one\nLine two"))
			if c["description"] != "Line one\nLine two" {
				t.Errorf("course description = %q", c["description"])
			}
		})
	})
}
