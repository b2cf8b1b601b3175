package media

import (
	"encoding/binary"
	"image"
	"image/color"
)

// decodedBytes estimates, from the header alone, the most memory that
// image.Decode allocates for raw: the decoded pixels and the decoder's
// working copies. It errs on the large side when the header is unusual.
func decodedBytes(raw []byte, cfg image.Config, format string) int64 {
	w, h := int64(cfg.Width), int64(cfg.Height)
	if format == "jpeg" {
		return jpegBytesPerPixel(raw, cfg.ColorModel) * roundUp(w, 32) * roundUp(h, 32)
	}
	bpp := bytesPerPixel(cfg.ColorModel)
	interlaced, transparent := pngFlags(raw)
	if transparent && cfg.ColorModel == color.GrayModel {
		bpp = 4 // gray with a transparent value decodes to NRGBA
	}
	if transparent && cfg.ColorModel == color.Gray16Model {
		bpp = 8 // and 16-bit gray to NRGBA64
	}
	n := bpp * w * h
	if interlaced {
		n *= 2 // each of Adam7's passes is decoded into an image of its own, then copied
	}
	return n + 2*bpp*w // and the current and previous rows
}

// bytesPerPixel is the size of one pixel of an image in model; an unknown
// model counts as the largest.
func bytesPerPixel(model color.Model) int64 {
	switch model {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 3 // 4:4:4; subsampled chroma takes less
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel:
		return 4
	}
	if _, ok := model.(color.Palette); ok {
		return 1
	}
	return 8
}

// jpegBytesPerPixel adds to the decoded pixels what Go's JPEG decoder keeps
// besides: the YCbCr planes it decodes RGB and CMYK images into first (and
// a plane for black), and, for a progressive image, every component's DCT
// coefficients (64 int32 per 8×8 block: 4 bytes per pixel).
func jpegBytesPerPixel(raw []byte, model color.Model) int64 {
	n, components := bytesPerPixel(model), int64(3)
	switch model {
	case color.GrayModel:
		components = 1
	case color.RGBAModel:
		n += 3
	case color.CMYKModel:
		n, components = n+4, 4
	}
	if jpegProgressive(raw) {
		n += 4 * components
	}
	return n
}

// jpegProgressive reports whether the frame header of raw is progressive. It
// walks the marker segments up to the first frame header, and answers true
// when it cannot tell.
func jpegProgressive(raw []byte) bool {
	for i := 2; i+4 <= len(raw); {
		if raw[i] != 0xFF {
			return true
		}
		switch m := raw[i+1]; {
		case m == 0xFF: // fill byte
			i++
			continue
		case m == 0x01 || m >= 0xD0 && m <= 0xD8: // markers without a length
			i += 2
			continue
		case m == 0xC2 || m == 0xC6 || m == 0xCA || m == 0xCE:
			return true
		case m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC:
			return false // a sequential frame
		}
		i += 2 + int(binary.BigEndian.Uint16(raw[i+2:]))
	}
	return true
}

// pngFlags reports whether the PNG raw is interlaced and whether it has a
// tRNS chunk before its image data. It answers true to both when it cannot
// tell.
func pngFlags(raw []byte) (interlaced, transparent bool) {
	if len(raw) < 33 {
		return true, true
	}
	interlaced = raw[28] != 0 // IHDR's interlace method
	for i := 8; i+8 <= len(raw); {
		n := int64(binary.BigEndian.Uint32(raw[i:]))
		switch string(raw[i+4 : i+8]) {
		case "tRNS":
			return interlaced, true
		case "IDAT":
			return interlaced, false
		}
		if n > int64(len(raw)) {
			break
		}
		i += 12 + int(n)
	}
	return interlaced, true
}

func roundUp(n, to int64) int64 { return (n + to - 1) / to * to }
