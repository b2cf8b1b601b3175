package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"propmatch/internal/feature/sharelinks"
)

// shareWorld is an agent (sharer) with a listing of their own and a
// requirement that another agent's (lister's) listing matches, and a third
// agent (stranger) with a listing in no match of the sharer's.
type shareWorld struct {
	sharer, lister, stranger      agent
	own, matched, foreign         int64
	listerSecrets                 []string
	sharerName, sharerPhoneDigits string
}

func (a *apiTest) shareWorld(t *testing.T) shareWorld {
	t.Helper()
	w := shareWorld{sharer: a.newAgent("sharer", "+919800000001"), lister: a.newAgent("lister", "+919800000002"),
		stranger: a.newAgent("stranger", "+919800000003")}
	// The lister's identity in every form the page must not show.
	if _, err := a.db.ExecContext(context.Background(), `UPDATE users SET full_name = 'Listerina Quux', email = 'listerina@quux-realty.example',
		bio = 'Founder of Quuxington Realty', rera_number = 'P52100099887', specialization = 'Quuxington Estates' WHERE id = $1`, w.lister.id); err != nil {
		t.Fatal(err)
	}
	if _, err := a.db.ExecContext(context.Background(), `UPDATE users SET full_name = 'Sharma Sharer', is_rera_verified = TRUE WHERE id = $1`, w.sharer.id); err != nil {
		t.Fatal(err)
	}
	w.sharerName, w.sharerPhoneDigits = "Sharma Sharer", "919800000001"
	w.listerSecrets = []string{"Listerina", "Quux", "quux-realty", "P52100099887", "9800000002", "98000 00002", "lister"}
	w.own = idOf(a.create(w.sharer, "/api/properties", listing("title", "Sharer own flat", "propertyType", "villa", "price", 25000000,
		"locality", "Kondapur", "address", "Plot 7, Secret Lane", "images", []string{pngDataURL(t, 40, 30, false)})))
	a.create(w.sharer, "/api/requirements", wanted())
	w.matched = idOf(a.create(w.lister, "/api/properties", listing("title", "Listerina's best flat, call Quux", "address", "Flat 9, Hidden Towers",
		"description", "Call Listerina on 9800000002", "images", []string{pngDataURL(t, 30, 20, false), pngDataURL(t, 20, 20, false)})))
	w.foreign = idOf(a.create(w.stranger, "/api/properties", listing("city", "Mumbai", "state", "Maharashtra", "locality", "Andheri", "pincode", "400053")))
	a.onlyMatch(w.sharer, "/api/matches")
	return w
}

var tokenURL = regexp.MustCompile(`/s/([A-Za-z0-9_-]{43})$`)

// share creates a link as g and returns its id and path.
func (a *apiTest) share(g agent, body map[string]any) (int64, string) {
	a.t.Helper()
	m := a.create(g, "/api/share-links", body)
	u, _ := m["url"].(string)
	sub := tokenURL.FindStringSubmatch(u)
	if sub == nil || !strings.HasPrefix(u, a.srv.URL) {
		a.t.Fatalf("url = %q, want %s/s/<43 base64url characters>", u, a.srv.URL)
	}
	return idOf(m), "/s/" + sub[1]
}

// page GETs a share page as a client without an account.
func (a *apiTest) page(path string, opts ...reqOption) response {
	a.t.Helper()
	return a.do("GET", path, nil, append([]reqOption{withToken("")}, opts...)...)
}

func (a *apiTest) shareLinks(g agent) []map[string]any { return a.objects(g, "/api/share-links") }

