package media

import (
	"bytes"
	"image"
	"image/draw"
	"image/jpeg"
)

// Card-size variant: what listing cards show. A card is at most about
// 400 CSS pixels wide, so 640 pixels on the long side stays sharp on a
// 1.5× phone screen and weighs a tenth of a 1600-pixel photo. It is made
// once, at upload, from the pixels already decoded; an image no larger
// than this has no variant and its card URL serves the image itself.
const (
	CardSide    = 640
	CardQuality = 80
	CardSuffix  = "/card"
)

// CardURL returns the card-size URL of a stored image URL (/media/{id}/card),
// or url unchanged when it is not a /media/ URL.
func CardURL(url string) string {
	if IDFromURL(url) == "" {
		return url
	}
	return url + CardSuffix
}

// cardOf returns img scaled to fit CardSide on its long side, as a JPEG, or
// nil when img already fits.
func cardOf(img image.Image) []byte {
	b := img.Bounds()
	if b.Dx() <= CardSide && b.Dy() <= CardSide {
		return nil
	}
	small := Shrink(img, CardSide)
	var out bytes.Buffer
	if err := jpeg.Encode(&out, small, &jpeg.Options{Quality: CardQuality}); err != nil {
		return nil
	}
	return out.Bytes()
}

// Shrink returns img scaled down, keeping its shape, so that its long side
// is at most side pixels; each output pixel is the average of the source
// pixels it covers (a box filter, which is what downscaling by a large
// factor needs to avoid aliasing). Transparent areas become white, since
// the result is a JPEG.
func Shrink(img image.Image, side int) *image.RGBA {
	src := toRGBA(img)
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	dw, dh := sw, sh
	if sw >= sh && sw > side {
		dw, dh = side, max(1, sh*side/sw)
	} else if sh > sw && sh > side {
		dw, dh = max(1, sw*side/sh), side
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := 0; y < dh; y++ {
		y0, y1 := y*sh/dh, max((y+1)*sh/dh, y*sh/dh+1)
		for x := 0; x < dw; x++ {
			x0, x1 := x*sw/dw, max((x+1)*sw/dw, x*sw/dw+1)
			var r, g, bl, n int
			for yy := y0; yy < y1; yy++ {
				row := src.Pix[yy*src.Stride:]
				for xx := x0; xx < x1; xx++ {
					p := row[xx*4 : xx*4+4]
					// Composite on white: premultiplied channel + (255 - alpha).
					r += int(p[0]) + 255 - int(p[3])
					g += int(p[1]) + 255 - int(p[3])
					bl += int(p[2]) + 255 - int(p[3])
					n++
				}
			}
			o := dst.Pix[y*dst.Stride+x*4:]
			o[0], o[1], o[2], o[3] = channel(r/n), channel(g/n), channel(bl/n), 255
		}
	}
	return dst
}

// channel returns v, an average of 0 to 255 values, as a byte.
func channel(v int) uint8 {
	if v < 0 {
		return 0
	}
	if v > 255 {
		return 255
	}
	return uint8(v)
}

// toRGBA returns img as an *image.RGBA with its origin at 0,0.
func toRGBA(img image.Image) *image.RGBA {
	if rgba, ok := img.(*image.RGBA); ok && rgba.Rect.Min == (image.Point{}) {
		return rgba
	}
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	return out
}
