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
	"hash/crc32"
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

// ZeroPNG returns the PNG file of s, compressed as hard as zlib can.
func ZeroPNG(s PNGSpec) []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(s.Width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(s.Height))
	ihdr[8], ihdr[9] = byte(s.Depth), byte(s.ColorType)
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
	var idat bytes.Buffer
	z, _ := zlib.NewWriterLevel(&idat, zlib.BestCompression)
	for _, p := range passes(s) {
		if s.HeaderOnly {
			break
		}
		row := make([]byte, 1+(p[0]*bitsPerPixel(s)+7)/8) // filter byte 0, then zero samples
		for range p[1] {
			z.Write(row)
		}
	}
	z.Close()
	chunk(&out, "IDAT", idat.Bytes())
	chunk(&out, "IEND", nil)
	return out.Bytes()
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

func chunk(out *bytes.Buffer, typ string, data []byte) {
	binary.Write(out, binary.BigEndian, uint32(len(data)))
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	out.WriteString(typ)
	out.Write(data)
	binary.Write(out, binary.BigEndian, crc.Sum32())
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