func TestShareLinkPage(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		w := a.shareWorld(t)
		sub := a.bus.Subscribe(w.sharer.id, "")
		defer sub.Close()
		before := a.clock.Now()
		id, path := a.share(w.sharer, map[string]any{"propertyIds": []int64{w.own, w.matched}, "note": "The two we discussed"})

		links := a.shareLinks(w.sharer)
		if len(links) != 1 || idOf(links[0]) != id {
			t.Fatalf("links = %v", links)
		}
		exp, _ := time.Parse(time.RFC3339Nano, links[0]["expiresAt"].(string))
		if d := exp.Sub(before); d < 7*24*time.Hour-time.Millisecond || d > 7*24*time.Hour+time.Minute {
			t.Errorf("default expiry %v after creation, want 7 days", d)
		}
		if strings.Contains(string(a.do("GET", "/api/share-links", nil, as(w.sharer)).body), strings.TrimPrefix(path, "/s/")) {
			t.Error("the list shows the token")
		}

		res := a.page(path)
		wantStatus(t, res, 200)
		body := string(res.body)
		if got := res.header.Get("X-Robots-Tag"); !strings.Contains(got, "noindex") {
			t.Errorf("X-Robots-Tag = %q", got)
		}
		if got := res.header.Get("Referrer-Policy"); got != "no-referrer" {
			t.Errorf("Referrer-Policy = %q", got)
		}
		csp := res.header.Get("Content-Security-Policy")
		nonce := regexp.MustCompile(`'nonce-([^']+)'`).FindStringSubmatch(csp)
		if nonce == nil || !strings.Contains(body, `<style nonce="`+nonce[1]+`">`) || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("the page's style is not under the policy's nonce: %q", csp)
		}
		if strings.Contains(body, "<script") {
			t.Error("the page has a script")
		}
		for _, want := range []string{`<meta name="robots" content="noindex`, `<meta property="og:title" content="Sharma Sharer shared 2 properties with you">`,
			`<meta property="og:image" content="` + a.srv.URL + `/media/`, `og:description`, "Sharma Sharer", "RERA verified",
			"https://wa.me/" + w.sharerPhoneDigits + "?text=", `href="tel:&#43;919800000001"`, "&#43;91 98000 00001",
			"₹2.50 Cr", "₹75.00 L", "2 BHK Apartment for sale", "Villa for sale", "Gachibowli, Hyderabad", "Kondapur, Hyderabad",
			"The two we discussed", "I'm interested"} {
			if !strings.Contains(body, want) {
				t.Errorf("the page lacks %q", want)
			}
		}
		for _, never := range []string{"Secret Lane", "Hidden Towers", "500032", "Sharer own flat", "best flat", "IT corridor"} {
			if strings.Contains(body, never) {
				t.Errorf("the page shows %q (title, description, address or pincode)", never)
			}
		}
		// No page and nothing it links to on this server names the
		// listing agent.
		scanned := 0
		for _, m := range regexp.MustCompile(`(?:src|href|content|action)="([^"]+)"`).FindAllStringSubmatch(body, -1) {
			u := strings.ReplaceAll(m[1], "&amp;", "&")
			u = strings.TrimPrefix(u, a.srv.URL)
			if !strings.HasPrefix(u, "/") {
				continue
			}
			req, _ := http.NewRequest("GET", a.srv.URL+u, nil)
			resp, err := a.bare.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			scanned++
			for _, secret := range w.listerSecrets {
				if strings.Contains(strings.ToLower(string(data)+fmt.Sprint(resp.Header)), strings.ToLower(secret)) {
					t.Errorf("%s reveals %q", u, secret)
				}
			}
		}
		for _, secret := range w.listerSecrets {
			if strings.Contains(strings.ToLower(body), strings.ToLower(secret)) {
				t.Errorf("the page reveals %q", secret)
			}
		}
		if scanned < 4 {
			t.Errorf("scanned %d addresses of the page, want its photos and form at least", scanned)
		}

		// Views: the client's count, the agent's own preview does not.
		a.page(path, withHeader("User-Agent", "WhatsApp/2.23.20.0"))
		a.do("GET", path, nil, as(w.sharer))
		if v := a.shareLinks(w.sharer)[0]["views"]; v != float64(1) {
			t.Errorf("views = %v, want 1 (not the preview fetcher, not the agent)", v)
		}

		// "I'm interested" tells the sharer, once per client and listing.
		form := url.Values{"propertyId": {fmt.Sprint(w.matched)}}.Encode()
		for range 2 {
			res := a.do("POST", path+"/interest", form, withToken(""), withHeader("Content-Type", "application/x-www-form-urlencoded"))
			wantStatus(t, res, 303)
			if loc := res.header.Get("Location"); loc != fmt.Sprintf("%s?interested=%d#p%d", path, w.matched, w.matched) {
				t.Errorf("Location = %q", loc)
			}
		}
		select {
		case ev := <-sub.C:
			if ev.Type != sharelinks.InterestEvent || !strings.Contains(string(ev.Data), fmt.Sprintf(`"propertyId":%d`, w.matched)) {
				t.Errorf("event = %s %s", ev.Type, ev.Data)
			}
		case <-time.After(2 * time.Second):
			t.Error("the sharer got no live event")
		}
		select {
		case ev := <-sub.C:
			t.Errorf("a second tap told the sharer again: %s", ev.Data)
		default:
		}
		thanks := a.page(fmt.Sprintf("%s?interested=%d", path, w.matched))
		if !strings.Contains(string(thanks.body), "Thank you! Sharma Sharer knows you are interested") {
			t.Error("no thank-you after the tap")
		}
		l := a.shareLinks(w.sharer)[0]
		if l["views"] != float64(1) {
			t.Errorf("views = %v after the thank-you, want still 1", l["views"])
		}
		if l["interest"] != float64(1) {
			t.Errorf("interest = %v, want 1", l["interest"])
		}
		items, _ := json.Marshal(l["items"])
		var got []struct {
			PropertyID int64 `json:"propertyId"`
			Interest   int64
			Own        bool
		}
		json.Unmarshal(items, &got)
		if len(got) != 2 || got[0].PropertyID != w.own || !got[0].Own || got[0].Interest != 0 || got[1].PropertyID != w.matched || got[1].Own || got[1].Interest != 1 {
			t.Errorf("items = %s", items)
		}
		// A listing not on the link is refused.
		res = a.do("POST", path+"/interest", url.Values{"propertyId": {fmt.Sprint(w.foreign)}}.Encode(), withToken(""),
			withHeader("Content-Type", "application/x-www-form-urlencoded"))
		wantStatus(t, res, 404)
	})
}

