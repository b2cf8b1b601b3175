package httpapi_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"net/http/cookiejar"
	"net/url"
	"reflect"
	"regexp"
	"testing"

	"propmatch/internal/httpapi"
)

// agent is a signed-up agent and its session token.
type agent struct {
	id    int64
	phone string // E.164
	tok   string
}

// newAgent signs up an agent and returns it with its token. The browser's
// cookie jar is emptied afterwards, so a.do without as() is signed out.
func (a *apiTest) newAgent(username, phone string) agent {
	a.t.Helper()
	a.signUp(username, phone, "")
	u, _ := url.Parse(a.srv.URL)
	var tok string
	for _, c := range a.client.Jar.Cookies(u) {
		if c.Name == httpapi.SessionCookie {
			tok = c.Value
		}
	}
	if tok == "" {
		a.t.Fatalf("sign-up of %s left no session cookie", username)
	}
	a.client.Jar, _ = cookiejar.New(nil)
	me := a.do("GET", "/api/user", nil, withToken(tok))
	wantStatus(a.t, me, 200)
	m := me.json(a.t)
	return agent{id: idOf(m), phone: m["phone"].(string), tok: tok}
}

// as sends the request as g.
func as(g agent) reqOption { return withToken(g.tok) }

// with returns base with the key/value pairs of over set (nil sends JSON null).
func with(base map[string]any, over ...any) map[string]any {
	m := make(map[string]any, len(base))
	for k, v := range base {
		m[k] = v
	}
	for i := 0; i+1 < len(over); i += 2 {
		m[over[i].(string)] = over[i+1]
	}
	return m
}

// listing is a valid 2 BHK apartment for sale at 75 lakh in Gachibowli, Hyderabad.
func listing(over ...any) map[string]any {
	return with(map[string]any{
		"title": "2BHK in Gachibowli", "description": "Near the IT corridor", "propertyType": "apartment",
		"listingPurpose": "for_sale", "price": 7500000, "state": "Telangana", "city": "Hyderabad",
		"locality": "Gachibowli", "pincode": "500032", "bedrooms": 2, "bathrooms": 2, "amenities": []string{"Parking", "Gym"},
	}, over...)
}

const (
	clientPhone = "+919876543210"
	clientEmail = "ramesh.client@example.com"
)

// wanted is a valid requirement that listing() fits: apartment in Hyderabad,
// 70 to 80 lakh, Gachibowli, at least 3 bedrooms. listing() scores
// 30 (type) + 25 (city) + 15 (price) + 0 (2 < 3 bedrooms) + 20 (locality) = 90.
func wanted(over ...any) map[string]any {
	return with(map[string]any{
		"clientName": "Ramesh Kumar", "clientPhone": "9876543210", "clientEmail": clientEmail,
		"propertyTypes": []string{"apartment"}, "listingPurpose": "forSale", "minPrice": 7000000, "maxPrice": 8000000,
		"preferredState": "Telangana", "preferredCities": []string{"Hyderabad"}, "preferredLocalities": "Gachibowli",
		"minBedrooms": 3, "timeline": "immediate",
	}, over...)
}

// create POSTs body to path as g, wants 201 and returns the created object.
func (a *apiTest) create(g agent, path string, body any) map[string]any {
	a.t.Helper()
	res := a.do("POST", path, body, as(g))
	wantStatus(a.t, res, 201)
	return res.json(a.t)
}

// objects GETs a JSON array as g, wanting 200.
func (a *apiTest) objects(g agent, path string) []map[string]any {
	a.t.Helper()
	res := a.do("GET", path, nil, as(g))
	wantStatus(a.t, res, 200)
	var out []map[string]any
	if err := json.Unmarshal(res.body, &out); err != nil || out == nil {
		a.t.Fatalf("GET %s: not a JSON array (%v): %s", path, err, res.body)
	}
	return out
}

// findID returns the object with id in list, or nil.
func findID(list []map[string]any, id int64) map[string]any {
	for _, m := range list {
		if idOf(m) == id {
			return m
		}
	}
	return nil
}

func ids(list []map[string]any) []int64 {
	out := []int64{}
	for _, m := range list {
		out = append(out, idOf(m))
	}
	return out
}

func idOf(m map[string]any) int64 {
	f, _ := m["id"].(float64)
	return int64(f)
}

// onlyMatch GETs path as g and wants exactly one match, which it returns.
func (a *apiTest) onlyMatch(g agent, path string) map[string]any {
	a.t.Helper()
	list := a.objects(g, path)
	if len(list) != 1 {
		a.t.Fatalf("GET %s has %d matches, want 1: %v", path, len(list), list)
	}
	return list[0]
}

// wantFieldError wants a 400 with exactly message at path.
func wantFieldError(t *testing.T, r response, path, message string) {
	t.Helper()
	wantError(t, r, 400, path)
	var body struct {
		Errors []struct{ Path, Message string }
	}
	json.Unmarshal(r.body, &body)
	for _, e := range body.Errors {
		if e.Path == path && e.Message == message {
			return
		}
	}
	t.Errorf("no field error %q at %q: %s", message, path, r.body)
}

// wantFields wants got[k] == want[k] for every k of want (JSON values: numbers are float64).
func wantFields(t *testing.T, what string, got, want map[string]any) {
	t.Helper()
	for k, w := range want {
		if g := got[k]; !reflect.DeepEqual(g, jsonValue(w)) {
			t.Errorf("%s %s = %#v, want %#v", what, k, g, jsonValue(w))
		}
	}
}

// jsonValue is v as encoding/json decodes it into an any.
func jsonValue(v any) any {
	b, _ := json.Marshal(v)
	var out any
	json.Unmarshal(b, &out)
	return out
}

var linkNext = regexp.MustCompile(`^<([^>]+)>; rel="next"$`)

// pngDataURL returns a w×h PNG data URL; noisy pixels do not compress.
func pngDataURL(t *testing.T, w, h int, noisy bool) string {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(1, 2))
	for y := range h {
		for x := range w {
			c := color.NRGBA{R: uint8(x * 40), G: uint8(y * 40), B: 200, A: 255}
			if noisy {
				c = color.NRGBA{R: uint8(rng.IntN(256)), G: uint8(rng.IntN(256)), B: uint8(rng.IntN(256)), A: 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

func gifDataURL(t *testing.T) string {
	t.Helper()
	img := image.NewPaletted(image.Rect(0, 0, 4, 4), []color.Color{color.Black, color.White})
	var buf bytes.Buffer
	if err := gif.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return "data:image/gif;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// ---- ownership ----------------------------------------------------------
