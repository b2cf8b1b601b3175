package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"image"
	"image/jpeg"
	"os"
	"runtime"
	"testing"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/media/mediatest"
)

// header is a PNG of w×h zero pixels without its image data.
func header(w, h, depth, colorType int, interlaced, transparent bool) []byte {
	return mediatest.ZeroPNG(mediatest.PNGSpec{Width: w, Height: h, Depth: depth, ColorType: colorType,
		Interlaced: interlaced, Transparent: transparent, HeaderOnly: true})
}

// jpegOf encodes img as a baseline JPEG (4:2:0 for colour).
func jpegOf(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func testdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// resized returns a copy of the JPEG raw whose frame header claims w×h.
func resized(t testing.TB, raw []byte, w, h int) []byte {
	t.Helper()
	out := bytes.Clone(raw)
	for i := 2; i+9 <= len(out); {
		m := out[i+1]
		if m == 0xC0 || m == 0xC1 || m == 0xC2 {
			binary.BigEndian.PutUint16(out[i+5:], uint16(h))
			binary.BigEndian.PutUint16(out[i+7:], uint16(w))
			return out
		}
		i += 2 + int(binary.BigEndian.Uint16(out[i+2:]))
	}
	t.Fatal("no frame header")
	return nil
}

// TestImageSizeRules checks, from headers alone, which images are decoded
// and which are refused before decoding: at most MaxPixels, MaxSide on a
// side, and MaxDecodedBytes of memory at the image's colour depth.
func TestImageSizeRules(t *testing.T) {
	const MB = 1 << 20
	gray := jpegOf(t, image.NewGray(image.Rect(0, 0, 16, 16)))
	colour := jpegOf(t, image.NewRGBA(image.Rect(0, 0, 16, 16)))
	for _, tc := range []struct {
		name string
		raw  []byte
		ok   bool
	}{
		{"TheAttackersBomb16BitRGBA23MPIsRefused", mediatest.Bomb(), false},
		{"Photo8BitRGBA12MPIsAccepted", header(4000, 3000, 8, mediatest.RGBA, false, false), true},
		{"RGBA16MPFitsTheBudget", header(4096, 4000, 8, mediatest.RGBA, false, false), true},
		{"RGBA17MPIsRefused", header(4200, 4000, 8, mediatest.RGBA, false, false), false},
		{"RGB8BitDecodesAsRGBA", header(4200, 4000, 8, mediatest.RGB, false, false), false},
		{"RGB16Bit9MPIsRefused", header(3000, 3000, 16, mediatest.RGB, false, false), false},
		{"RGB16Bit8MPIsAccepted", header(2800, 2800, 16, mediatest.RGB, false, false), true},
		{"GrayAlpha16Bit9MPIsRefused", header(3000, 3000, 16, mediatest.GrayAlpha, false, false), false},
		{"Gray24MPIsAccepted", header(6000, 4000, 8, mediatest.Gray, false, false), true},
		{"Gray16Bit24MPIsAccepted", header(6000, 4000, 16, mediatest.Gray, false, false), true},
		{"GrayWithTransparencyDecodesAsRGBA", header(6000, 4000, 8, mediatest.Gray, false, true), false},
		{"Gray16BitWithTransparencyDecodesAsRGBA64", header(3000, 3000, 16, mediatest.Gray, false, true), false},
		{"Paletted24MPIsAccepted", header(6000, 4000, 8, mediatest.Paletted, false, false), true},
		{"PalettedOver24MPIsRefused", header(5000, 5000, 1, mediatest.Paletted, false, false), false},
		{"WiderThan20000PixelsIsRefused", header(20_001, 10, 1, mediatest.Gray, false, false), false},
		{"TallerThan20000PixelsIsRefused", header(10, 20_001, 1, mediatest.Gray, false, false), false},
		{"InterlacedCountsTwice", header(4000, 3000, 8, mediatest.RGBA, true, false), false},
		{"Interlaced6MPIsAccepted", header(3000, 2000, 8, mediatest.RGBA, true, false), true},
		{"JPEGColour21MPIsAccepted", resized(t, colour, 5400, 4000), true},
		{"JPEGColour23MPIsRefused", resized(t, colour, 5600, 4100), false},
		{"JPEGGray24MPIsAccepted", resized(t, gray, 6000, 4000), true},
		{"JPEGProgressive4MPIsAccepted", resized(t, testdata(t, "video-001.progressive.jpeg"), 2000, 2000), true},
		{"JPEGProgressive12MPIsRefused", resized(t, testdata(t, "video-001.progressive.jpeg"), 4000, 3000), false},
		{"JPEGGrayProgressive12MPIsAccepted", resized(t, testdata(t, "video-005.gray.q50.progressive.jpeg"), 4000, 3000), true},
		{"JPEGCMYK12MPIsRefused", resized(t, testdata(t, "video-001.cmyk.jpeg"), 4000, 3000), false},
		{"JPEGCMYK8MPIsAccepted", resized(t, testdata(t, "video-001.cmyk.jpeg"), 2800, 2800), true},
		{"JPEGRGB12MPIsRefused", resized(t, testdata(t, "video-001.rgb.jpeg"), 4000, 3000), false},
		{"JPEGRGB8MPIsAccepted", resized(t, testdata(t, "video-001.rgb.jpeg"), 2800, 2800), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if len(tc.raw) >= MaxBytes {
				t.Fatalf("the file is %d bytes, over MaxBytes", len(tc.raw))
			}
			cfg, format, err := image.DecodeConfig(bytes.NewReader(tc.raw))
			if err != nil {
				t.Fatal(err)
			}
			cost, msg := checkSize(tc.raw, cfg, format)
			t.Logf("%s %d×%d, %T: estimated %d MB", format, cfg.Width, cfg.Height, cfg.ColorModel, cost/MB)
			if (msg == "") != tc.ok {
				t.Fatalf("accepted = %v (%q), want %v", msg == "", msg, tc.ok)
			}
			if tc.ok {
				return
			}
			// Refused through Decode too, before any pixel is read.
			_, err = Decode(context.Background(), mediatest.DataURL("image/"+format, tc.raw), "images.0")
			var e *apperr.Error
			if !errors.As(err, &e) || e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0] != (apperr.FieldError{Path: "images.0", Message: msg}) {
				t.Fatalf("Decode: %v, want one field error at images.0 saying %q", err, msg)
			}
		})
	}
}

