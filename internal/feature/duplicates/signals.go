package duplicates

import (
	"math"
	"strings"
	"unicode"

	"propmatch/internal/platform/media"
)

// The weights of the signals, which add up to a likelihood from 0 to 1
// (docs/product.md#duplicate-listings). The city, the type and the purpose
// are not weighed: a candidate has the same ones or is not a candidate.
const (
	WeightSameLocality   = 0.25 // the same locality, normalised
	WeightNearbyLocality = 0.15 // a known neighbour, or most words shared
	WeightPrice          = 0.15 // within PriceClose
	WeightPriceBand      = 0.10 // within PriceBand (two agents nudging a price 4% each apart)
	WeightArea           = 0.15 // within AreaClose (half within AreaBand)
	WeightBedrooms       = 0.10 // the same bedrooms (or both none)
	PenaltyBedrooms      = 0.20 // taken off for different bedrooms
	WeightSamePhoto      = 0.35 // cover photos within SamePhoto bits
	WeightSimilarPhoto   = 0.15 // within SimilarPhoto bits
	PenaltyOtherPhoto    = 0.10 // taken off when both have a cover photo and they differ beyond SimilarPhoto

	// Likely is the likelihood from which a pair is a likely duplicate:
	// the agent is told, lists show the pair as one card, admins see it.
	Likely = 0.6

	PriceClose   = 0.05
	PriceBand    = 0.10 // also the candidate query's price band
	AreaClose    = 0.05
	AreaBand     = 0.10
	SamePhoto    = 12 // Hamming distance of two pHashes, of 64 bits
	SimilarPhoto = 16
)

// Listing is what the check compares of a listing.
type Listing struct {
	ID       int64
	AgentID  int64
	City     string // its words are dropped from the locality ("Kondapur, Hyderabad")
	Locality string
	Price    float64
	Area     float64 // sq ft, or acres for land sold by the acre; 0 unknown
	Bedrooms *int
	Photo    *uint64 // the cover photo's perceptual hash
}

// Score is the likelihood that a and b are the same property, and the
// signals that agreed, in words. a and b have the same city, type and
// purpose (the candidate query's hard filters).
func Score(a, b Listing) (float64, []string) {
	var score float64
	var reasons []string
	add := func(w float64, reason string) {
		score += w
		if reason != "" {
			reasons = append(reasons, reason)
		}
	}
	switch LocalityRelation(dropWords(a.Locality, a.City), dropWords(b.Locality, b.City)) {
	case SameLocality:
		add(WeightSameLocality, "same locality")
	case NearbyLocality:
		add(WeightNearbyLocality, "nearby locality")
	}
	switch d := relDiff(a.Price, b.Price); {
	case d <= PriceClose:
		add(WeightPrice, "price within 5%")
	case d <= PriceBand:
		add(WeightPriceBand, "price within 10%")
	}
	switch d := relDiff(a.Area, b.Area); {
	case d <= AreaClose:
		add(WeightArea, "area within 5%")
	case d <= AreaBand:
		add(WeightArea/2, "area within 10%")
	}
	switch {
	case a.Bedrooms == nil && b.Bedrooms == nil:
		add(WeightBedrooms, "")
	case a.Bedrooms != nil && b.Bedrooms != nil && *a.Bedrooms == *b.Bedrooms:
		add(WeightBedrooms, "same bedrooms")
	case a.Bedrooms != nil && b.Bedrooms != nil:
		add(-PenaltyBedrooms, "")
	}
	if a.Photo != nil && b.Photo != nil {
		switch d := media.Distance(*a.Photo, *b.Photo); {
		case d <= SamePhoto:
			add(WeightSamePhoto, "same photo")
		case d <= SimilarPhoto:
			add(WeightSimilarPhoto, "similar photo")
		default:
			add(-PenaltyOtherPhoto, "")
		}
	}
	score = math.Round(math.Max(0, math.Min(1, score))*100) / 100
	return score, reasons
}

// relDiff is |a-b| relative to the larger, or +Inf when either is unknown.
func relDiff(a, b float64) float64 {
	if a <= 0 || b <= 0 {
		return math.Inf(1)
	}
	return math.Abs(a-b) / math.Max(a, b)
}

// Relation is how two localities relate.
type Relation int

