package media

import (
	"bytes"
	"context"
	"encoding/base64"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

func pngOf(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, x%h, color.RGBA{200, 40, 40, 255})
	}
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

func dataURL(mime string, b []byte) string {
	return "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(b)
}

// jpegWithEXIF is a JPEG with an APP1 (EXIF) segment carrying a marker string.
func jpegWithEXIF(marker string) []byte {
	var b bytes.Buffer
	jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8)), nil)
	raw := b.Bytes()
	payload := append([]byte("Exif\x00\x00"), []byte(marker)...)
	seg := []byte{0xFF, 0xE1, byte((len(payload) + 2) >> 8), byte(len(payload) + 2)}
	return append(append(append([]byte{}, raw[:2]...), append(seg, payload...)...), raw[2:]...)
}

// paddedTo returns raw followed by zero bytes up to n bytes in all; a PNG
// decoder stops at its end chunk and ignores what follows.
func paddedTo(raw []byte, n int) []byte {
	return append(raw, make([]byte, n-len(raw))...)
}

func TestDecode(t *testing.T) {
	gif := []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x00\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)
	// A PNG header claiming 30000x30000 pixels: refused before decoding.
	bomb := pngOf(1, 1)
	copy(bomb[16:24], []byte{0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30})
	for _, tc := range []struct {
		name, url string
		ok        bool
	}{
		{"PNGAccepted", dataURL("image/png", pngOf(40, 30)), true},
		{"JPEGAccepted", dataURL("image/jpeg", jpegWithEXIF("x")), true},
		{"GIFRefused", dataURL("image/gif", gif), false},
		{"SVGRefused", dataURL("image/svg+xml", svg), false},
		{"SVGDisguisedAsPNGRefused", dataURL("image/png", svg), false},
		{"Over300KBRefused", dataURL("image/png", append(pngOf(4, 4), make([]byte, MaxBytes)...)), false},
		// "Image size must be less than 300KB", as the web app checks it.
		{"Exactly300KBRefused", dataURL("image/png", paddedTo(pngOf(4, 4), MaxBytes)), false},
		{"JustUnder300KBAccepted", dataURL("image/png", paddedTo(pngOf(4, 4), MaxBytes-1)), true},
		{"PixelBombRefused", dataURL("image/png", bomb), false},
		{"NotADataURL", "https://example.com/a.png", false},
		{"BadBase64", "data:image/png;base64,@@@", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(context.Background(), tc.url, "images.0")
			if (err == nil) != tc.ok {
				t.Fatalf("got %v, want ok=%v", err, tc.ok)
			}
			if err != nil && apperr.CodeOf(err) != apperr.Invalid {
				t.Fatalf("got code %s, want invalid", apperr.CodeOf(err))
			}
		})
	}
	t.Run("MetadataIsStripped", func(t *testing.T) {
		img, err := Decode(context.Background(), dataURL("image/jpeg", jpegWithEXIF("GPS-SECRET-LOCATION")), "images.0")
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(img.Data), "GPS-SECRET-LOCATION") || img.ContentType != "image/jpeg" {
			t.Fatal("EXIF survived re-encoding")
		}
	})
}

func TestSaveAndGet(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		img, _ := Decode(ctx, dataURL("image/png", pngOf(10, 10)), "img")
		if _, err := Save(ctx, db, time.Now(), 0, img); err == nil {
			t.Fatal("an image without an existing owner was saved")
		}
		db.Exec(`INSERT INTO users (username, password_hash, full_name, phone, created_at, updated_at) VALUES ('a', 'x', 'A', '+919876543210', $1, $1)`, db.Time())
		url, err := Save(ctx, db, db.Time(), 1, img)
		if err != nil {
			t.Fatal(err)
		}
		id := IDFromURL(url)
		got, err := NewService(db).Get(ctx, id)
		if err != nil || !bytes.Equal(got.Data, img.Data) || got.ContentType != "image/png" {
			t.Fatalf("got %v, %v", got.ContentType, err)
		}
		if _, err := NewService(db).Get(ctx, "missing"); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("got %v, want not found", err)
		}
		for _, u := range []string{"/media/", "/other/x", "/media/a/b", "https://x/media/y"} {
			if IDFromURL(u) != "" {
				t.Errorf("IDFromURL(%q) accepted", u)
			}
		}
	})
}
