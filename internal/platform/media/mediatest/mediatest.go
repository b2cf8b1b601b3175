// Package mediatest builds hostile and oversized images for tests without
// ever holding their pixels in memory: a PNG of zeros is written row by row
// through zlib, so a test can make a 184 MB decompression bomb in a 180 KB
// file and measure the server's heap without its own allocations in the way.
package mediatest

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"
)

// PNG color types (PNG specification, section 11.2.2).
const (
	Gray      = 0
	RGB       = 2
	Paletted  = 3
	GrayAlpha = 4
	RGBA      = 6
)

// PNGSpec describes a PNG of all-zero pixels.
type PNGSpec struct {
	Width, Height int
	Depth         int  // bits per sample: 1, 2, 4, 8 or 16
	ColorType     int  // Gray, RGB, Paletted, GrayAlpha or RGBA
	Interlaced    bool // Adam7
	Transparent   bool // carries a tRNS chunk
	// HeaderOnly leaves the image data out: enough for image.DecodeConfig
	// and the size rules, which must refuse before decoding, and quick to
	// make at any size.
	HeaderOnly bool
}

// ZeroPNG returns the PNG file of s, compressed as hard as zlib can. It
// panics when s cannot be written in a PNG header: a width or height outside
// 0..2³¹−1, or a depth or color type outside a byte.
func ZeroPNG(s PNGSpec) []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], field[uint32](s.Width, math.MaxInt32))
	binary.BigEndian.PutUint32(ihdr[4:], field[uint32](s.Height, math.MaxInt32))
	ihdr[8], ihdr[9] = field[byte](s.Depth, math.MaxUint8), field[byte](s.ColorType, math.MaxUint8)
	if s.Interlaced {
		ihdr[12] = 1
	}
	chunk(&out, "IHDR", ihdr)
	if s.ColorType == Paletted {
		chunk(&out, "PLTE", []byte{0, 0, 0})
	}
	if s.Transparent {
		chunk(&out, "tRNS", transparency(s))
	}
	idat, err := imageData(s)
	if err != nil {
		panic(err) // unreachable: zlib writes to memory at a valid level
	}
	chunk(&out, "IDAT", idat)
	chunk(&out, "IEND", nil)
	return out.Bytes()
}

// field returns n as a header field of type T, and panics when n is outside 0..most.
func field[T uint32 | byte](n, most int) T {
	if n < 0 || n > most {
		panic(fmt.Sprintf("mediatest: %d does not fit a PNG header field (0..%d)", n, most))
	}
	return T(n)
}

// imageData returns the zlib stream of s's rows of zeros (empty for HeaderOnly).
func imageData(s PNGSpec) ([]byte, error) {
	var idat bytes.Buffer
	z, err := zlib.NewWriterLevel(&idat, zlib.BestCompression)
	if err != nil {
		return nil, err
	}
	for _, p := range passes(s) {
		if s.HeaderOnly {
			break
		}
		row := make([]byte, 1+(p[0]*bitsPerPixel(s)+7)/8) // filter byte 0, then zero samples
		for range p[1] {
			if _, err := z.Write(row); err != nil {
				return nil, err
			}
		}
	}
	err = z.Close()
	return idat.Bytes(), err
}

// DataURL returns b as a data URL of type mime.
func DataURL(mime string, b []byte) string {
	return "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(b)
}

// Bomb is a 16-bit RGBA PNG of 4,800 × 4,800 pixels (23 MP): about 177 KB
// on the wire, 184 MB once decoded, like the one an attacker sent.
func Bomb() []byte {
	return ZeroPNG(PNGSpec{Width: 4800, Height: 4800, Depth: 16, ColorType: RGBA})
}

// chunk appends a PNG chunk: length, type, data and the CRC of type and data.
func chunk(out *bytes.Buffer, typ string, data []byte) {
	out.Write(binary.BigEndian.AppendUint32(nil, field[uint32](len(data), math.MaxInt32)))
	start := out.Len()
	out.WriteString(typ)
	out.Write(data)
	out.Write(binary.BigEndian.AppendUint32(nil, crc32.ChecksumIEEE(out.Bytes()[start:])))
}

func transparency(s PNGSpec) []byte {
	switch s.ColorType {
	case Gray:
		return []byte{0, 1}
	case RGB:
		return []byte{0, 1, 0, 1, 0, 1}
	default:
		return []byte{0}
	}
}

func bitsPerPixel(s PNGSpec) int {
	channels := map[int]int{Gray: 1, RGB: 3, Paletted: 1, GrayAlpha: 2, RGBA: 4}[s.ColorType]
	return channels * s.Depth
}

// passes returns the width and height of each non-empty pass: the whole
// image, or Adam7's seven reduced images.
func passes(s PNGSpec) [][2]int {
	if !s.Interlaced {
		return [][2]int{{s.Width, s.Height}}
	}
	adam7 := [7][4]int{{0, 8, 0, 8}, {4, 8, 0, 8}, {0, 4, 4, 8}, {2, 4, 0, 4}, {0, 2, 2, 4}, {1, 2, 0, 2}, {0, 1, 1, 2}}
	var out [][2]int
	for _, p := range adam7 {
		w := (s.Width - p[0] + p[1] - 1) / p[1]
		h := (s.Height - p[2] + p[3] - 1) / p[3]
		if w > 0 && h > 0 {
			out = append(out, [2]int{w, h})
		}
	}
	return out
}
