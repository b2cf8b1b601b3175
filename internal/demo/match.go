package demo

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	vocab "propmatch/internal/core/listing"
	"propmatch/internal/core/matchengine"
)

// prop is what the matching phase keeps of an active property.
type prop struct {
	price   float64
	id      int64
	agent   int64
	created int32 // seconds after the generator's epoch
	loc     uint16
	beds    int8 // -1: none
}

// propBeds returns a bedroom count as a prop keeps it; counts beyond int8
// (never real) are clamped.
func propBeds(n int64) int8 {
	if n > math.MaxInt8 {
		return math.MaxInt8
	}
	if n < math.MinInt8 {
		return math.MinInt8
	}
	return int8(n)
}

// propCreated returns t as a prop keeps it: whole seconds after epoch,
// clamped to int32 (the demo spans a few years, far less).
func propCreated(epoch, t time.Time) int32 {
	s := int64(t.Sub(epoch) / time.Second)
	if s > math.MaxInt32 {
		return math.MaxInt32
	}
	if s < math.MinInt32 {
		return math.MinInt32
	}
	return int32(s)
}

// segment is the active properties of one (purpose, type, city key), sorted
// by price once all are known.
type segment struct {
	city     string // the stored city of its listings (all share its CityKey)
	props    []prop
	locNames []string // distinct localities, as stored
	locNorm  []string // the same, normalised as matching compares them
	locIdx   map[string]uint16
	sorted   bool
}

func segKey(purpose, typ, cityKey string) string { return purpose + "\x00" + typ + "\x00" + cityKey }

// market is every active property, by segment.
type market struct {
	segs map[string]*segment
}

func newMarket() *market { return &market{segs: map[string]*segment{}} }

func (m *market) add(purpose, typ, city, cityKey, locality string, p prop) error {
	k := segKey(purpose, typ, cityKey)
	s := m.segs[k]
	if s == nil {
		s = &segment{city: city, locIdx: map[string]uint16{}}
		m.segs[k] = s
	}
	li, ok := s.locIdx[locality]
	if !ok {
		n := len(s.locNames)
		if n > math.MaxUint16 {
			return fmt.Errorf("too many distinct localities in %s %s %s", purpose, typ, cityKey)
		}
		li = uint16(n)
		s.locIdx[locality] = li
		s.locNames = append(s.locNames, locality)
		s.locNorm = append(s.locNorm, normalize(locality))
	}
	p.loc = li
	s.props = append(s.props, p)
	s.sorted = false
	return nil
}

