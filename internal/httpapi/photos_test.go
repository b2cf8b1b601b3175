package httpapi_test

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"strings"
	"testing"

	"propmatch/internal/httpapi"
)

// photoURLs returns the images of a listing.
func photoURLs(t *testing.T, m map[string]any) []string {
	t.Helper()
	list, _ := m["images"].([]any)
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = fmt.Sprint(v)
	}
	return out
}

func TestListingPhotos(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		a.create(B, "/api/requirements", wanted())
		// Two uploads: the first is the cover.
		p := a.create(A, "/api/properties", listing("images", []string{pngDataURL(t, 8, 6, false), pngDataURL(t, 4, 4, false)}))
		first := photoURLs(t, p)
		if len(first) != 2 || !mediaURL.MatchString(first[0]) || !mediaURL.MatchString(first[1]) || first[0] == first[1] {
			t.Fatalf("images = %v, want two different /media/{id} URLs", first)
		}
		other := photoURLs(t, a.create(B, "/api/properties", listing("images", []string{pngDataURL(t, 3, 3, false)})))[0]
		put := func(t *testing.T, images []string) response {
			return a.sub(t).do("PUT", fmt.Sprintf("/api/properties/%d", idOf(p)), listing("images", images), as(A))
		}

		t.Run("ReorderingAndAddingKeepsTheOrderSent", func(t *testing.T) {
			res := put(t, []string{first[1], pngDataURL(t, 5, 5, false), first[0]})
			wantStatus(t, res, 200)
			got := photoURLs(t, res.json(t))
			if len(got) != 3 || got[0] != first[1] || got[2] != first[0] || !mediaURL.MatchString(got[1]) {
				t.Fatalf("images = %v, want [%s new %s]", got, first[1], first[0])
			}
			// The cover (first) is what the marketplace and matches show first.
			m := findID(a.objects(B, "/api/marketplace/properties"), idOf(p))
			if m == nil || photoURLs(t, m)[0] != first[1] {
				t.Errorf("marketplace images = %v, want %s first", m["images"], first[1])
			}
			if mt := a.onlyMatch(B, "/api/matches"); photoURLs(t, mt["property"].(map[string]any))[0] != first[1] {
				t.Errorf("match property images = %v, want %s first", mt["property"], first[1])
			}
		})
		t.Run("ElevenPhotosIsAFieldError", func(t *testing.T) {
			eleven := make([]string, 11)
			for i := range eleven {
				eleven[i] = first[i%2]
			}
			wantFieldError(t, put(t, eleven), "images", "At most 10 photos per property")
		})
		t.Run("AnotherAgentsPhotoIsAFieldError", func(t *testing.T) {
			wantFieldError(t, put(t, []string{first[0], other}), "images.1", "That image no longer exists; upload it again")
		})
		t.Run("TheSamePhotoTwiceIsAFieldError", func(t *testing.T) {
			wantFieldError(t, put(t, []string{first[0], first[1], first[0]}), "images.2", "This photo is already in the list")
		})
		t.Run("RefusedEditsChangedNothing", func(t *testing.T) {
			got := photoURLs(t, findID(a.objects(A, "/api/properties"), idOf(p)))
			if len(got) != 3 || got[0] != first[1] {
				t.Errorf("images = %v after refused edits, want the three of the last good edit", got)
			}
		})
		t.Run("TenNewPhotosInOneSave", func(t *testing.T) {
			// Ten photos of about 120 KB: a body of 1.6 MB, over the 1 MiB of other routes.
			ten := make([]string, 10)
			for i := range ten {
				ten[i] = pngDataURL(t, 200, 150+i, true)
			}
			res := put(t, ten)
			wantStatus(t, res, 200)
			if got := photoURLs(t, res.json(t)); len(got) != 10 {
				t.Errorf("%d images, want 10", len(got))
			}
		})
		t.Run("BodyOverTheListingCapIs413", func(t *testing.T) {
			big := `{"title": "` + strings.Repeat("x", httpapi.MaxListingBodyBytes) + `"}`
			wantError(t, a.sub(t).do("POST", "/api/properties", big, as(A), invalid()), 413)
		})
		t.Run("OtherRoutesKeepTheir1MiBCap", func(t *testing.T) {
			big := `{"clientName": "` + strings.Repeat("x", httpapi.MaxBodyBytes) + `"}`
			wantError(t, a.sub(t).do("POST", "/api/requirements", big, as(B), invalid()), 413)
		})
	})
}

func TestCardSizePhotos(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		p := a.create(A, "/api/properties", listing("images", []string{pngDataURL(t, 1600, 1000, false), pngDataURL(t, 300, 200, false)}))
		urls := photoURLs(t, p)
		t.Run("ALargePhotoHasAJPEGCardOf640Pixels", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("GET", urls[0]+"/card", nil)
			wantStatus(t, res, 200)
			if ct, cc := res.header.Get("Content-Type"), res.header.Get("Cache-Control"); ct != "image/jpeg" || !strings.Contains(cc, "immutable") {
				t.Errorf("Content-Type %q, Cache-Control %q; want image/jpeg, immutable", ct, cc)
			}
			img, err := jpeg.Decode(bytes.NewReader(res.body))
			if err != nil {
				t.Fatalf("card is not a JPEG: %v", err)
			}
			if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 400 {
				t.Errorf("card is %v, want 640x400", b)
			}
			full := a.do("GET", urls[0], nil)
			etag := res.header.Get("ETag")
			if etag == "" || etag == full.header.Get("ETag") {
				t.Errorf("card ETag %q, full %q: want its own", etag, full.header.Get("ETag"))
			}
			wantStatus(t, a.do("GET", urls[0]+"/card", nil, withHeader("If-None-Match", etag)), 304)
		})
		t.Run("ASmallPhotoIsItsOwnCard", func(t *testing.T) {
			res := a.sub(t).do("GET", urls[1]+"/card", nil)
			wantStatus(t, res, 200)
			cfg, format, err := image.DecodeConfig(bytes.NewReader(res.body))
			if err != nil || format != "png" || cfg.Width != 300 {
				t.Errorf("card: %v %s %d; want the 300 px PNG itself", err, format, cfg.Width)
			}
		})
		t.Run("UnknownCardIs404", func(t *testing.T) {
			wantStatus(t, a.sub(t).do("GET", "/media/AAAAAAAAAAAAAAAAAAAAAA/card", nil), 404)
		})
	})
}
