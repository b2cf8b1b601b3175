package training

import (
	"github.com/signintech/gopdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
)

// The certificate page: A4 landscape, in points.
const (
	pageW, pageH = 842.0, 595.0
	textW        = 640.0 // the width text is centred in
	textX        = (pageW - textW) / 2
)

// renderPDF draws certificate c (with an absolute VerifyURL) as a one-page
// PDF: the agent's name, the course, the date, the number and the address
// that verifies it. Text is set in the Go fonts (embedded, subset); a
// character they lack is drawn as '?'.
func renderPDF(c Certificate) ([]byte, error) {
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4Landscape})
	pdf.SetInfo(gopdf.PdfInfo{Title: "PropMatch certificate " + c.Number, Subject: c.CourseTitle, Author: "PropMatch",
		Creator: "PropMatch", Producer: "PropMatch", CreationDate: c.IssuedAt})
	missing := gopdf.TtfOption{OnGlyphNotFoundSubstitute: func(rune) rune { return '?' }}
	for _, f := range []struct {
		name string
		data []byte
	}{{"regular", goregular.TTF}, {"bold", gobold.TTF}, {"italic", goitalic.TTF}} {
		if err := pdf.AddTTFFontDataWithOption(f.name, f.data, missing); err != nil {
			return nil, apperr.Wrap(err, "certificate font")
		}
	}
	pdf.AddPage()
	pdf.SetStrokeColor(30, 64, 175)
	pdf.SetLineWidth(4)
	pdf.RectFromUpperLeftWithStyle(24, 24, pageW-48, pageH-48, "D")
	pdf.SetLineWidth(1)
	pdf.RectFromUpperLeftWithStyle(34, 34, pageW-68, pageH-68, "D")

	w := &writer{pdf: pdf, y: 125}
	w.line("bold", 16, 30, 64, 175, "PropMatch Real Estate Training")
	w.gap(18)
	w.line("bold", 34, 15, 23, 42, "Certificate of Completion")
	w.gap(26)
	w.line("italic", 14, 71, 85, 105, "This certifies that")
	w.gap(10)
	w.line("bold", 28, 15, 23, 42, c.AgentName)
	w.gap(10)
	w.line("italic", 14, 71, 85, 105, "has completed every module of the course")
	w.gap(10)
	w.line("bold", 20, 30, 64, 175, c.CourseTitle)
	w.gap(24)
	w.line("regular", 13, 15, 23, 42, "Issued on "+c.IssuedAt.In(india.Zone).Format("2 January 2006"))
	w.line("regular", 13, 15, 23, 42, "Certificate number "+c.Number)
	w.gap(20)
	w.line("regular", 10, 71, 85, 105, "Check that this certificate is genuine at")
	w.line("regular", 10, 30, 64, 175, c.VerifyURL)
	if w.err != nil {
		return nil, apperr.Wrap(w.err, "draw certificate")
	}
	out, err := pdf.GetBytesPdfReturnErr()
	return out, apperr.Wrap(err, "write certificate")
}

// writer sets centred lines down the page, keeping the first error.
type writer struct {
	pdf *gopdf.GoPdf
	y   float64
	err error
}

func (w *writer) gap(h float64) { w.y += h }

// line sets text centred in font at size (smaller, down to 60%, if it is
// too wide; wrapped after that) in the colour r, g, b.
func (w *writer) line(font string, size float64, r, g, b uint8, text string) {
	if w.err != nil {
		return
	}
	w.pdf.SetTextColor(r, g, b)
	smallest := size * 0.6
	for ; ; size-- {
		if w.err = w.pdf.SetFont(font, "", size); w.err != nil {
			return
		}
		width, err := w.pdf.MeasureTextWidth(text)
		if w.err = err; err != nil || width <= textW || size <= smallest {
			break
		}
	}
	lines, err := w.pdf.SplitTextWithWordWrap(text, textW)
	if err != nil || len(lines) == 0 {
		lines = []string{text}
	}
	for _, l := range lines {
		w.pdf.SetXY(textX, w.y)
		if w.err = w.pdf.CellWithOption(&gopdf.Rect{W: textW, H: size * 1.3}, l, gopdf.CellOption{Align: gopdf.Center}); w.err != nil {
			return
		}
		w.y += size * 1.3
	}
}
