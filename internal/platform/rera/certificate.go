package rera

import (
	"bytes"
	"context"
	"net/http"
	"strconv"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/media"
)

// MaxCertificateBytes is the largest certificate accepted (5 MB).
const MaxCertificateBytes = 5 << 20

const (
	typePDF  = "application/pdf"
	tooLarge = "The certificate must be at most 5 MB"
	badType  = "The certificate must be a PDF, PNG or JPEG file"
)

// certLimits are media's checks with the certificate's size and messages.
var certLimits = media.Limits{Under: MaxCertificateBytes + 1, TooLarge: tooLarge, WrongType: badType}

// activeNames are the PDF names of content that runs or launches
// something, or carries other files: a certificate has no use for them.
var activeNames = map[string]bool{
	"JavaScript": true, "JS": true, "Launch": true, "EmbeddedFile": true, "EmbeddedFiles": true,
	"RichMedia": true, "XFA": true, "SubmitForm": true, "ImportData": true, "GoToR": true, "GoToE": true,
}

// checkCertificate checks an uploaded certificate by its content, never
// its name or declared type, and returns what to store: a PDF as it came
// (after checking its structure and that it holds no active content), an
// image re-encoded through media's checks (PNG or JPEG, pixel and memory
// caps, no metadata kept). The error is a field error at path.
func checkCertificate(ctx context.Context, raw []byte, path string) ([]byte, string, error) {
	bad := func(msg string) ([]byte, string, error) {
		return nil, "", apperr.Validation(apperr.FieldError{Path: path, Message: msg})
	}
	switch {
	case len(raw) == 0:
		return bad("Attach your RERA registration certificate")
	case len(raw) > MaxCertificateBytes:
		return bad(tooLarge)
	case bytes.HasPrefix(raw, []byte("%PDF-")):
		if msg := checkPDF(raw); msg != "" {
			return bad(msg)
		}
		return raw, typePDF, nil
	}
	switch http.DetectContentType(raw) {
	case "image/png", "image/jpeg":
	default:
		return bad(badType)
	}
	img, err := media.DecodeBytes(ctx, raw, path, certLimits)
	if err != nil {
		return nil, "", err
	}
	return img.Data, img.ContentType, nil
}

// checkPDF returns why raw (starting %PDF-) is not a certificate PDF
// PropMatch keeps, or "": a version in the header, an end-of-file marker
// near the end, a cross-reference (startxref), at least one object, and no
// name of active content (JavaScript, launch actions, embedded files, forms
// that submit), names with #xx escapes decoded first.
func checkPDF(raw []byte) string {
	const damaged = "The PDF is damaged or incomplete; export it again"
	if len(raw) < 8 || raw[5] < '1' || raw[5] > '2' || raw[6] != '.' || raw[7] < '0' || raw[7] > '9' {
		return damaged
	}
	tail := raw[max(0, len(raw)-1024):]
	if !bytes.Contains(tail, []byte("%%EOF")) || !bytes.Contains(raw, []byte("startxref")) || !bytes.Contains(raw, []byte(" obj")) {
		return damaged
	}
	for _, name := range pdfNames(raw) {
		if activeNames[name] {
			return "The PDF contains scripts, actions or attached files; upload a plain PDF or a photo of the certificate"
		}
	}
	return ""
}

// pdfNames returns the names (/Name tokens) in raw, #xx escapes decoded.
func pdfNames(raw []byte) []string {
	var out []string
	for i := 0; i < len(raw); i++ {
		if raw[i] != '/' {
			continue
		}
		var name []byte
		j := i + 1
		for ; j < len(raw) && !pdfDelimiter(raw[j]); j++ {
			c := raw[j]
			if c == '#' && j+2 < len(raw) {
				if v, err := strconv.ParseUint(string(raw[j+1:j+3]), 16, 8); err == nil {
					name = append(name, byte(v))
					j += 2
					continue
				}
			}
			name = append(name, c)
		}
		if len(name) > 0 {
			out = append(out, string(name))
		}
		i = j - 1
	}
	return out
}

func pdfDelimiter(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', '\f', 0, '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}