// normalize is matching's comparison form of a locality: lower case, runs of
// spaces collapsed.
func normalize(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

func (s *segment) sort() {
	if s.sorted {
		return
	}
	slices.SortFunc(s.props, func(a, b prop) int {
		switch {
		case a.price < b.price:
			return -1
		case a.price > b.price:
			return 1
		case a.id < b.id:
			return -1
		case a.id > b.id:
			return 1
		}
		return 0
	})
	s.sorted = true
}

// found is one kept match of a requirement.
type found struct {
	p     *prop
	score int
}

// matcher finds a requirement's best matches, exactly as the engine ranks
// them, reusing its scratch space between requirements.
type matcher struct {
	m      *market
	limit  int
	locHit []bool
	cand   []found
	kept   []found
	bjson  map[matchengine.Breakdown]string
}

func newMatcher(m *market, limit int) *matcher {
	return &matcher{m: m, limit: limit, bjson: map[matchengine.Breakdown]string{}}
}

// best returns r's best matches (at most limit), ranked by score, then the
// newest property first, with their breakdowns from matchengine.Score.
// Requirements here have one type and one city, as the form stores them.
func (mt *matcher) best(r matchengine.Requirement, cityKey string) ([]found, []matchengine.Breakdown, error) {
	mt.kept = mt.kept[:0]
	if !r.Active || len(r.Types) != 1 || cityKey == "" {
		return nil, nil, nil
	}
	s := mt.m.segs[segKey(string(r.Purpose), r.Types[0], cityKey)]
	if s == nil || len(s.props) == 0 {
		return nil, nil, nil
	}
	s.sort()
	low, high := matchengine.Band(r.MinPrice, r.MaxPrice)
	lo, hi := 0, len(s.props)
	if low != nil {
		lo = sort.Search(len(s.props), func(i int) bool { return s.props[i].price >= *low })
	}
	if high != nil {
		hi = sort.Search(len(s.props), func(i int) bool { return s.props[i].price > *high })
	}
	if lo >= hi {
		return nil, nil, nil
	}
	// Which of the segment's localities earn the locality points.
	hasLoc := false
	var wanted []string
	for _, w := range r.Localities {
		if w = normalize(w); w != "" {
			wanted = append(wanted, w)
		}
	}
	if len(wanted) > 0 {
		hasLoc = true
		mt.locHit = slices.Grow(mt.locHit[:0], len(s.locNorm))[:len(s.locNorm)]
		for i, have := range s.locNorm {
			hit := false
			if have != "" {
				for _, w := range wanted {
					if strings.Contains(have, w) {
						hit = true
						break
					}
				}
			}
			mt.locHit[i] = hit
		}
	}
	bedsType := vocab.PropertyType(r.Types[0]).HasBedrooms()
	var counts [101]int
	mt.cand = mt.cand[:0]
	for i := lo; i < hi; i++ {
		p := &s.props[i]
		if p.agent == r.AgentID {
			continue
		}
		score := matchengine.PointsType + matchengine.PointsCity
		if (r.MinPrice == nil || p.price >= *r.MinPrice) && (r.MaxPrice == nil || p.price <= *r.MaxPrice) {
			score += matchengine.PointsPrice
		}
		if bedsType && p.beds > 0 && (r.MinBedrooms == nil || int(p.beds) >= *r.MinBedrooms) &&
			(r.MaxBedrooms == nil || int(p.beds) <= *r.MaxBedrooms) {
			score += matchengine.PointsBedrooms
		}
		if hasLoc && mt.locHit[p.loc] {
			score += matchengine.PointsLocality
		}
		score = min(100, score)
		counts[score]++
		mt.cand = append(mt.cand, found{p: p, score: score})
	}
	// The lowest score that makes the cut, and how many of it are kept.
	threshold, above := 0, 0
	if len(mt.cand) > mt.limit {
		for sc := 100; sc >= 0; sc-- {
			if above+counts[sc] >= mt.limit {
				threshold = sc
				break
			}
			above += counts[sc]
		}
	}
	var tie []found
	for _, c := range mt.cand {
		switch {
		case c.score > threshold || len(mt.cand) <= mt.limit:
			mt.kept = append(mt.kept, c)
		case c.score == threshold:
			tie = append(tie, c)
		}
	}
	if len(tie) > 0 {
		slices.SortFunc(tie, func(a, b found) int { return cmpID(b.p.id, a.p.id) })
		mt.kept = append(mt.kept, tie[:mt.limit-above]...)
	}
	slices.SortFunc(mt.kept, func(a, b found) int {
		if a.score != b.score {
			return b.score - a.score
		}
		return cmpID(b.p.id, a.p.id)
	})
	// matchengine.Score is the authority; the fast path above must agree with it.
	bs := make([]matchengine.Breakdown, len(mt.kept))
	for i, k := range mt.kept {
		p := matchengine.Property{ID: k.p.id, AgentID: k.p.agent, Active: true, Purpose: r.Purpose,
			Type: r.Types[0], City: s.city, Locality: s.locNames[k.p.loc], Price: k.p.price}
		if k.p.beds >= 0 {
			b := int(k.p.beds)
			p.Bedrooms = &b
		}
		bs[i] = matchengine.Score(p, r)
		if bs[i].Total != k.score {
			return nil, nil, fmt.Errorf("demo: internal error: score %d for property %d and requirement %d, matchengine.Score gives %d",
				k.score, k.p.id, r.ID, bs[i].Total)
		}
	}
	return mt.kept, bs, nil
}

func cmpID(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// breakdownJSON is the breakdown as the engine stores it.
func (mt *matcher) breakdownJSON(b matchengine.Breakdown) string {
	s, ok := mt.bjson[b]
	if !ok {
		j, _ := json.Marshal(b)
		s = string(j)
		mt.bjson[b] = s
	}
	return s
}