func TestShareLinkRules(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		w := a.shareWorld(t)
		wantFieldError(t, a.do("POST", "/api/share-links", map[string]any{"propertyIds": []int64{}}, as(w.sharer), invalid()), "propertyIds", "Choose at least one listing to share")
		many := make([]int64, 21)
		for i := range many {
			many[i] = int64(i + 1000)
		}
		wantFieldError(t, a.do("POST", "/api/share-links", map[string]any{"propertyIds": many}, as(w.sharer), invalid()), "propertyIds", "A link can share at most 20 listings")
		for _, days := range []int{0, 91, -3} {
			wantFieldError(t, a.do("POST", "/api/share-links", map[string]any{"propertyIds": []int64{w.own}, "expiresInDays": days}, as(w.sharer), invalid()),
				"expiresInDays", "Expires in days must be between 1 and 90")
		}
		wantFieldError(t, a.do("POST", "/api/share-links", map[string]any{"propertyIds": []int64{w.own, w.foreign}}, as(w.sharer)),
			"propertyIds.1", "You can share your own listings and the listings in your matches only")
		wantFieldError(t, a.do("POST", "/api/share-links", map[string]any{"propertyIds": []int64{987654}}, as(w.sharer)),
			"propertyIds.0", "This listing does not exist or is no longer active")
		// The lister may share their own listing, not the sharer's.
		wantFieldError(t, a.do("POST", "/api/share-links", map[string]any{"propertyIds": []int64{w.own}}, as(w.lister)),
			"propertyIds.0", "You can share your own listings and the listings in your matches only")
		wantStatus(t, a.do("POST", "/api/share-links", map[string]any{"propertyIds": []int64{w.own}}), 401)

		// Expiry: 90 days at most, then a plain 410.
		before := a.clock.Now()
		m := a.create(w.sharer, "/api/share-links", map[string]any{"propertyIds": []int64{w.own}, "expiresInDays": 90})
		exp, _ := time.Parse(time.RFC3339Nano, m["expiresAt"].(string))
		if d := exp.Sub(before); d < 90*24*time.Hour-time.Millisecond || d > 90*24*time.Hour+time.Minute {
			t.Errorf("expiresAt %v after creation, want 90 days", d)
		}
		path := "/s/" + tokenURL.FindStringSubmatch(m["url"].(string))[1]
		_, short := a.share(w.sharer, map[string]any{"propertyIds": []int64{w.own}, "expiresInDays": 1})
		wantStatus(t, a.page(short), 200)
		a.clock.Advance(24*time.Hour + time.Second)
		gone := a.page(short)
		wantStatus(t, gone, 410)
		if !strings.Contains(string(gone.body), "This link has expired") || strings.Contains(string(gone.body), "Sharma") {
			t.Errorf("expired page: %s", gone.body)
		}
		wantStatus(t, a.page(path), 200)

		// Revoke: at once, only by its agent.
		wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/share-links/%d", idOf(m)), nil, as(w.lister)), 404)
		wantStatus(t, a.page(path), 200)
		wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/share-links/%d", idOf(m)), nil, as(w.sharer)), 204)
		wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/share-links/%d", idOf(m)), nil, as(w.sharer)), 204)
		revoked := a.page(path)
		wantStatus(t, revoked, 410)
		if !strings.Contains(string(revoked.body), "This link has expired") {
			t.Errorf("revoked page: %s", revoked.body)
		}
		wantStatus(t, a.do("POST", path+"/interest", url.Values{"propertyId": {fmt.Sprint(w.own)}}.Encode(), withToken(""),
			withHeader("Content-Type", "application/x-www-form-urlencoded")), 410)
		wantStatus(t, a.do("DELETE", "/api/share-links/99999", nil, as(w.sharer)), 404)
		if len(a.shareLinks(w.lister)) != 0 {
			t.Error("the lister sees the sharer's links")
		}
		statuses := map[string]int{}
		for _, l := range a.shareLinks(w.sharer) {
			statuses[l["status"].(string)]++
		}
		if statuses["revoked"] != 1 || statuses["expired"] != 1 {
			t.Errorf("statuses = %v", statuses)
		}

		// Unknown and malformed tokens: a plain 404.
		for _, p := range []string{"/s/" + strings.Repeat("A", 43), "/s/short", "/s/" + strings.Repeat("*", 43)} {
			res := a.page(p)
			wantStatus(t, res, 404)
			if !strings.Contains(string(res.body), "This link does not exist") {
				t.Errorf("%s: %s", p, res.body)
			}
		}
	})
}