// The relations of two localities.
const (
	OtherLocality Relation = iota
	NearbyLocality
	SameLocality
)

// LocalityRelation says whether two localities, as agents write them, are
// the same (after NormaliseLocality, or the same letters without spaces),
// nearby (known neighbours, one's words within the other's, or most words
// shared), or other.
func LocalityRelation(a, b string) Relation {
	na, nb := NormaliseLocality(a), NormaliseLocality(b)
	if na == "" || nb == "" {
		return OtherLocality
	}
	if na == nb || strings.ReplaceAll(na, " ", "") == strings.ReplaceAll(nb, " ", "") {
		return SameLocality
	}
	if neighbours[pairKey(na, nb)] {
		return NearbyLocality
	}
	ta, tb := strings.Fields(na), strings.Fields(nb)
	// The same name with a road, a sector or a "new town" added is the
	// same locality ("Whitefield Main Road", "HSR Layout Sector 2").
	if core(ta) == core(tb) && core(ta) != "" {
		return SameLocality
	}
	shared := 0
	for _, x := range ta {
		for _, y := range tb {
			if x == y {
				shared++
				break
			}
		}
	}
	if shared == 0 {
		return OtherLocality
	}
	small := min(len(ta), len(tb))
	// One's words all within the other's ("koramangala" and "koramangala
	// 5 blk"), or at least half the words of both shared.
	if shared == small && !numeric(ta, tb) || 2*shared >= max(len(ta), len(tb)) {
		return NearbyLocality
	}
	return OtherLocality
}

// core is a locality's words without the generic ones (a road, a main
// road, a cross, a sector or phase, a "new town"), joined without spaces.
func core(words []string) string {
	var b strings.Builder
	for _, w := range words {
		if generic[w] || isMarker(w) {
			continue
		}
		b.WriteString(w)
	}
	return b.String()
}

// dropWords removes the words of city from a locality.
func dropWords(locality, city string) string {
	if city == "" {
		return locality
	}
	c := NormaliseLocality(city)
	words := strings.Fields(NormaliseLocality(locality))
	out := words[:0]
	for _, w := range words {
		if w != c {
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		return locality
	}
	return strings.Join(out, " ")
}

// numeric reports whether the shorter list of words is only a number or a
// phase, which alone says nothing ("sec 45" within "sec 45 rd"" is fine,
// but "ph1" alone shared by two estates is not).
func numeric(ta, tb []string) bool {
	short := ta
	if len(tb) < len(ta) {
		short = tb
	}
	for _, w := range short {
		if !strings.ContainsFunc(w, unicode.IsLetter) || isMarker(w) {
			continue
		}
		return false
	}
	return true
}

// isMarker reports a normalised phase, sector, stage or block word.
func isMarker(w string) bool {
	for _, p := range []string{"ph", "sec", "stg", "blk"} {
		if rest, ok := strings.CutPrefix(w, p); ok && rest != "" && !strings.ContainsFunc(rest, unicode.IsLetter) {
			return true
		}
	}
	return false
}

// NormaliseLocality returns a locality in one spelling: lower case, no
// punctuation, "Phase 1", "Ph-1" and "Phase I" as "ph1" (sector, stage and
// block alike), ordinals as numbers, common words spelt one way ("road"
// as "rd") and generic suffixes ("layout", "colony", "area") dropped.
func NormaliseLocality(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			return unicode.ToLower(r)
		default:
			return ' '
		}
	}, s)
	words := splitDigits(strings.Fields(s))
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); i++ {
		w := words[i]
		if c, ok := synonyms[w]; ok {
			w = c
		}
		if dropped[w] {
			continue
		}
		if i+1 < len(words) && markers[synonym(words[i+1])] {
			if n, ok := number(w); ok && len(w) > 1 || ok && w[0] >= '0' && w[0] <= '9' {
				out = append(out, synonym(words[i+1])+n)
				i++
				continue
			}
		}
		if markers[w] && i+1 < len(words) {
			if n, ok := number(words[i+1]); ok {
				out = append(out, w+n)
				i++
				continue
			}
		}
		if n, ok := ordinal(w); ok {
			w = n
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// synonym is w spelt the one way.
func synonym(w string) string {
	if c, ok := synonyms[w]; ok {
		return c
	}
	return w
}

// splitDigits splits words that run letters into digits ("ph1", "sector45",
// "5th" stays whole as an ordinal) into the letters and the number.
func splitDigits(words []string) []string {
	out := make([]string, 0, len(words))
	for _, w := range words {
		if _, ok := ordinal(w); ok {
			out = append(out, w)
			continue
		}
		i := strings.IndexFunc(w, unicode.IsDigit)
		if i > 0 && !strings.ContainsFunc(w[i:], unicode.IsLetter) {
			out = append(out, w[:i], w[i:])
			continue
		}
		out = append(out, w)
	}
	return out
}

var (
	synonyms = map[string]string{
		"phase": "ph", "phs": "ph", "sector": "sec", "sectors": "sec", "sect": "sec", "stage": "stg", "block": "blk",
		"road": "rd", "extension": "ext", "extn": "ext", "nagara": "nagar", "main": "main", "cross": "crs",
		"street": "st", "saint": "st", "east": "e", "west": "w", "north": "n", "south": "s", "new": "new",
	}
	dropped = map[string]bool{"layout": true, "colony": true, "area": true, "locality": true, "the": true, "near": true, "opp": true, "township": true}
	generic = map[string]bool{"main": true, "rd": true, "crs": true, "x": true, "st": true, "junction": true, "circle": true, "new": true, "town": true, "gaon": true, "village": true}
	markers = map[string]bool{"ph": true, "sec": true, "stg": true, "blk": true}
	romans  = map[string]string{"i": "1", "ii": "2", "iii": "3", "iv": "4", "v": "5", "vi": "6", "vii": "7", "viii": "8", "ix": "9", "x": "10"}
)

// number returns w as a number: digits, a roman numeral to ten, an
// ordinal, or a single letter (block "A").
func number(w string) (string, bool) {
	if w != "" && !strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }) {
		return strings.TrimLeft(w, "0"), true
	}
	if n, ok := romans[w]; ok {
		return n, true
	}
	if n, ok := ordinal(w); ok {
		return n, true
	}
	if len(w) == 1 {
		return w, true
	}
	return "", false
}

