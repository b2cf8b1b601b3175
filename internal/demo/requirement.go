package demo

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	vocab "propmatch/internal/core/listing"
	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/requirement"
)

// need is a client requirement being generated.
type need struct {
	ID, AgentID          int64
	ClientName           string
	ClientPhone          string
	ClientEmail          *string
	Type                 string
	Purpose              vocab.Purpose
	City                 *city
	MinPrice, MaxPrice   *float64
	Localities           []string
	MinBedrooms, MaxBeds *int
	MinArea, MaxArea     *float64
	Timeline             string
	Special, Notes       *string
	Active               bool
}

// niceBudget rounds a budget the way clients state them.
func niceBudget(x float64, purpose vocab.Purpose) float64 {
	step := 10_000.0
	switch {
	case purpose != vocab.ForSale && x < 100_000:
		step = 1_000
	case purpose != vocab.ForSale:
		step = 5_000
	case x >= 10_000_000:
		step = 500_000
	case x >= 1_000_000:
		step = 100_000
	}
	return math.Max(step, math.Round(x/step)*step)
}

// fillNeed draws a requirement around a listing that would suit the client:
// its budget, bedrooms, localities and the client's details.
func (g *gen) fillNeed(n *need) {
	r := g.r
	c := n.City
	l := listing{City: c, Type: n.Type, Purpose: string(n.Purpose)}
	shapeListing(r, &l)
	target := l.Price
	w := 0.1 + 0.25*r.Float64()
	hi := niceBudget(target*(1+w*(0.8+0.7*r.Float64())), n.Purpose)
	n.MaxPrice = &hi
	if r.Float64() >= 0.2 { // a fifth give only a ceiling
		lo := math.Min(niceBudget(target*(1-w), n.Purpose), hi)
		n.MinPrice = &lo
	}
	if r.Float64() >= 0.35 {
		n.Localities = []string{l.Locality}
		for k := r.IntN(3); k > 0; k-- {
			if loc := pick(r, c.Localities); !containsStr(n.Localities, loc) {
				n.Localities = append(n.Localities, loc)
			}
		}
	} else {
		n.Localities = []string{}
	}
	if l.Bedrooms != nil && r.Float64() < 0.88 {
		b := *l.Bedrooms
		if r.Float64() < 0.3 && b > 1 {
			b--
		}
		n.MinBedrooms = ip(b)
		if r.Float64() < 0.45 {
			n.MaxBeds = ip(b + r.IntN(2))
		}
	}
	if area := l.Sqft; area != nil && r.Float64() < 0.25 {
		n.MinArea = fp(roundTo(float64(*area)*0.85, 50))
		if r.Float64() < 0.5 {
			n.MaxArea = fp(math.Max(*n.MinArea, roundTo(float64(*area)*1.3, 50)))
		}
	}
	n.Timeline = []string{"immediate", "1month", "3months", "6months", "flexible"}[weighted(r, 15, 25, 30, 15, 15)]
	first, last := g.name(c.State)
	n.ClientName = first + " " + last
	n.ClientPhone = "+91" + g.mobile()
	if r.Float64() < 0.4 {
		n.ClientEmail = sp(fmt.Sprintf("%s.%s%d@%s", strings.ToLower(first), strings.ToLower(last), 10+r.IntN(90), pick(r, emailDomains)))
	}
	if r.Float64() < 0.35 {
		n.Special = sp(pick(r, specialNeeds))
	}
	if r.Float64() < 0.25 {
		n.Notes = sp(pick(r, clientNotes))
	}
}

