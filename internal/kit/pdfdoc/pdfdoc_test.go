package pdfdoc

import (
	"bytes"
	"testing"

	"github.com/signintech/gopdf"
)

func TestNewEmbedsTheFontsAsked(t *testing.T) {
	pdf, err := New(gopdf.PageSizeA4, gopdf.PdfInfo{Title: "T"}, Regular, Bold)
	if err != nil {
		t.Fatal(err)
	}
	pdf.AddPage()
	if err := pdf.SetFont(Bold, "", 12); err != nil {
		t.Fatalf("bold not embedded: %v", err)
	}
	if err := pdf.SetFont(Italic, "", 12); err == nil {
		t.Fatal("italic embedded though not asked for")
	}
	if err := pdf.Cell(nil, "Hello ☃"); err != nil { // a character the font lacks is drawn as '?'
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf.GetBytesPdf(), []byte("%PDF-")) {
		t.Fatal("not a PDF")
	}
	if _, err := New(gopdf.PageSizeA4, gopdf.PdfInfo{}, "comic"); err == nil {
		t.Fatal("an unknown font was accepted")
	}
}