// ordinal returns "5" for "5th", "1" for "1st".
func ordinal(w string) (string, bool) {
	for _, suf := range []string{"st", "nd", "rd", "th"} {
		if n, ok := strings.CutSuffix(w, suf); ok && n != "" && !strings.ContainsFunc(n, func(r rune) bool { return !unicode.IsDigit(r) }) {
			return n, true
		}
	}
	return "", false
}

// neighbours are localities known to adjoin, as normalised pairs: where two
// agents describe the same building by the next locality's name.
var neighbours = func() map[string]bool {
	m := make(map[string]bool)
	for _, p := range [][2]string{
		{"Kondapur", "Gachibowli"}, {"Kondapur", "Hitech City"}, {"Madhapur", "Hitech City"}, {"Gachibowli", "Financial District"},
		{"Kukatpally", "KPHB Colony"}, {"Banjara Hills", "Jubilee Hills"}, {"Whitefield", "Brookefield"}, {"Whitefield", "ITPL"},
		{"Koramangala", "HSR Layout"}, {"Bellandur", "Sarjapur Road"}, {"Electronic City", "Hosur Road"}, {"Indiranagar", "Domlur"},
		{"Andheri West", "Andheri East"}, {"Powai", "Chandivali"}, {"Bandra West", "Khar West"}, {"Hinjewadi", "Wakad"},
		{"Kharadi", "Viman Nagar"}, {"Baner", "Balewadi"}, {"OMR", "Sholinganallur"}, {"Velachery", "Madipakkam"},
		{"Anna Nagar", "Anna Nagar West"}, {"Salt Lake", "New Town"}, {"Noida Extension", "Greater Noida West"},
		{"DLF Phase 1", "DLF Phase 2"}, {"Golf Course Road", "DLF Phase 5"}, {"Kakkanad", "Infopark"},
	} {
		m[pairKey(NormaliseLocality(p[0]), NormaliseLocality(p[1]))] = true
	}
	return m
}()

// pairKey names an unordered pair of normalised localities.
func pairKey(a, b string) string {
	if a > b {
		a, b = b, a
	}
	return a + "|" + b
}