func containsStr(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// pendingMatch is a match row waiting for its requirement's batch.
type pendingMatch struct {
	prop, req, seller, buyer int64
	score                    int
	breakdown                string
	created                  time.Time
}

func (g *gen) makeRequirements() error {
	ct := cities()
	reqBuf := newBuffer(g.w, requirementsTable)
	tgtBuf := newBuffer(g.w, targetsTable)
	matchBuf := newBuffer(g.w, matchesTable)
	prog := g.progress("requirements", g.opt.Requirements)
	var extra []need
	if s := g.opt.Showcase; s != nil {
		extra = showcaseNeeds(s)
	}
	total := g.opt.Requirements + len(extra)
	var pending []pendingMatch
	var targets [][]any
	for i := 0; i < total; i++ {
		var n need
		var created time.Time
		if i < g.opt.Requirements {
			ci := g.drawCity(1)
			c := &ct.cities[ci]
			n = need{City: c, AgentID: g.owner(ci, g.buyersByCity, g.buyers), Active: g.r.Float64() > 0.03}
			typ, purpose := chooseType(g.r, c)
			n.Type, n.Purpose = typ, vocab.Purpose(purpose)
			g.fillNeed(&n)
			created = g.stamp(i, g.opt.Requirements, 240*24*time.Hour)
		} else {
			n = extra[i-g.opt.Requirements]
			created = g.now.Add(-time.Duration(total-i) * time.Hour)
		}
		if err := g.addNeed(reqBuf, &n, created, &pending, &targets); err != nil {
			return err
		}
		// A block's requirements are written before their targets and matches.
		if reqBuf.rows%int64(requirementsTable.per) == 0 || i == total-1 {
			if err := reqBuf.flush(); err != nil {
				return err
			}
			for _, t := range targets {
				if err := tgtBuf.add(t...); err != nil {
					return err
				}
			}
			for _, m := range pending {
				if err := matchBuf.add(m.prop, m.req, m.seller, m.buyer, int64(m.score), m.breakdown, m.created, m.created); err != nil {
					return err
				}
			}
			pending, targets = pending[:0], targets[:0]
		}
		prog.set(min(i+1, g.opt.Requirements), "matches "+groupThousands(g.res.Matches))
	}
	g.res.Requirements = reqBuf.rows
	prog.end("matches " + groupThousands(g.res.Matches))
	if err := tgtBuf.flush(); err != nil {
		return err
	}
	return matchBuf.flush()
}

// addNeed stores n with its best matches and its match bound.
func (g *gen) addNeed(buf *buffer, n *need, created time.Time, pending *[]pendingMatch, targets *[][]any) error {
	n.ID = g.nextReq
	g.nextReq++
	c := n.City
	r := matchengine.Requirement{ID: n.ID, AgentID: n.AgentID, Active: n.Active, Purpose: n.Purpose, Types: []string{n.Type},
		Cities: []string{c.Name}, Localities: n.Localities, MinPrice: n.MinPrice, MaxPrice: n.MaxPrice,
		MinBedrooms: n.MinBedrooms, MaxBedrooms: n.MaxBeds}
	kept, bs, err := g.mt.best(r, c.Key)
	if err != nil {
		return err
	}
	var floorScore, floorProp any
	if len(kept) > 0 {
		last := kept[len(kept)-1]
		floorScore, floorProp = int64(last.score), last.p.id
	}
	for i, k := range kept {
		mc := g.epoch.Add(time.Duration(k.p.created) * time.Second)
		if created.After(mc) {
			mc = created
		}
		*pending = append(*pending, pendingMatch{prop: k.p.id, req: n.ID, seller: k.p.agent, buyer: n.AgentID, score: k.score,
			breakdown: g.mt.breakdownJSON(bs[i]), created: mc})
	}
	g.res.Matches += int64(len(kept))
	if n.Active {
		low, high := matchengine.Band(n.MinPrice, n.MaxPrice)
		*targets = append(*targets, []any{n.ID, string(n.Purpose), n.Type, c.Key, nullFloat(low), nullFloat(high)})
	}
	return buf.add(n.ID, n.AgentID, n.ClientName, n.ClientPhone, nullStr(n.ClientEmail), jsonList([]string{n.Type}), n.Purpose.Camel(),
		nullFloat(n.MinPrice), nullFloat(n.MaxPrice), c.State, jsonList([]string{c.Name}), jsonList(n.Localities),
		nullInt(n.MinBedrooms), nullInt(n.MaxBeds), nullFloat(n.MinArea), nullFloat(n.MaxArea), n.Timeline,
		nullStr(n.Special), nullStr(n.Notes), requirement.SearchText(requirement.Fields{ClientName: n.ClientName,
			PreferredCities: []string{c.Name}, PreferredLocalities: n.Localities, PropertyTypes: []string{n.Type}}),
		n.Active, false, int64(len(kept)), floorScore, floorProp, matchengine.LocalityKeys(n.Localities), created, created)
}

// progress prints "name done/total (pct%) rate/s" about once a second.
type progress struct {
	w                    io.Writer
	name                 string
	total, done, printed int
	start, last          time.Time
}

func (g *gen) progress(name string, total int) *progress {
	now := time.Now()
	return &progress{w: g.opt.Progress, name: name, total: total, start: now, last: now}
}

func (p *progress) set(done int, extra string) {
	p.done = done
	if p.w == nil || time.Since(p.last) < time.Second {
		return
	}
	p.last = time.Now()
	p.print(extra)
}

func (p *progress) end(extra string) {
	if p.w != nil && p.total > 0 && p.printed != p.done {
		p.print(extra)
	}
}

func (p *progress) print(extra string) {
	p.printed = p.done
	pct := 100
	if p.total > 0 {
		pct = p.done * 100 / p.total
	}
	rate := float64(p.done) / math.Max(time.Since(p.start).Seconds(), 1e-3)
	line := fmt.Sprintf("%s %s/%s (%d%%) %s/s", p.name, groupThousands(int64(p.done)), groupThousands(int64(p.total)), pct, shortRate(rate))
	if extra != "" {
		line += ", " + extra
	}
	say(p.w, line)
}

// say prints line to w, when set. Progress is a courtesy: a failed write
// (a closed terminal, say) must not fail the load.
func say(w io.Writer, line string) {
	if w != nil {
		_, _ = fmt.Fprintln(w, line)
	}
}

func shortRate(r float64) string {
	switch {
	case r >= 1e6:
		return fmt.Sprintf("%.1fM", r/1e6)
	case r >= 1e4:
		return fmt.Sprintf("%.0fk", r/1e3)
	case r >= 1e3:
		return fmt.Sprintf("%.1fk", r/1e3)
	}
	return fmt.Sprintf("%.0f", r)
}
