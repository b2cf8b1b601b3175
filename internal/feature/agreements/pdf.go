package agreements

import (
	"strconv"
	"time"

	"github.com/signintech/gopdf"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/pdfdoc"
)

// The page: A4 portrait, in points.
const (
	pageW, margin = 595.0, 48.0
)

// render draws snap as a one-page agreement with the same PDF library and
// Go fonts as the invoices and certificates, stating its hash and where to
// check it. A character the fonts lack is drawn as '?'.
func render(snap Snapshot, hash, checkURL string) ([]byte, error) {
	accepted, _ := time.Parse(timeFormat, snap.AcceptedAt)
	proposed, _ := time.Parse(timeFormat, snap.ProposedAt)
	pdf, err := pdfdoc.New(gopdf.PageSizeA4, gopdf.PdfInfo{Title: "Co-broking agreement " + snap.Number, CreationDate: accepted},
		pdfdoc.Regular, pdfdoc.Bold)
	if err != nil {
		return nil, apperr.Wrap(err, "agreement font")
	}
	pdf.AddPage()
	p := &page{pdf: pdf, y: margin}
	p.line("bold", 20, "Co-broking agreement")
	p.line("regular", 10, "Agreement number "+snap.Number+" · version "+strconv.Itoa(snap.Version)+" of the terms on PropMatch match "+strconv.FormatInt(snap.MatchID, 10))
	p.gap(10)
	for _, a := range []struct {
		label string
		p     Party
		at    time.Time
	}{{"Listing side", snap.ListingAgent, atOf(snap, snap.ListingAgent.ID, proposed, accepted)}, {"Buyer side", snap.BuyerAgent, atOf(snap, snap.BuyerAgent.ID, proposed, accepted)}} {
		p.line("bold", 11, a.label+": "+a.p.Name+" (@"+a.p.Username+")")
		rera := "RERA number: " + orNone(a.p.ReraNumber)
		if a.p.ReraVerified {
			rera += " (verified on PropMatch)"
		}
		p.line("regular", 10, rera)
		p.line("regular", 10, "Agreed on "+a.at.In(india.Zone).Format("2 January 2006, 15:04 IST"))
		p.gap(4)
	}
	p.gap(6)
	p.line("bold", 11, "Listing")
	p.line("regular", 10, snap.Listing.Title+" · "+snap.Listing.PropertyType+" · "+joinPlace(snap.Listing.Locality, snap.Listing.City))
	p.line("bold", 11, "Requirement")
	p.line("regular", 10, "Client: "+snap.Requirement.Client+" (requirement "+strconv.FormatInt(snap.Requirement.ID, 10)+")")
	p.gap(6)
	p.line("bold", 11, "Terms")
	for _, l := range TermsText(snap.ListingSidePercent, snap.BuyerSidePercent, snap.FixedAmountPaise, snap.Basis) {
		p.line("regular", 10, l)
	}
	if snap.Note != "" {
		p.line("regular", 10, "Note: "+firstLine(snap.Note, 110))
	}
	p.gap(14)
	p.line("bold", 10, "SHA-256 of the canonical terms")
	p.line("regular", 9, hash)
	p.gap(4)
	p.line("regular", 9, "Check that this agreement exists and is unaltered at")
	p.line("regular", 9, checkURL)
	p.gap(8)
	p.line("regular", 8, "Both agents accepted these terms on PropMatch. The hash covers the terms, both agents, the listing, the requirement and both times of acceptance.")
	if p.err != nil {
		return nil, apperr.Wrap(p.err, "draw agreement")
	}
	out, err := pdf.GetBytesPdfReturnErr()
	return out, apperr.Wrap(err, "write agreement")
}

// atOf is when agent id agreed: the proposer at the proposal, the other at the acceptance.
func atOf(s Snapshot, id int64, proposed, accepted time.Time) time.Time {
	if id == s.ProposedBy {
		return proposed
	}
	return accepted
}

// TermsText says the terms in words.
func TermsText(listing, buyer, fixed *int64, basis string) []string {
	of := "the total brokerage"
	if basis == BasisPrice {
		of = "the brokerage, a percentage of the final price"
	}
	if fixed != nil {
		return []string{"The buyer side receives a fixed INR " + india.FormatPaise(*fixed) + " out of " + of + "."}
	}
	if listing == nil || buyer == nil {
		return nil
	}
	return []string{"Listing side " + strconv.FormatInt(*listing, 10) + "%, buyer side " + strconv.FormatInt(*buyer, 10) + "% of " + of + "."}
}

func orNone(s string) string {
	if s == "" {
		return "not given"
	}
	return s
}

func joinPlace(locality, city string) string {
	if locality == "" {
		return city
	}
	return locality + ", " + city
}

// firstLine is s up to its first line break, cut to n characters.
func firstLine(s string, n int) string {
	r := []rune(s)
	for i, c := range r {
		if c == '\n' || c == '\r' {
			r = r[:i]
			break
		}
	}
	if len(r) > n {
		return string(r[:n-1]) + "…"
	}
	if len(r) < len([]rune(s)) {
		return string(r) + " …"
	}
	return string(r)
}

// page sets lines down a page, keeping the first error.
type page struct {
	pdf *gopdf.GoPdf
	y   float64
	err error
}

func (p *page) gap(h float64) { p.y += h }

// line sets s at the margin and moves down a line.
func (p *page) line(font string, size float64, s string) {
	if p.err != nil {
		return
	}
	if p.err = p.pdf.SetFont(font, "", size); p.err != nil {
		return
	}
	p.pdf.SetTextColor(15, 23, 42)
	p.pdf.SetXY(margin, p.y)
	p.err = p.pdf.Cell(&gopdf.Rect{W: pageW - 2*margin, H: size + 4}, s)
	p.y += size + 5
}
