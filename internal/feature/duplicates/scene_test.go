package duplicates_test

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"math/rand"
	"testing"

	"propmatch/internal/feature/duplicates"
	"propmatch/internal/platform/media"
)

// scene draws a street of buildings, different for each seed: the photo
// of one flat.
func scene(seed int64) *image.RGBA {
	r := rand.New(rand.NewSource(seed))
	const w, h = 720, 540
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	c := func() color.RGBA {
		return color.RGBA{uint8(r.Intn(256)), uint8(r.Intn(256)), uint8(r.Intn(256)), 255}
	}
	top, bottom := c(), c()
	for y := 0; y < h; y++ {
		t := float64(y) / h
		col := color.RGBA{mix(top.R, bottom.R, t), mix(top.G, bottom.G, t), mix(top.B, bottom.B, t), 255}
		draw.Draw(img, image.Rect(0, y, w, y+1), &image.Uniform{col}, image.Point{}, draw.Src)
	}
	ground := h*2/3 + r.Intn(h/6)
	draw.Draw(img, image.Rect(0, ground, w, h), &image.Uniform{c()}, image.Point{}, draw.Src)
	sx, sy, sr := r.Intn(w), r.Intn(h/3), 20+r.Intn(40)
	sun := c()
	for y := -sr; y <= sr; y++ {
		for x := -sr; x <= sr; x++ {
			if x*x+y*y <= sr*sr && image.Pt(sx+x, sy+y).In(img.Rect) {
				img.Set(sx+x, sy+y, sun)
			}
		}
	}
	for range 2 + r.Intn(4) {
		bw, bh := 80+r.Intn(200), 120+r.Intn(ground-140)
		x0 := r.Intn(w - bw)
		draw.Draw(img, image.Rect(x0, ground-bh, x0+bw, ground), &image.Uniform{c()}, image.Point{}, draw.Src)
		win := c()
		for y := ground - bh + 12; y+18 < ground; y += 30 {
			for x := x0 + 10; x+16 < x0+bw; x += 28 {
				draw.Draw(img, image.Rect(x, y, x+16, y+18), &image.Uniform{win}, image.Point{}, draw.Src)
			}
		}
	}
	return img
}

func mix(a, b uint8, t float64) uint8 { return uint8(float64(a)*(1-t) + float64(b)*t) }

// variant is how another agent's copy of a photo differs: re-encoded at
// another JPEG quality, resized, cropped a little at the edges.
type variant struct {
	quality int     // JPEG quality
	side    int     // long side after resizing; 0 keeps it
	crop    float64 // fraction cut off each edge
}

// photo returns the data URL of img as v makes it.
func photo(t testing.TB, img image.Image, v variant) string {
	t.Helper()
	b := img.Bounds()
	if v.crop > 0 {
		dx, dy := int(float64(b.Dx())*v.crop), int(float64(b.Dy())*v.crop)
		cropped := image.NewRGBA(image.Rect(0, 0, b.Dx()-2*dx, b.Dy()-2*dy))
		draw.Draw(cropped, cropped.Rect, img, b.Min.Add(image.Pt(dx, dy)), draw.Src)
		img = cropped
	}
	if v.side > 0 {
		img = media.Shrink(img, v.side)
	}
	q := v.quality
	if q == 0 {
		q = 85
	}
	var out bytes.Buffer
	if err := jpeg.Encode(&out, img, &jpeg.Options{Quality: q}); err != nil {
		t.Fatal(err)
	}
	return "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(out.Bytes())
}

// hashOf decodes a data URL as the upload does and returns its hash.
func hashOf(t testing.TB, dataURL string) uint64 {
	t.Helper()
	img, err := media.Decode(t.Context(), dataURL, "images.0")
	if err != nil {
		t.Fatal(err)
	}
	if !img.HasPHash {
		t.Fatal("no hash")
	}
	return img.PHash
}

// TestPerceptualHashesSurviveReencodingResizingAndCropping holds the
// photo signal's threshold against the variants the fixtures use: a
// variant stays within SamePhoto bits, another flat's photo does not.
func TestPerceptualHashesSurviveReencodingResizingAndCropping(t *testing.T) {
	variants := []variant{{quality: 95}, {quality: 60}, {quality: 40}, {side: 640}, {side: 480, quality: 70}, {crop: 0.02}, {crop: 0.04, quality: 75}, {crop: 0.03, side: 560}}
	worstSame, closestOther := 0, 64
	const n = 16
	over := 0
	bases := make([]uint64, n)
	for i := range bases {
		bases[i] = hashOf(t, photo(t, scene(int64(i+1)), variant{}))
	}
	for i, base := range bases {
		for _, v := range variants {
			d := media.Distance(base, hashOf(t, photo(t, scene(int64(i+1)), v)))
			if d > duplicates.SamePhoto {
				over++
			}
			worstSame = max(worstSame, d)
		}
		for _, other := range bases[i+1:] {
			closestOther = min(closestOther, media.Distance(base, other))
		}
	}
	t.Logf("worst distance of a variant: %d bits; closest other photo: %d bits", worstSame, closestOther)
	if worstSame > duplicates.SimilarPhoto {
		t.Errorf("a variant is %d bits away, over SimilarPhoto", worstSame)
	}
	if over*20 > n*len(variants) {
		t.Errorf("%d of %d variants are over SamePhoto; at most 5%% may be", over, n*len(variants))
	}
	if closestOther <= duplicates.SimilarPhoto {
		t.Errorf("another flat's photo is %d bits away, within SimilarPhoto", closestOther)
	}
}
