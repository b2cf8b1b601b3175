package training

import (
	"math"
	"strconv"

	"github.com/signintech/gopdf"
	"github.com/skip2/go-qrcode"
)

// The certificate's colours (r, g, b): the app's primary blue, ink, muted
// text, and the seal's gold.
var (
	blue  = [3]uint8{30, 64, 175}
	ink   = [3]uint8{15, 23, 42}
	muted = [3]uint8{71, 85, 105}
	gold  = [3]uint8{180, 130, 20}
)

// The footer's three columns: the signature, the seal and the QR code,
// centred on these x positions, and the top of the footer.
const (
	signX, sealX, qrX = 200.0, pageW / 2, pageW - 200.0
	footerY           = 398.0
	qrSize            = 78.0
)

// DefaultIssuer signs a certificate whose course is gone or names no
// instructor.
const DefaultIssuer = "PropMatch Training"

// frame draws the page's double border.
func frame(pdf *gopdf.GoPdf) {
	pdf.SetStrokeColor(blue[0], blue[1], blue[2])
	pdf.SetLineWidth(4)
	pdf.RectFromUpperLeftWithStyle(24, 24, pageW-48, pageH-48, "D")
	pdf.SetLineWidth(1)
	pdf.RectFromUpperLeftWithStyle(34, 34, pageW-68, pageH-68, "D")
}

// mark draws the PropMatch mark (the app's blue tile with a white P, and
// the name beside it), centred, and moves below it.
func (w *writer) mark() {
	if w.err != nil {
		return
	}
	const tile, size = 30.0, 20.0
	if w.err = w.pdf.SetFont("bold", "", size); w.err != nil {
		return
	}
	nameW, err := w.pdf.MeasureTextWidth("PropMatch")
	if w.err = err; err != nil {
		return
	}
	x := (pageW - tile - 10 - nameW) / 2
	w.pdf.SetFillColor(blue[0], blue[1], blue[2])
	w.pdf.RectFromUpperLeftWithStyle(x, w.y, tile, tile, "F")
	w.pdf.SetTextColor(255, 255, 255)
	w.pdf.SetXY(x, w.y+(tile-size*1.2)/2)
	if w.err = w.pdf.CellWithOption(&gopdf.Rect{W: tile, H: size * 1.2}, "P", gopdf.CellOption{Align: gopdf.Center}); w.err != nil {
		return
	}
	w.pdf.SetTextColor(ink[0], ink[1], ink[2])
	w.pdf.SetXY(x+tile+10, w.y+(tile-size*1.2)/2)
	if w.err = w.pdf.Cell(&gopdf.Rect{W: nameW, H: size * 1.2}, "PropMatch"); w.err != nil {
		return
	}
	w.y += tile + 6
	w.line("regular", 11, muted[0], muted[1], muted[2], "Real Estate Training")
}

// footer draws the signature line with the issuer's name, the seal, the QR
// code that opens the verification page, and that page's address as a link.
func (w *writer) footer(c Certificate) {
	if w.err != nil {
		return
	}
	issuer := c.Issuer
	if issuer == "" {
		issuer = DefaultIssuer
	}
	// The signature.
	lineY := footerY + 62
	w.pdf.SetStrokeColor(ink[0], ink[1], ink[2])
	w.pdf.SetLineWidth(0.8)
	w.pdf.Line(signX-95, lineY, signX+95, lineY)
	w.at(signX, lineY+6, 190, "bold", 12, ink, issuer)
	w.at(signX, lineY+22, 190, "regular", 10, muted, "Course instructor")

	// The seal.
	w.seal(sealX, footerY+50, 44, c.IssuedAt.Year())

	// The QR code, and the address it holds as a link under everything.
	w.qr(qrX-qrSize/2, footerY+12, qrSize, c.VerifyURL)
	w.at(qrX, footerY+qrSize+14, 190, "regular", 9, muted, "Scan to verify")
	w.at(pageW/2, pageH-82, textW, "regular", 10, muted, "Check that this certificate is genuine at")
	w.at(pageW/2, pageH-68, textW, "regular", 10, blue, c.VerifyURL)
	if w.err == nil {
		if width, err := w.pdf.MeasureTextWidth(c.VerifyURL); err == nil {
			w.pdf.AddExternalLink(c.VerifyURL, (pageW-width)/2, pageH-68, width, 13)
		}
	}
}

