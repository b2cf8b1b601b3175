// Package media stores uploaded images. An image arrives as a data URL, is
// checked (PNG or JPEG only; size, pixel and memory caps read from its
// header before decoding), decoded a few at a time, re-encoded so that no
// metadata survives, and served from /media/{id}; a card-size variant made
// at the same time is served from /media/{id}/card.
package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"net/http"
	"runtime/debug"
	"strings"

	"propmatch/internal/kit/apperr"
)

// Limits on uploads. A file under MaxBytes can still decode into hundreds
// of megabytes (a PNG of zeros compresses about 1,000 to 1), so the header
// is read first and an image whose decoding would take more than
// MaxDecodedBytes is refused before any pixel is decoded; and at most
// MaxConcurrentDecodes images are decoded at once, so a burst of uploads
// holds at most MaxConcurrentDecodes × MaxDecodedBytes of pixels.
const (
	MaxBytes             = 300 * 1024 // an image must be smaller than this (300 KiB), docs/product.md#images
	MaxPixels            = 24_000_000 // twice a 12 MP phone photo
	MaxSide              = 20_000     // pixels on either side
	MaxDecodedBytes      = 64 << 20   // what decoding one image may take: a 16 MP RGBA PNG, a 22 MP JPEG
	MaxConcurrentDecodes = 2          // decodes running at once; others wait their turn
	URLPrefix            = "/media/"
)

// largeDecode is the estimated size above which the memory of a decode is
// handed back to the operating system at once, rather than when the
// runtime gets round to it.
const largeDecode = 16 << 20

// decodeSlots holds one token per decode running.
var decodeSlots = make(chan struct{}, MaxConcurrentDecodes)

// Image is a stored image.
type Image struct {
	ID          string
	ContentType string
	Data        []byte
	SHA256      string
	// Card is the card-size JPEG (CardSide on the long side), or nil when
	// the image is no larger than that. Set by Decode and Encode; not read
	// back by Get.
	Card []byte
	// PHash is the perceptual hash of the pixels (pHash, 64 bits), set by
	// Decode and Encode and stored beside the card copy; duplicate listings
	// compare their cover photos by it. Zero with HasPHash false when
	// unknown.
	PHash    uint64
	HasPHash bool
}

// Limits are what an upload must meet besides the pixel and memory caps,
// and the messages it gets when it does not.
type Limits struct {
	Under     int    // the file must be smaller than this many bytes
	TooLarge  string // message for a file of Under bytes or more
	WrongType string // message for anything but a PNG or JPEG, by content
}

// ListingLimits are the limits of listing and advertisement images.
var ListingLimits = Limits{Under: MaxBytes, TooLarge: "Image size must be less than 300KB", WrongType: "Only PNG and JPEG images are accepted"}

// Decode checks a data URL and returns the re-encoded image. It returns an
// Invalid error at path for anything but a PNG or JPEG under MaxBytes whose
// header promises at most MaxPixels pixels, MaxSide on a side and
// MaxDecodedBytes of memory. It waits for a free decode slot, and returns an
// Unavailable error when ctx ends first.
func Decode(ctx context.Context, dataURL, path string) (Image, error) {
	return DecodeWithin(ctx, dataURL, path, ListingLimits)
}

// DecodeWithin is Decode with the byte limit and messages of lim (whose
// Under must not exceed MaxBytes). The type is judged by the content,
// never by the data URL's declared type.
func DecodeWithin(ctx context.Context, dataURL, path string, lim Limits) (Image, error) {
	bad := func(msg string) (Image, error) {
		return Image{}, apperr.Validation(apperr.FieldError{Path: path, Message: msg})
	}
	header, payload, ok := strings.Cut(dataURL, ",")
	if !ok || !strings.HasPrefix(header, "data:") || !strings.HasSuffix(header, ";base64") {
		return bad(lim.WrongType)
	}
	if base64.StdEncoding.DecodedLen(len(payload)) > lim.Under+3 {
		return bad(lim.TooLarge)
	}
	raw, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		return bad("Image data is not valid base64")
	}
	return DecodeBytes(ctx, raw, path, lim)
}

