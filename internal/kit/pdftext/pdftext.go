// Package pdftext reads back the text of a PDF that PropMatch made, for the
// tests of the certificates and the invoices.
package pdftext

import (
	"bytes"
	"io"
	"testing"

	"github.com/ledongthuc/pdf"
)

// OnePage parses b as a one-page PDF and returns its text; it fails t when b
// is not a PDF, and reports a page count other than one.
func OnePage(t testing.TB, b []byte) string {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("not a PDF: %v", err)
	}
	if r.NumPage() != 1 {
		t.Errorf("pages = %d, want 1", r.NumPage())
	}
	rd, err := r.GetPlainText()
	if err != nil {
		t.Fatalf("read the PDF's text: %v", err)
	}
	text, _ := io.ReadAll(rd)
	return string(text)
}
