package training

import (
	_ "embed"
	"slices"
	"strings"
	"sync"

	"github.com/signintech/gopdf"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/pdfdoc"
)

// The certificate page: A4 landscape, in points.
const (
	pageW, pageH = 842.0, 595.0
	textW        = 640.0 // the width text is centred in
	textX        = (pageW - textW) / 2
)

// devanagariTTF is Noto Sans Devanagari Regular (SIL Open Font License 1.1,
// fonts/OFL.txt), for names written in Hindi, Marathi and the other
// languages written in Devanagari.
//
//go:embed fonts/NotoSansDevanagari-Regular.ttf
var devanagariTTF []byte

// renderPDF draws certificate c (with an absolute VerifyURL) as a one-page
// PDF: the agent's name, the course, the date, the number and the address
// that verifies it. Text is set in the Go fonts (embedded, subset); the
// agent's name falls back to Noto Sans Devanagari for the characters the Go
// font lacks (see nameLine). A character neither has is drawn as '?'.
func renderPDF(c Certificate) ([]byte, error) {
	pdf, err := pdfdoc.New(gopdf.PageSizeA4Landscape, gopdf.PdfInfo{Title: "PropMatch certificate " + c.Number,
		Subject: c.CourseTitle, Author: "PropMatch", CreationDate: c.IssuedAt}, pdfdoc.Regular, pdfdoc.Bold, pdfdoc.Italic)
	if err != nil {
		return nil, apperr.Wrap(err, "certificate font")
	}
	faces, err := fontFaces()
	if err != nil {
		return nil, apperr.Wrap(err, "certificate font")
	}
	if slices.ContainsFunc(runsOf(faces, "bold", c.AgentName), func(r run) bool { return r.font == devanagari }) {
		// Only then: gopdf embeds every font it is given, used or not.
		if err := pdf.AddTTFFontDataWithOption(devanagari, devanagariTTF, pdfdoc.Missing); err != nil {
			return nil, apperr.Wrap(err, "certificate font")
		}
	}
	pdf.AddPage()
	frame(pdf)

	w := &writer{pdf: pdf, y: 70}
	w.mark()
	w.gap(22)
	w.line("bold", 34, 15, 23, 42, "Certificate of Completion")
	w.gap(18)
	w.line("italic", 14, 71, 85, 105, "This certifies that")
	w.gap(8)
	w.nameLine("bold", 28, 15, 23, 42, c.AgentName)
	w.gap(8)
	w.line("italic", 14, 71, 85, 105, "has completed every module of the course")
	w.gap(8)
	w.line("bold", 20, 30, 64, 175, c.CourseTitle)
	w.gap(14)
	w.line("regular", 12, 15, 23, 42, "Issued on "+c.IssuedAt.In(india.Zone).Format("2 January 2006")+" · Certificate number "+c.Number)
	w.footer(c)
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

// devanagari names the Noto Sans Devanagari font in the PDF.
const devanagari = "NotoSansDevanagari"

// fontFaces are the parsed Go bold and Noto Sans Devanagari fonts, for
// telling which font has a character.
var fontFaces = sync.OnceValues(func() (map[string]*sfnt.Font, error) {
	bold, err := sfnt.Parse(gobold.TTF)
	if err != nil {
		return nil, err
	}
	deva, err := sfnt.Parse(devanagariTTF)
	if err != nil {
		return nil, err
	}
	return map[string]*sfnt.Font{"bold": bold, devanagari: deva}, nil
})

// run is a stretch of a line set in one font.
type run struct{ font, text string }

// nameLine sets text like line, in font, but a character that font lacks
// and Noto Sans Devanagari has is set in Noto Sans Devanagari: a name in
// Hindi prints in Devanagari rather than as "??". The line is cut into
// runs, one per font, laid side by side on one baseline and centred
// together. gopdf does not shape text: conjuncts show their virama and
// marks sit at their default places (see visualOrder for the one
// reordering done here).
func (w *writer) nameLine(font string, size float64, r, g, b uint8, text string) {
	if w.err != nil {
		return
	}
	faces, err := fontFaces()
	if w.err = err; err != nil {
		return
	}
	latin := faces[font]
	if latin == nil { // only the bold face has a fallback
		w.line(font, size, r, g, b, text)
		return
	}
	text = visualOrder(text)
	runs := runsOf(faces, font, text)
	if len(runs) <= 1 && (len(runs) == 0 || runs[0].font == font) {
		w.line(font, size, r, g, b, text)
		return
	}
	w.pdf.SetTextColor(r, g, b)
	smallest := size * 0.6
	width := 0.0
	for ; ; size-- {
		if width = w.measure(faces, font, text, size); w.err != nil {
			return
		}
		if width <= textW || size <= smallest {
			break
		}
	}
	lines := []string{text}
	if width > textW {
		lines = w.wrap(faces, font, text, size)
	}
	ascent := ascentOf(latin, size)
	for _, l := range lines {
		x := textX + (textW-w.measure(faces, font, l, size))/2
		for _, part := range runsOf(faces, font, l) {
			if w.err = w.pdf.SetFont(part.font, "", size); w.err != nil {
				return
			}
			w.pdf.SetXY(x, w.y+ascent)
			if w.err = w.pdf.Text(part.text); w.err != nil {
				return
			}
			pw, err := w.pdf.MeasureTextWidth(part.text)
			if w.err = err; err != nil {
				return
			}
			x += pw
		}
		w.y += size * 1.3
	}
}

// measure returns the width of text set as nameLine sets it, at size.
func (w *writer) measure(faces map[string]*sfnt.Font, font, text string, size float64) float64 {
	total := 0.0
	for _, part := range runsOf(faces, font, text) {
		if w.err = w.pdf.SetFont(part.font, "", size); w.err != nil {
			return 0
		}
		pw, err := w.pdf.MeasureTextWidth(part.text)
		if w.err = err; err != nil {
			return 0
		}
		total += pw
	}
	return total
}

// wrap breaks text into lines no wider than textW at size, between words.
func (w *writer) wrap(faces map[string]*sfnt.Font, font, text string, size float64) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(text) {
		next := word
		if cur != "" {
			next = cur + " " + word
		}
		if cur != "" && w.measure(faces, font, next, size) > textW {
			lines = append(lines, cur)
			next = word
		}
		cur = next
	}
	return append(lines, cur)
}

