// Package demo fills a PropMatch database with a realistic Indian market of
// agents, listings and client requirements, and with the matches the match
// engine would have stored for them, computed in bulk.
package demo

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	mrand "math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"

	vocab "propmatch/internal/core/listing"
	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/property"
	"propmatch/internal/india"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/rera"
)

// The default (small) market: what `serve --demo` adds.
const (
	DefaultAgents       = 50
	DefaultProperties   = 400
	DefaultRequirements = 400
)

// Options say how much to generate and where to report progress.
type Options struct {
	Agents, Properties, Requirements int
	Seed                             uint64
	// Limit is how many new matches a requirement keeps (the engine's bound);
	// 0 means matchengine.DefaultLimit.
	Limit int
	// CacheMB is SQLite's page cache for the load, in megabytes (0: 1024).
	// A load larger than the cache spills into the write-ahead log and slows
	// down as the log grows; the cache takes about twice its nominal size in
	// memory (a million requirements and 5,000 listings load in 4,000).
	CacheMB int
	// Append allows adding to a database that already has listings or
	// requirements; without it Generate refuses (ErrNotEmpty).
	Append bool
	// Now is the time the market is generated at; zero means the database clock.
	Now time.Time
	// Progress, when set, receives a progress line about every second.
	Progress io.Writer
	// Connections is how many connections an agent has on average (some
	// with conversations); 0 means DefaultConnections, negative none.
	Connections int
	// Showcase, when set, adds hand-written listings and requirements for
	// two logins so that each sees matches at once (serve --demo).
	Showcase *Showcase
}

// Showcase names the two demo logins that get hand-written content: a
// seller with Bengaluru listings and a buyer with requirements that fit them.
type Showcase struct {
	Seller, Buyer int64
}

// Result counts what Generate added.
type Result struct {
	Agents, Properties, Requirements, Matches int64
	// Refreshed is how many existing requirements were re-matched against
	// the new listings (append mode only).
	Refreshed int64
	// Connections and Messages count the agent network added.
	Connections, Messages int64
	Elapsed               time.Duration
}

// ErrNotEmpty is returned when the database already has listings or
// requirements and Options.Append is not set.
var ErrNotEmpty = errors.New("the database already has properties or requirements")

// agent is a generated agent, as the listing phase needs it.
type agent struct {
	id   int64
	city int
}

// gen is one run of the generator.
type gen struct {
	ctx   context.Context
	db    *store.DB
	opt   Options
	r     *mrand.Rand
	now   time.Time
	epoch time.Time // creation times are stored in memory as seconds after this
	w     *writer
	mkt   *market
	mt    *matcher
	res   Result

	agents                      []agent
	sellers, buyers             []int         // indexes into agents
	sellersByCity               map[int][]int // city index -> agent indexes
	buyersByCity                map[int][]int //
	usedPhones                  map[string]bool
	usedNames                   map[string]bool
	townNext                    [2]int // round-robin positions in the towns, for listings and requirements
	nextUser, nextProp, nextReq int64
	firstProp, firstReq         int64
	newSegs                     map[string]bool // segments that received new listings
	matchesBefore               int64
}