// TestEstimateCoversWhatDecodingAllocates decodes one image of every kind
// and checks that the estimate made from its header is at least what
// image.Decode allocated. The JPEGs from testdata are small (150×103), so
// the decoders' fixed tables are allowed for.
func TestEstimateCoversWhatDecodingAllocates(t *testing.T) {
	const fixed = 128 << 10
	png := func(depth, colorType int, interlaced, transparent bool) []byte {
		return mediatest.ZeroPNG(mediatest.PNGSpec{Width: 1200, Height: 900, Depth: depth, ColorType: colorType,
			Interlaced: interlaced, Transparent: transparent})
	}
	photo := image.NewRGBA(image.Rect(0, 0, 1200, 900))
	for i := range photo.Pix {
		photo.Pix[i] = byte(i * 7)
	}
	for _, tc := range []struct {
		name string
		raw  []byte
	}{
		{"PNGRGBA8", png(8, mediatest.RGBA, false, false)},
		{"PNGRGBA16", png(16, mediatest.RGBA, false, false)},
		{"PNGRGB8", png(8, mediatest.RGB, false, false)},
		{"PNGRGB16WithTransparency", png(16, mediatest.RGB, false, true)},
		{"PNGGray8", png(8, mediatest.Gray, false, false)},
		{"PNGGray8WithTransparency", png(8, mediatest.Gray, false, true)},
		{"PNGGray16", png(16, mediatest.Gray, false, false)},
		{"PNGGray16WithTransparency", png(16, mediatest.Gray, false, true)},
		{"PNGGrayAlpha16", png(16, mediatest.GrayAlpha, false, false)},
		{"PNGPaletted1", png(1, mediatest.Paletted, false, false)},
		{"PNGPaletted8WithTransparency", png(8, mediatest.Paletted, false, true)},
		{"PNGInterlacedRGBA16", png(16, mediatest.RGBA, true, false)},
		{"PNGInterlacedGray8", png(8, mediatest.Gray, true, false)},
		{"JPEGColour", jpegOf(t, photo)},
		{"JPEGGray", jpegOf(t, image.NewGray(photo.Rect))},
		{"JPEGProgressive", testdata(t, "video-001.progressive.jpeg")},
		{"JPEGProgressive444", testdata(t, "video-001.q50.444.progressive.jpeg")},
		{"JPEGGrayProgressive", testdata(t, "video-005.gray.q50.progressive.jpeg")},
		{"JPEGCMYK", testdata(t, "video-001.cmyk.jpeg")},
		{"JPEGRGB", testdata(t, "video-001.rgb.jpeg")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, format, err := image.DecodeConfig(bytes.NewReader(tc.raw))
			if err != nil {
				t.Fatal(err)
			}
			estimate := decodedBytes(tc.raw, cfg, format)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			img, _, err := image.Decode(bytes.NewReader(tc.raw))
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			used := int64(after.TotalAlloc - before.TotalAlloc)
			t.Logf("%T %v: allocated %d KB, estimated %d KB", img, img.Bounds().Size(), used>>10, estimate>>10)
			if used > estimate+fixed {
				t.Errorf("decoding allocated %d bytes, over the estimate of %d", used, estimate)
			}
		})
	}
}

// TestDecodesWaitForASlot holds every decode slot and checks that an upload
// waits, gives up when its context ends, and goes ahead once a slot frees.
func TestDecodesWaitForASlot(t *testing.T) {
	for range MaxConcurrentDecodes {
		decodeSlots <- struct{}{}
	}
	url := dataURL("image/png", pngOf(4, 4))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := Decode(ctx, url, "images.0"); apperr.CodeOf(err) != apperr.Unavailable {
		t.Fatalf("with every slot taken: %v, want unavailable once the context ends", err)
	}
	done := make(chan error)
	go func() {
		_, err := Decode(context.Background(), url, "images.0")
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("decoded while every slot was taken: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	for range MaxConcurrentDecodes {
		<-decodeSlots
	}
	if err := <-done; err != nil {
		t.Fatalf("after the slots freed: %v", err)
	}
}