// at sets text in one line centred on x, its top at y, no wider than width
// (smaller, down to 60%, when it is too wide).
func (w *writer) at(x, y, width float64, font string, size float64, colour [3]uint8, text string) {
	if w.err != nil {
		return
	}
	w.pdf.SetTextColor(colour[0], colour[1], colour[2])
	for smallest := size * 0.6; ; size-- {
		if w.err = w.pdf.SetFont(font, "", size); w.err != nil {
			return
		}
		tw, err := w.pdf.MeasureTextWidth(text)
		if w.err = err; err != nil || tw <= width || size <= smallest {
			break
		}
	}
	w.pdf.SetXY(x-width/2, y)
	w.err = w.pdf.CellWithOption(&gopdf.Rect{W: width, H: size * 1.3}, text, gopdf.CellOption{Align: gopdf.Center})
}

// seal draws a gold seal of radius r centred on (cx, cy): a scalloped
// disc, a white ring, and "PROPMATCH", "CERTIFIED" and the year inside.
func (w *writer) seal(cx, cy, r float64, year int) {
	if w.err != nil {
		return
	}
	w.pdf.SetFillColor(gold[0], gold[1], gold[2])
	w.pdf.SetStrokeColor(gold[0], gold[1], gold[2])
	w.pdf.Polygon(scallops(cx, cy, r, 24), "F")
	w.pdf.SetStrokeColor(255, 255, 255)
	w.pdf.SetLineWidth(1.2)
	w.pdf.Polygon(circle(cx, cy, r*0.78, 72), "D")
	white := [3]uint8{255, 255, 255}
	w.at(cx, cy-22, r*1.4, "bold", 8, white, "PROPMATCH")
	w.at(cx, cy-8, r*1.4, "bold", 11, white, "CERTIFIED")
	w.at(cx, cy+8, r*1.4, "bold", 9, white, strconv.Itoa(year))
}

// scallops is a disc of radius r with n rounded bumps on its edge.
func scallops(cx, cy, r float64, n int) []gopdf.Point {
	pts := make([]gopdf.Point, 0, n*8)
	for i := range n * 8 {
		a := 2 * math.Pi * float64(i) / float64(n*8)
		rr := r * (0.93 + 0.07*math.Cos(float64(n)*a))
		pts = append(pts, gopdf.Point{X: cx + rr*math.Cos(a), Y: cy + rr*math.Sin(a)})
	}
	return pts
}

// circle is a circle of radius r as an n-sided polygon.
func circle(cx, cy, r float64, n int) []gopdf.Point {
	pts := make([]gopdf.Point, 0, n)
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts = append(pts, gopdf.Point{X: cx + r*math.Cos(a), Y: cy + r*math.Sin(a)})
	}
	return pts
}

// qrModules is the QR code of text (medium error correction) as rows of
// dark (true) and light modules, its quiet zone included.
func qrModules(text string) ([][]bool, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, err
	}
	return q.Bitmap(), nil
}

// qr draws the QR code of text as vector squares in a size × size box at
// (x, y), and makes the box a link to text.
func (w *writer) qr(x, y, size float64, text string) {
	if w.err != nil {
		return
	}
	rows, err := qrModules(text)
	if w.err = err; err != nil || len(rows) == 0 {
		return
	}
	m := size / float64(len(rows))
	w.pdf.SetFillColor(ink[0], ink[1], ink[2])
	for i, row := range rows {
		for j := 0; j < len(row); {
			if !row[j] {
				j++
				continue
			}
			k := j // one rectangle per run of dark modules
			for k < len(row) && row[k] {
				k++
			}
			w.pdf.RectFromUpperLeftWithStyle(x+float64(j)*m, y+float64(i)*m, float64(k-j)*m, m, "F")
			j = k
		}
	}
	w.pdf.AddExternalLink(text, x, y, size, size)
}