// Generate adds a market to db, which must be migrated.
func Generate(ctx context.Context, db *store.DB, opt Options) (Result, error) {
	start := time.Now()
	if opt.Limit <= 0 {
		opt.Limit = matchengine.DefaultLimit
	}
	if opt.Agents < 1 && (opt.Properties > 0 || opt.Requirements > 0) {
		return Result{}, errors.New("at least one agent is needed to own listings and requirements")
	}
	g := &gen{ctx: ctx, db: db, opt: opt, r: mrand.New(mrand.NewPCG(opt.Seed, 0x9e3779b97f4a7c15)),
		mkt: newMarket(), sellersByCity: map[int][]int{}, buyersByCity: map[int][]int{},
		usedPhones: map[string]bool{}, usedNames: map[string]bool{}, newSegs: map[string]bool{}}
	g.now = opt.Now
	if g.now.IsZero() {
		g.now = db.Time()
	}
	g.now = g.now.UTC().Truncate(time.Second)
	g.epoch = g.now.AddDate(-3, 0, 0)
	g.mt = newMatcher(g.mkt, opt.Limit)
	g.townNext = [2]int{g.r.IntN(len(cities().towns)), g.r.IntN(len(cities().towns))}

	var props, reqs int64
	if err := db.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM properties), (SELECT COUNT(*) FROM requirements)`).Scan(&props, &reqs); err != nil {
		return Result{}, err
	}
	if (props > 0 || reqs > 0) && !opt.Append {
		return Result{}, fmt.Errorf("%w (%d properties, %d requirements); demo data is only added to an empty database unless --append is given",
			ErrNotEmpty, props, reqs)
	}
	if err := g.loadExisting(); err != nil {
		return Result{}, err
	}
	// A load into an empty database is one transaction with the indexes
	// built at the end; appending commits as it goes and keeps the indexes.
	w, err := newWriter(ctx, db, !opt.Append || (props == 0 && reqs == 0 && g.matchesBefore == 0), opt.CacheMB)
	if err != nil {
		return Result{}, err
	}
	if opt.Progress != nil {
		w.onRebuild = func() { say(opt.Progress, "building indexes and committing...") }
	}
	g.w = w
	err = g.run()
	if cerr := w.close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = g.finish()
	}
	if err == nil {
		err = g.makeNetwork()
	}
	if err == nil { // the badge needs an approved registration
		_, err = rera.SeedDemo(ctx, db)
	}
	if err == nil {
		err = g.settle()
	}
	g.res.Elapsed = time.Since(start)
	return g.res, err
}

func (g *gen) run() error {
	if err := g.makeAgents(); err != nil {
		return err
	}
	if err := g.makeProperties(); err != nil {
		return err
	}
	return g.makeRequirements()
}

// loadExisting reads the ids to continue from, the phones and usernames in
// use, and (for --append) the active listings new requirements can match.
func (g *gen) loadExisting() error {
	for _, q := range []struct {
		dest  *int64
		table string
	}{{&g.nextUser, "users"}, {&g.nextProp, "properties"}, {&g.nextReq, "requirements"}} {
		if err := g.db.QueryRowContext(g.ctx, `SELECT COALESCE(MAX(id), 0) FROM `+q.table).Scan(q.dest); err != nil {
			return err
		}
		*q.dest++
	}
	g.firstProp, g.firstReq = g.nextProp, g.nextReq
	if err := g.db.QueryRowContext(g.ctx, `SELECT COUNT(*) FROM matches`).Scan(&g.matchesBefore); err != nil {
		return err
	}
	if err := g.loadUsed(); err != nil {
		return err
	}
	if g.firstProp == 1 {
		return nil
	}
	return g.loadListings()
}

// loadUsed reads the usernames, phones and emails in use.
func (g *gen) loadUsed() error {
	rows, err := g.db.QueryContext(g.ctx, `SELECT lower(username), phone, lower(COALESCE(email, '')) FROM users`)
	if err != nil {
		return err
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var u, p, e string
		if err := rows.Scan(&u, &p, &e); err != nil {
			return err
		}
		g.usedNames[u], g.usedPhones[p] = true, true
		if e != "" {
			g.usedNames["email:"+e] = true
		}
	}
	return rows.Err()
}

// loadListings reads the active listings new requirements can match.
func (g *gen) loadListings() error {
	rows, err := g.db.QueryContext(g.ctx, `SELECT id, agent_id, listing_purpose, property_type, city, city_key, locality, price, bedrooms
		FROM properties WHERE is_active = TRUE`)
	if err != nil {
		return err
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var p prop
		var purpose, typ, cityName, key, loc string
		var beds sql.NullInt64
		if err := rows.Scan(&p.id, &p.agent, &purpose, &typ, &cityName, &key, &loc, &p.price, &beds); err != nil {
			return err
		}
		p.beds = -1
		if beds.Valid {
			p.beds = propBeds(beds.Int64)
		}
		if err := g.mkt.add(purpose, typ, cityName, key, loc, p); err != nil {
			return err
		}
	}
	return rows.Err()
}

// settle does on PostgreSQL, after a bulk load, what autovacuum would do
// during the first minutes of use: it marks the new rows visible and gathers
// the planner's statistics. Without it the first reads write hint bits and
// compete with autovacuum for the machine.
func (g *gen) settle() error {
	if g.db.Engine != store.Postgres {
		return nil
	}
	if g.opt.Progress != nil {
		say(g.opt.Progress, "vacuuming and analyzing...")
	}
	if _, err := g.db.ExecContext(g.ctx, `VACUUM (ANALYZE) users, properties, requirements, requirement_targets, matches, connections, messages`); err != nil {
		return fmt.Errorf("vacuum: %w", err)
	}
	return nil
}

// finish advances PostgreSQL's id sequences past the ids written, and
// re-matches existing requirements against new listings (--append).
func (g *gen) finish() error {
	if g.db.Engine == store.Postgres {
		for _, t := range []string{"users", "properties", "requirements"} {
			_, err := g.db.ExecContext(g.ctx, `SELECT setval(pg_get_serial_sequence('`+t+`', 'id'), MAX(id)) FROM `+t+` HAVING MAX(id) IS NOT NULL`)
			if err != nil {
				return fmt.Errorf("advance %s id sequence: %w", t, err)
			}
		}
	}
	if g.firstReq == 1 || len(g.newSegs) == 0 {
		return nil
	}
	// Existing requirements whose segment got new listings: let the engine
	// itself recompute them, so their matches and bounds stay exact.
	ids, err := g.staleRequirements()
	if err != nil {
		return err
	}
	engine := matchengine.New(g.db, matchengine.Options{Limit: g.opt.Limit})
	prog := g.progress("existing requirements re-matched", len(ids))
	for i := 0; i < len(ids); i += 200 {
		chunk := ids[i:min(i+200, len(ids))]
		err := g.db.WithTx(g.ctx, func(tx *sql.Tx) error {
			for _, id := range chunk {
				if _, err := engine.RequirementChanged(g.ctx, tx, g.db.Time(), id); err != nil { // demo data announces nothing
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("re-match existing requirements: %w", err)
		}
		g.res.Refreshed += int64(len(chunk))
		prog.set(int(g.res.Refreshed), "")
	}
	prog.end("")
	// Re-matching may push out older matches: report the net change.
	var after int64
	if err := g.db.QueryRowContext(g.ctx, `SELECT COUNT(*) FROM matches`).Scan(&after); err != nil {
		return err
	}
	g.res.Matches = after - g.matchesBefore
	return nil
}

// staleRequirements returns, in id order, the existing requirements with a
// target in a segment that got new listings.
func (g *gen) staleRequirements() ([]int64, error) {
	rows, err := g.db.QueryContext(g.ctx, `SELECT DISTINCT requirement_id, listing_purpose, property_type, city_key
		FROM requirement_targets WHERE requirement_id < $1`, g.firstReq)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	seen := map[int64]bool{}
	var ids []int64
	for rows.Next() {
		var id int64
		var purpose, typ, key string
		if err := rows.Scan(&id, &purpose, &typ, &key); err != nil {
			return nil, err
		}
		if g.newSegs[segKey(purpose, typ, key)] && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids, nil
}

// drawCity returns a city index: the metros and large cities by weight,
// the towns in turn (so that the long tail is covered evenly).
func (g *gen) drawCity(stream int) int {
	t := cities()
	if g.r.Float64() < t.tier3 {
		i := t.towns[g.townNext[stream]%len(t.towns)]
		g.townNext[stream]++
		return i
	}
	u := g.r.Float64() * t.cum[len(t.cum)-1]
	return sort.Search(len(t.cum), func(i int) bool { return t.cum[i] > u })
}

// name draws an Indian name for someone from state.
func (g *gen) name(state string) (first, last string) {
	region := regionOf[state]
	if region == "" {
		region = "north"
	}
	if g.r.Float64() < 0.15 { // people move
		region = pick(g.r, []string{"north", "west", "south", "east"})
	}
	if g.r.IntN(2) == 0 {
		first = pick(g.r, maleNames)
	} else {
		first = pick(g.r, femaleNames)
	}
	return first, pick(g.r, surnames[region])
}

// mobile draws a 10-digit Indian mobile number (first digit 6 to 9).
func (g *gen) mobile() string {
	b := make([]byte, 10)
	b[0] = "6789"[g.r.IntN(4)]
	for i := 1; i < 10; i++ {
		b[i] = "0123456789"[g.r.IntN(10)]
	}
	return string(b)
}

// agentPhone draws an unused agent mobile number in E.164.
func (g *gen) agentPhone() string {
	for {
		p := "+91" + g.mobile()
		if g.usedPhones[p] {
			continue
		}
		if _, err := india.NormalizeMobile(p); err != nil {
			continue
		}
		g.usedPhones[p] = true
		return p
	}
}

// rera draws a registration number in the format of the agent's state.
func (g *gen) rera(state string, since time.Time) string {
	r := g.r
	n := func(digits int) string {
		return fmt.Sprintf("%0*d", digits, r.IntN(int(math.Pow10(digits-2)))+1)
	}
	switch state {
	case "Maharashtra":
		return fmt.Sprintf("A5%d%s", 17+r.IntN(16), n(8))
	case "Karnataka":
		return fmt.Sprintf("PRM/KA/RERA/%d/%d/AG/%s/%s", 1249+r.IntN(4), 308+r.IntN(4), since.Format("060102"), n(6))
	case "Telangana":
		return fmt.Sprintf("A02500%s", n(6))
	case "Uttar Pradesh":
		return "UPRERAAGT" + n(5)
	case "Haryana":
		return fmt.Sprintf("HRERA-%s-REA-%s-%d", pick(r, []string{"GGM", "PKL"}), n(4), since.Year())
	case "Gujarat":
		return fmt.Sprintf("AG/GJ/%s/AA%s/%s", pick(r, []string{"AHMEDABAD/AUDA", "SURAT/SUDA", "VADODARA/VUDA", "RAJKOT/RUDA"}), n(6), since.Format("020106"))
	case "Tamil Nadu":
		return fmt.Sprintf("TN/Agent/%s/%d", n(4), since.Year())
	case "Delhi":
		return fmt.Sprintf("DLRERA%dA%s", since.Year(), n(4))
	case "West Bengal":
		return fmt.Sprintf("WBRERA/A/%s/%d/%s", pick(r, []string{"KOL", "NOR", "HOW", "SOU"}), since.Year(), n(6))
	case "Punjab":
		return fmt.Sprintf("PBRERA-%s-REA%s", pick(r, []string{"SAS80", "LDH45", "ASR02", "JAL10"}), n(4))
	case "Rajasthan":
		return fmt.Sprintf("RAJ/A/%d/%s", since.Year(), n(4))
	case "Kerala":
		return fmt.Sprintf("K-RERA/AG/%s/%d", n(4), since.Year())
	case "Madhya Pradesh":
		return "MPRERA-A-" + n(4)
	}
	code := strings.ToUpper(strings.ReplaceAll(state, " ", "")[:2])
	return fmt.Sprintf("%s/RERA/AG/%d/%s", code, since.Year(), n(5))
}

// unusableHash is a well-formed argon2id hash of a random key: no password
// matches it, so generated agents cannot sign in.
func unusableHash() string {
	b := make([]byte, 48)
	rand.Read(b)
	enc := base64.RawStdEncoding
	return "$argon2id$v=19$m=19456,t=2,p=1$" + enc.EncodeToString(b[:16]) + "$" + enc.EncodeToString(b[16:])
}

// stamp spreads creation times over span before now, rising with i.
func (g *gen) stamp(i, n int, span time.Duration) time.Time {
	step := span / time.Duration(max(n, 1))
	t := g.now.Add(-span + step*time.Duration(i) + time.Duration(g.r.Int64N(int64(max(step, time.Second)))))
	if t.After(g.now) {
		t = g.now
	}
	return t.Truncate(time.Second)
}

func (g *gen) makeAgents() error {
	ct := cities()
	buf := newBuffer(g.w, usersTable)
	prog := g.progress("agents", g.opt.Agents)
	for i := 0; i < g.opt.Agents; i++ {
		ci := g.drawCity(0)
		c := &ct.cities[ci]
		first, last := g.name(c.State)
		base := strings.ToLower(first + "." + last)
		username := base
		for k := 2; g.usedNames[username]; k++ {
			username = base + strconv.Itoa(k)
		}
		g.usedNames[username] = true
		var email any
		if g.r.Float64() < 0.88 {
			e := username + "@" + pick(g.r, emailDomains)
			if !g.usedNames["email:"+e] {
				g.usedNames["email:"+e] = true
				email = e
			}
		}
		kind := []string{"both", "seller", "buyer"}[weighted(g.r, 50, 25, 25)]
		created := g.stamp(i, g.opt.Agents, 730*24*time.Hour).Add(-200 * 24 * time.Hour)
		var rera any
		verified := false
		if g.r.Float64() < 0.7 {
			rera = g.rera(c.State, created)
			verified = g.r.Float64() < 0.6
		}
		years := 1 + int(math.Min(30, 6*lognormal(g.r, 0.6)))
		agency := last + " " + pick(g.r, agencyWords)
		bio := fmt.Sprintf("%d years in %s real estate with %s. Residential and commercial deals across %s.", years, c.Name, agency,
			pick(g.r, c.Localities))
		spec := pick(g.r, []string{"Residential resale", "New launches", "Rentals", "Commercial leasing", "Plots and land", "Luxury homes"})
		id := g.nextUser
		g.nextUser++
		a := agent{id: id, city: ci}
		idx := len(g.agents)
		g.agents = append(g.agents, a)
		if kind != "buyer" {
			g.sellers = append(g.sellers, idx)
			g.sellersByCity[ci] = append(g.sellersByCity[ci], idx)
		}
		if kind != "seller" {
			g.buyers = append(g.buyers, idx)
			g.buyersByCity[ci] = append(g.buyersByCity[ci], idx)
		}
		err := buf.add(id, username, unusableHash(), first+" "+last, email, g.agentPhone(), "agent", kind,
			rera, verified, true, c.State, c.Name, bio, int64(years), spec, true, created, created)
		if err != nil {
			return err
		}
		prog.set(i+1, "")
	}
	if len(g.sellers) == 0 {
		g.sellers = []int{0}
	}
	if len(g.buyers) == 0 {
		g.buyers = []int{0}
	}
	g.res.Agents = buf.rows
	prog.end("")
	return buf.flush()
}

// owner picks the agent of a listing (sellers) or requirement (buyers),
// mostly one based in the same city.
func (g *gen) owner(ci int, byCity map[int][]int, all []int) int64 {
	if local := byCity[ci]; len(local) > 0 && g.r.Float64() < 0.85 {
		return g.agents[pick(g.r, local)].id
	}
	return g.agents[pick(g.r, all)].id
}

func (g *gen) makeProperties() error {
	ct := cities()
	buf := newBuffer(g.w, propertiesTable)
	prog := g.progress("properties", g.opt.Properties)
	for i := 0; i < g.opt.Properties; i++ {
		ci := g.drawCity(0)
		c := &ct.cities[ci]
		l := listing{City: c, AgentID: g.owner(ci, g.sellersByCity, g.sellers), Active: g.r.Float64() > 0.03}
		l.Type, l.Purpose = chooseType(g.r, c)
		fillListing(g.r, &l)
		if err := g.addListing(buf, &l, g.stamp(i, g.opt.Properties, 365*24*time.Hour)); err != nil {
			return err
		}
		prog.set(i+1, "")
	}
	if s := g.opt.Showcase; s != nil {
		for _, l := range showcaseListings(g.r, s) {
			if err := g.addListing(buf, &l, g.now.Add(-time.Duration(g.r.IntN(72))*time.Hour)); err != nil {
				return err
			}
		}
	}
	g.res.Properties = buf.rows
	prog.end("")
	return buf.flush()
}

func (g *gen) addListing(buf *buffer, l *listing, created time.Time) error {
	l.ID = g.nextProp
	g.nextProp++
	c := l.City
	if l.Active {
		p := prop{price: l.Price, id: l.ID, agent: l.AgentID, created: propCreated(g.epoch, created), beds: -1}
		if l.Bedrooms != nil {
			p.beds = propBeds(int64(*l.Bedrooms))
		}
		if err := g.mkt.add(l.Purpose, l.Type, c.Name, c.Key, l.Locality, p); err != nil {
			return err
		}
		g.newSegs[segKey(l.Purpose, l.Type, c.Key)] = true
	}
	return buf.add(l.ID, l.AgentID, l.Title, l.Description, l.Type, l.Purpose, l.Price, c.State, c.Name, c.Key,
		l.Locality, l.Pincode, l.Address, nullInt(l.Bedrooms), nullInt(l.Bathrooms), nullInt(l.Sqft), nullInt(l.BuiltUpArea),
		nullInt(l.PlotArea), nullStr(l.Floor), nullInt(l.TotalFloors), nullStr(l.Facing), nullStr(l.Furnishing),
		nullFloat(l.Acres), l.HasLegalDocs, l.ReraApproved, nullStr(l.Balcony), nullStr(l.Maintenance), nullStr(l.Parking),
		nullStr(l.Garden), nullInt(l.VillaSize), nullStr(l.Furnished), nullStr(l.Zone), nullStr(l.Frontage),
		nullStr(l.RoadAccess), nullStr(l.CommercialType), nullInt(l.TotalCabins), nullInt(l.Washrooms), l.CentralAC,
		nullStr(l.PowerBackup), nullStr(l.LeaseTerm), nullStr(l.SoilType), nullStr(l.CropHistory), nullStr(l.Fencing),
		nullStr(l.Irrigation), jsonList(l.Amenities), "[]",
		property.SearchText(property.Property{Title: l.Title, Locality: l.Locality, City: c.Name, PropertyType: vocab.PropertyType(l.Type)}),
		l.Active, false, created, created)
}
