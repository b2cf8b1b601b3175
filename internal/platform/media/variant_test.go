package media

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"testing"
)

func TestShrinkKeepsTheShapeAndAveragesPixels(t *testing.T) {
	for _, tc := range []struct {
		name         string
		w, h, side   int
		wantW, wantH int
	}{
		{"Landscape", 1600, 1000, 640, 640, 400},
		{"Portrait", 900, 1200, 640, 480, 640},
		{"Square", 700, 700, 640, 640, 640},
		{"Sliver", 5000, 3, 640, 640, 1},
		{"AlreadySmall", 300, 200, 640, 300, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Shrink(image.NewRGBA(image.Rect(0, 0, tc.w, tc.h)), tc.side).Bounds()
			if got.Dx() != tc.wantW || got.Dy() != tc.wantH {
				t.Errorf("Shrink(%d×%d, %d) = %v, want %d×%d", tc.w, tc.h, tc.side, got, tc.wantW, tc.wantH)
			}
		})
	}
	t.Run("StripesAverageToGreyAndTransparencyToWhite", func(t *testing.T) {
		src := image.NewNRGBA(image.Rect(0, 0, 1280, 4))
		for x := 0; x < 1280; x++ {
			c := color.NRGBA{0, 0, 0, 255}
			if x%2 == 1 {
				c = color.NRGBA{255, 255, 255, 255}
			}
			src.SetNRGBA(x, 0, c)
			src.SetNRGBA(x, 1, c) // rows 2 and 3 stay transparent
		}
		out := Shrink(src, 640)
		if top, bottom := out.RGBAAt(10, 0), out.RGBAAt(10, 1); top.R != 127 || bottom.R != 255 {
			t.Errorf("striped pixel %v, transparent pixel %v; want 127 grey and white", top, bottom)
		}
	})
}

func TestEncodeMakesACardCopyOnlyOfLargeImages(t *testing.T) {
	big, err := Encode(image.NewRGBA(image.Rect(0, 0, 1200, 800)), "png")
	if err != nil || big.Card == nil {
		t.Fatalf("large image: card %v, err %v", big.Card != nil, err)
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(big.Card))
	if err != nil || cfg.Width != CardSide || cfg.Height != 426 {
		t.Errorf("card %d×%d (%v), want %d×426 JPEG", cfg.Width, cfg.Height, err, CardSide)
	}
	if small, _ := Encode(image.NewRGBA(image.Rect(0, 0, 640, 420)), "png"); small.Card != nil {
		t.Errorf("a 640 px image got a card copy")
	}
	if CardURL("/media/abc") != "/media/abc/card" || CardURL("https://x/y.png") != "https://x/y.png" {
		t.Errorf("CardURL")
	}
}
