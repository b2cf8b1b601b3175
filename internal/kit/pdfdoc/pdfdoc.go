// Package pdfdoc starts the one-page PDFs PropMatch makes (course
// certificates, GST invoices, co-broking agreements) the one way: a page
// size, the document's information, and the Go fonts embedded under the
// names "regular", "bold" and "italic", a character a font lacks drawn as
// '?'. Each feature then lays out its own page.
package pdfdoc

import (
	"fmt"

	"github.com/signintech/gopdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
)

// Missing draws a character a font lacks as '?'; pass it when adding a
// further font (a script the Go fonts lack).
var Missing = gopdf.TtfOption{OnGlyphNotFoundSubstitute: func(rune) rune { return '?' }}

// The Go fonts New embeds, by the name a page sets them with.
const (
	Regular = "regular"
	Bold    = "bold"
	Italic  = "italic"
)

// New starts a document of size with info and the fonts named (Regular,
// Bold, Italic): gopdf embeds every font it is given, so a document asks
// only for those it uses.
func New(size *gopdf.Rect, info gopdf.PdfInfo, fonts ...string) (*gopdf.GoPdf, error) {
	data := map[string][]byte{Regular: goregular.TTF, Bold: gobold.TTF, Italic: goitalic.TTF}
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: *size})
	if info.Creator == "" {
		info.Creator, info.Producer = "PropMatch", "PropMatch"
	}
	pdf.SetInfo(info)
	for _, name := range fonts {
		ttf, ok := data[name]
		if !ok {
			return nil, fmt.Errorf("pdfdoc: no font %q", name)
		}
		if err := pdf.AddTTFFontDataWithOption(name, ttf, Missing); err != nil {
			return nil, fmt.Errorf("pdfdoc: font %s: %w", name, err)
		}
	}
	return pdf, nil
}