// TestShareLinkLimitUnderConcurrency creates links up to five short of the
// cap, then 100 at once: exactly five more succeed, on both engines.
func TestShareLinkLimitUnderConcurrency(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("busy", "+919800000011")
		own := idOf(a.create(g, "/api/properties", listing()))
		body := map[string]any{"propertyIds": []int64{own}}
		for range sharelinks.DefaultMaxActive - 5 {
			a.create(g, "/api/share-links", body)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[int]int{}
		for range 100 {
			wg.Go(func() {
				res := a.do("POST", "/api/share-links", body, as(g))
				mu.Lock()
				codes[res.status]++
				mu.Unlock()
			})
		}
		wg.Wait()
		if codes[201] != 5 || codes[409] != 95 {
			t.Errorf("answers = %v, want 5 × 201 and 95 × 409", codes)
		}
		var n int
		a.db.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM share_links WHERE user_id = $1`, g.id).Scan(&n)
		if n != sharelinks.DefaultMaxActive {
			t.Errorf("%d links stored, want %d", n, sharelinks.DefaultMaxActive)
		}
		// A revoked link frees a place.
		wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/share-links/%d", idOf(a.shareLinks(g)[0])), nil, as(g)), 204)
		a.create(g, "/api/share-links", body)
	})
}

// TestShareLinkInterestNotifiesTheAgent: a client's "I'm interested"
// reaches the sharing agent by email, naming the listing and the link's
// note, once per client and listing, and not at all with Property Updates'
// email off.
func TestShareLinkInterestNotifiesTheAgent(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		w := a.shareWorld(t)
		if _, err := a.db.ExecContext(context.Background(), `UPDATE users SET email = 'sharma@example.com', email_verified_at = created_at WHERE id = $1`, w.sharer.id); err != nil {
			t.Fatal(err)
		}
		_, path := a.share(w.sharer, map[string]any{"propertyIds": []int64{w.own, w.matched}, "note": "The two we discussed"})
		interested := func() []map[string]any {
			var out []map[string]any
			for _, m := range a.outboxTo("sharma@example.com") {
				if strings.Contains(m["subject"].(string), "interested") {
					out = append(out, m)
				}
			}
			return out
		}
		tap := func(id int64) {
			t.Helper()
			res := a.do("POST", path+"/interest", url.Values{"propertyId": {fmt.Sprint(id)}}.Encode(), withToken(""),
				withHeader("Content-Type", "application/x-www-form-urlencoded"))
			wantStatus(t, res, 303)
		}

		tap(w.matched)
		got := interested()
		if len(got) != 1 {
			t.Fatalf("%d interest emails after the tap; want 1", len(got))
		}
		subject, body := got[0]["subject"].(string), got[0]["body"].(string)
		if subject != "A client is interested in Listerina's best flat, call Quux, Gachibowli on PropMatch" {
			t.Errorf("subject = %q", subject)
		}
		for _, want := range []string{"Listerina's best flat, call Quux", "Gachibowli", "₹75.00 L", "The two we discussed",
			"Open your share links: /share-links", "Property Updates by email"} {
			if !strings.Contains(body, want) {
				t.Errorf("the email lacks %q:\n%s", want, body)
			}
		}

		// The same client again: counted once, told once.
		tap(w.matched)
		if got := interested(); len(got) != 1 {
			t.Errorf("%d interest emails after a second tap; want still 1", len(got))
		}

		// Property Updates by email (and WhatsApp) off: nothing is sent.
		wantStatus(t, a.do("PUT", "/api/user/settings", map[string]any{"notifications": map[string]any{"updates": map[string]any{"email": false, "whatsapp": false}}},
			as(w.sharer)), 200)
		tap(w.own)
		if got := interested(); len(got) != 1 {
			t.Errorf("%d interest emails with Property Updates' email off; want still 1", len(got))
		}
		if l := a.shareLinks(w.sharer)[0]; l["interest"] != float64(2) {
			t.Errorf("interest = %v, want 2 (the setting silences the email, not the count)", l["interest"])
		}
	})
}