// DecodeBytes is DecodeWithin for raw bytes (an upload that did not come
// as a data URL, such as a RERA certificate): the same content checks, caps
// and re-encoding, with lim's byte limit, which may exceed MaxBytes.
func DecodeBytes(ctx context.Context, raw []byte, path string, lim Limits) (Image, error) {
	bad := func(msg string) (Image, error) {
		return Image{}, apperr.Validation(apperr.FieldError{Path: path, Message: msg})
	}
	if len(raw) >= lim.Under {
		return bad(lim.TooLarge)
	}
	sniffed := http.DetectContentType(raw)
	if sniffed != "image/png" && sniffed != "image/jpeg" {
		return bad(lim.WrongType)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return bad("Image could not be read")
	}
	cost, msg := checkSize(raw, cfg, format)
	if msg != "" {
		return bad(msg)
	}
	img, err := reencodeInTurn(ctx, raw, format, cost)
	var busy *apperr.Error
	switch {
	case errors.As(err, &busy):
		return Image{}, err
	case err != nil:
		return bad(err.Error())
	}
	return img, nil
}

// reencodeInTurn waits for a decode slot, or returns Unavailable when ctx
// ends first, and re-encodes raw. The memory of a large decode goes back
// to the operating system before the next decode may start.
func reencodeInTurn(ctx context.Context, raw []byte, format string, cost int64) (Image, error) {
	select {
	case decodeSlots <- struct{}{}:
	case <-ctx.Done():
		return Image{}, &apperr.Error{Code: apperr.Unavailable, Message: "The server is busy; upload the image again", Err: ctx.Err()}
	}
	defer func() { <-decodeSlots }()
	if cost >= largeDecode {
		defer debug.FreeOSMemory() // deferred calls run last first: this one before the slot is freed
	}
	return reencode(raw, format)
}

// checkSize returns the memory decoding raw will take, or a message saying
// which limit the image breaks.
func checkSize(raw []byte, cfg image.Config, format string) (int64, string) {
	w, h := int64(cfg.Width), int64(cfg.Height)
	switch {
	case w <= 0 || h <= 0:
		return 0, "Image could not be read"
	case w > MaxSide || h > MaxSide || w*h > MaxPixels:
		return 0, fmt.Sprintf("Image dimensions are too large: at most %d megapixels and %d pixels on a side", MaxPixels/1_000_000, MaxSide)
	}
	cost := decodedBytes(raw, cfg, format)
	if cost > MaxDecodedBytes {
		return cost, fmt.Sprintf("Image is too large to process: %d×%d pixels at this colour depth need %d MB; use fewer pixels or 8-bit colour", w, h, cost>>20)
	}
	return cost, ""
}

// reencode decodes raw and encodes it again in format, which drops every
// metadata chunk. Its error text is a message for the user.
func reencode(raw []byte, format string) (Image, error) {
	img, _, err := image.Decode(bytes.NewReader(raw))
	if err != nil {
		return Image{}, errors.New("Image could not be read")
	}
	return Encode(img, format)
}

// Encode encodes img as a PNG (format "png") or a JPEG (anything else),
// with its card-size variant. Its error text is a message for the user.
func Encode(img image.Image, format string) (Image, error) {
	var out bytes.Buffer
	var err error
	ct := "image/jpeg"
	if format == "png" {
		ct = "image/png"
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&out, img)
	} else {
		err = jpeg.Encode(&out, img, &jpeg.Options{Quality: 85})
	}
	if err != nil {
		return Image{}, errors.New("Image could not be re-encoded")
	}
	sum := sha256.Sum256(out.Bytes())
	ph, ok := PerceptualHash(img)
	return Image{ContentType: ct, Data: out.Bytes(), SHA256: hex.EncodeToString(sum[:]), Card: cardOf(img), PHash: ph, HasPHash: ok}, nil
}