// runsOf cuts text into runs by font: each character in font when that
// has it, else in Noto Sans Devanagari when that has it, else in font
// (which draws '?'). A space stays in the run it follows.
func runsOf(faces map[string]*sfnt.Font, font, text string) []run {
	var buf sfnt.Buffer
	var runs []run
	for _, c := range text {
		f := font
		switch {
		case c == ' ' && len(runs) > 0:
			f = runs[len(runs)-1].font
		case !hasGlyph(&buf, faces[font], c) && hasGlyph(&buf, faces[devanagari], c):
			f = devanagari
		}
		if n := len(runs); n > 0 && runs[n-1].font == f {
			runs[n-1].text += string(c)
			continue
		}
		runs = append(runs, run{font: f, text: string(c)})
	}
	return runs
}

func hasGlyph(buf *sfnt.Buffer, f *sfnt.Font, c rune) bool {
	g, err := f.GlyphIndex(buf, c)
	return err == nil && g != 0
}

// ascentOf is how far below a cell's top line's baseline sits for f at size.
func ascentOf(f *sfnt.Font, size float64) float64 {
	var buf sfnt.Buffer
	upem := f.UnitsPerEm()
	m, err := f.Metrics(&buf, fixed.I(int(upem)), font.HintingNone)
	if err != nil {
		return size * 0.8
	}
	return float64(m.Ascent) / 64 / float64(upem) * size
}

// Devanagari characters visualOrder reads.
const (
	devaVowelSignI = '\u093F' // ि, written before the consonant it follows
	devaVirama     = '\u094D' // ्, joins consonants into a conjunct
	devaNukta      = '\u093C' // ़
)

// visualOrder moves each Devanagari vowel sign I (ि) before the consonant
// cluster it follows in the text, where it is drawn: "प्रिया" is typed
// प ् र ि य ा and drawn ि प ् र य ा. A shaping engine does this; gopdf
// has none, so without it the sign would hang over the wrong consonant.
// The PDF's text (copy and paste, search) then holds this drawing order.
func visualOrder(text string) string {
	if !strings.ContainsRune(text, devaVowelSignI) {
		return text
	}
	rs := []rune(text)
	for i := 1; i < len(rs); i++ {
		if rs[i] != devaVowelSignI || !isDevaConsonant(rs[i-1]) && rs[i-1] != devaNukta {
			continue
		}
		j := i - 1
		if rs[j] == devaNukta && j > 0 {
			j--
		}
		for j >= 2 && rs[j-1] == devaVirama && isDevaConsonant(rs[j-2]) {
			j -= 2
		}
		copy(rs[j+1:i+1], rs[j:i])
		rs[j] = devaVowelSignI
	}
	return string(rs)
}

// isDevaConsonant reports whether c is a Devanagari consonant (क to ह,
// and the nukta forms क़ to य़).
func isDevaConsonant(c rune) bool {
	return c >= '\u0915' && c <= '\u0939' || c >= '\u0958' && c <= '\u095F'
}
